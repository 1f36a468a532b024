#!/usr/bin/env bash
# Input past its limit is refused quickly with the limit named, in bounded memory: a config that
# is /dev/zero, a bot line of megabytes, an absurd game count, a huge sparse file as a bundle.
set -uo pipefail
djambi=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A sanitizer's build reserves terabytes of address space and cannot start under ulimit -v:
# there the time bound alone is checked.
memory_bounded=yes
(ulimit -v $((2000 * 1024)); "$djambi" --help > /dev/null 2>&1) 2> /dev/null || memory_bounded=no

# within SECONDS MEGABYTES ARGS...: runs djambi ARGS (stdin from $dir/in) under those bounds;
# prints its exit code; fails if it is still running after SECONDS.
within() {
  local seconds=$1 megabytes=$2 code
  shift 2
  [ $memory_bounded = yes ] || megabytes=unlimited
  (if [ "$megabytes" != unlimited ]; then ulimit -v $((megabytes * 1024)); fi
   timeout "$seconds" "$djambi" "$@" < "$dir/in" > "$dir/out" 2> "$dir/err")
  code=$?
  [ $code = 124 ] && fail "djambi $*: still running after $seconds s"
  echo "$code"
}
: > "$dir/in"

code=$(within 20 2000 train --config /dev/zero --run "$dir/run")
[ "$code" != 0 ] || fail "train --config /dev/zero: exit 0"
grep -q "config file '/dev/zero' is larger than the limit of 1048576 bytes" "$dir/err" || fail "config: $(cat "$dir/err")"
[ ! -e "$dir/run" ] || fail "train --config /dev/zero made its run directory"

# A bot line of 4 MB (the limit is 1 MiB) is answered by one error; the session goes on.
{ head -c 4000000 /dev/zero | tr '\0' 'x'; printf '\nprotocol\nquit\n'; } > "$dir/in"
code=$(within 20 2000 bot random)
[ "$code" = 0 ] || fail "bot: exit $code, $(cat "$dir/err")"
grep -qx "error the line is longer than the limit of 1048576 bytes" "$dir/out" || fail "bot: $(head -c 300 "$dir/out")"
grep -q "^protocol djambi-zero" "$dir/out" || fail "bot did not answer after the long line: $(head -c 300 "$dir/out")"
: > "$dir/in"

code=$(within 20 2000 arena --players random,random,random,random --games 100000000 --out "$dir/arena")
[ "$code" = 2 ] || fail "arena --games 100000000: exit $code"
grep -q "\-\-games must be from 1 to 1000000, got 100000000" "$dir/err" || fail "arena: $(cat "$dir/err")"

# A sparse 3 GB file named as a bundle is refused from its size, not read.
truncate -s 3G "$dir/huge.djp"
code=$(within 20 2000 arena --players "az:$dir/huge.djp,random,random,random" --games 1 --out "$dir/arena2")
[ "$code" != 0 ] || fail "a 3 GB bundle: exit 0"
grep -q "over the limit of 1073741824 bytes" "$dir/err" || fail "huge bundle: $(cat "$dir/err")"
echo "bounded input: ok (memory bounded: $memory_bounded)"
