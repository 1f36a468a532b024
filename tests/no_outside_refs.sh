#!/usr/bin/env bash
# Fails when a file of the repository names something outside it: the parent folder's shared/
# directory, or an absolute path of one machine (/work/, a home directory, a mount point). The
# repository documents and builds itself. Binary files are skipped, and so is this script.
# Usage: no_outside_refs.sh [REPOSITORY_ROOT]
set -uo pipefail
root="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
cd "$root" || exit 2
self="tests/no_outside_refs.sh"
# A path is absolute when nothing that could belong to a relative path comes before its '/'.
pattern='\.\./shared|(^|[^A-Za-z0-9_.~-])/(work|home|root|Users|mnt|media)/'

list_files() {
  if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$root" ]; then
    # Tracked files and new ones that are not ignored: a reference is caught before its commit.
    git ls-files -z --cached --others --exclude-standard
  else
    # Not a git checkout (an unpacked archive): every file but build outputs.
    find . \( -name .git -o -name 'build*' -o -name runs \) -prune -o -type f -print0 | sed -z 's|^\./||'
  fi
}

# -I skips binary files; -s hides files deleted from the working tree but still in the index.
hits=$(list_files | grep -z -v -x -F "$self" | xargs -0 -r grep -I -s -n -H -E -- "$pattern")
if [ -n "$hits" ]; then
  echo "These lines refer to something outside the repository or to a machine path:"
  echo "$hits"
  exit 1
fi
echo "no outside references in $(list_files | grep -z -c "") files"
