#!/usr/bin/env bash
# Threads the system refuses (a limit on processes, prlimit --nproc): djambi arena ends at once
# with an error naming the cause and exit 1, not a hang in LibTorch's thread pool nor an abort.
set -uo pipefail
djambi=$1
fail() { echo "FAIL: $*"; exit 1; }
command -v prlimit > /dev/null || { echo "SKIP: no prlimit"; exit 0; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
chmod 777 "$dir"
# The limit does not bind root (uid 0): as root the command runs as nobody.
as=()
if [ "$(id -u)" = 0 ]; then
  command -v setpriv > /dev/null || { echo "SKIP: root, and no setpriv to run as another user"; exit 0; }
  as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
# Through prlimit as below: setpriv keeps root's capabilities for the program it starts, but
# that program's own exec has none, so a checkout in a directory only root may enter (mktemp -d)
# shows only this way.
"${as[@]}" prlimit "$djambi" --help > /dev/null 2>&1 || { echo "SKIP: $djambi cannot be run as another user here"; exit 0; }

# nproc=1: this user already has a process (this one), so no thread starts. nproc=2 with
# --parallel 1: one thread starts, LibTorch's pool wants one a core.
for limit in "1" "2 --parallel 1"; do
  read -r nproc parallel <<< "$limit"
  start=$(date +%s)
  timeout 60 "${as[@]}" prlimit --nproc="$nproc" "$djambi" arena --players random,random,random,random --games 2 \
    $parallel --out "$dir/out-$nproc" > "$dir/out" 2> "$dir/err"
  code=$?
  [ $code = 124 ] && fail "nproc=$nproc: still running after 60 s"
  [ $code = 1 ] || fail "nproc=$nproc: exit $code, not 1: $(cat "$dir/err")"
  grep -q "^error: cannot start [0-9]* thread(s) for LibTorch (.*): is the limit on processes (ulimit -u) too low?$" \
    "$dir/err" || fail "nproc=$nproc: unclear message: $(cat "$dir/err")"
  [ $(($(date +%s) - start)) -lt 30 ] || fail "nproc=$nproc: took $(($(date +%s) - start)) s"
  [ ! -e "$dir/out-$nproc" ] || fail "nproc=$nproc: the refused arena left $dir/out-$nproc"
done
echo OK
