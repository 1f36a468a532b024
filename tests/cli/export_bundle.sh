#!/usr/bin/env bash
# `export` takes a player bundle as well as a checkpoint: the shipped player written again with
# another default budget searches with it, and keeps the checkpoint it first came from.
set -euo pipefail
djambi=$1
shipped="$(dirname "$0")/../../players/djambi.djp"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$djambi" export "$shipped" --out "$dir/again.djp" --sims 24 >/dev/null
answer=$(printf 'position start\ngo\nquit\n' | "$djambi" bot "az:$dir/again.djp")
echo "$answer" | grep -q ' of 24 visits)' || { echo "the re-exported default budget: $answer"; exit 1; }
# The source is the shipped bundle's own (a checkpoint of its training run), not the bundle's path.
source=$(grep -a -o 'runs/[A-Za-z0-9_-]*/checkpoints/step-[0-9]*\.pt' "$shipped" | head -n 1)
[ -n "$source" ] || { echo "the shipped bundle names no checkpoint"; exit 1; }
grep -a -q -F "$source" "$dir/again.djp" || { echo "the re-exported bundle lost its source $source"; exit 1; }
# An existing bundle is not replaced without --force.
before=$(cksum < "$dir/again.djp")
if "$djambi" export "$shipped" --out "$dir/again.djp" --sims 8 2>/dev/null; then echo "replaced without --force"; exit 1; fi
[ "$(cksum < "$dir/again.djp")" = "$before" ] || { echo "the refused export changed the file"; exit 1; }
echo ok
