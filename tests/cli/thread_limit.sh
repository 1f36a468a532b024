#!/usr/bin/env bash
# Threads the system refuses (a limit on processes, prlimit --nproc): djambi arena ends at once
# with an error naming the cause and exit 1, not a hang in LibTorch's thread pool nor an abort;
# with no network player LibTorch is never loaded, and the games' own threads are checked.
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

# nproc=1: this user already has a process (this one), so no thread starts: not the games'.
# nproc=2 with --parallel 1 and a network player: one thread starts, LibTorch's pool wants one a
# core.
refused() {  # refused NPROC PURPOSE ARENA_OPTION...: the arena under that limit names PURPOSE
  local nproc=$1 purpose=$2 start code
  shift 2
  start=$(date +%s)
  timeout 60 "${as[@]}" prlimit --nproc="$nproc" "$djambi" arena "$@" --games 2 --out "$dir/out-$nproc" \
    > "$dir/out" 2> "$dir/err"
  code=$?
  [ $code = 124 ] && fail "nproc=$nproc: still running after 60 s"
  [ $code = 1 ] || fail "nproc=$nproc: exit $code, not 1: $(cat "$dir/err")"
  grep -q "^error: cannot start [0-9]* thread(s) for $purpose (.*): is the limit on processes (ulimit -u) too low?$" \
    "$dir/err" || fail "nproc=$nproc: unclear message: $(cat "$dir/err")"
  [ $(($(date +%s) - start)) -lt 30 ] || fail "nproc=$nproc: took $(($(date +%s) - start)) s"
  [ ! -e "$dir/out-$nproc" ] || fail "nproc=$nproc: the refused arena left $dir/out-$nproc"
}
players=$(cd "$(dirname "$0")/../../players" && pwd)
refused 1 "the arena's games" --players random,random,random,random
refused 2 LibTorch --players "az:$players/djambi.djp,sims=1,random,random,random" --parallel 1
echo OK
