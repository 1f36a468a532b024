#!/usr/bin/env bash
# A directory to create (--out, --run, --resume) or the directory of a file to write (--record,
# export --out) that is an existing file: exit 2 and one sentence naming the path, nothing written.
set -uo pipefail
djambi=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
: > "$dir/empty"
echo text > "$dir/full"

# refused MESSAGE ARGS...: djambi ARGS exits 2 with the one line `error: MESSAGE`.
refused() {
  local message=$1 code
  shift
  "$djambi" "$@" < /dev/null > /dev/null 2> "$dir/err"
  code=$?
  [ $code = 2 ] || fail "djambi $*: exit $code, $(cat "$dir/err")"
  [ "$(cat "$dir/err")" = "error: $message" ] || fail "djambi $*: $(cat "$dir/err")"
}

arena=(arena --players random,random,random,random --games 2)
refused "--out '$dir/empty' is a file, not a directory" "${arena[@]}" --out "$dir/empty"
refused "--out '$dir/full' is a file, not a directory" "${arena[@]}" --out "$dir/full"
refused "--out '$dir/full/sub': '$dir/full' is a file, not a directory" "${arena[@]}" --out "$dir/full/sub"
refused "--run '$dir/empty' is a file, not a directory" train --run "$dir/empty"
refused "--run '$dir/full/run': '$dir/full' is a file, not a directory" train --run "$dir/full/run"
refused "--resume '$dir/full' is a file, not a directory" train --resume "$dir/full"
refused "--record '$dir/full/game.txt': '$dir/full' is a file, not a directory" \
  play --opponents random --record "$dir/full/game.txt"
refused "--out '$dir/full/x.djp': '$dir/full' is a file, not a directory" export "$dir/missing.pt" --out "$dir/full/x.djp"
refused "--out '$dir' is a directory; the bundle is one file, e.g. NAME.djp" export "$dir/missing.pt" --out "$dir" --force
refused "--weights: cannot read checkpoint $dir/missing.djp: No such file or directory" \
  bench nets --weights "$dir/missing.djp"

[ ! -s "$dir/empty" ] && [ "$(cat "$dir/full")" = text ] || fail "a file was written"
[ "$(ls "$dir" | sort | tr '\n' ' ')" = "empty err full " ] || fail "something was created: $(ls "$dir")"
echo OK
