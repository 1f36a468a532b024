#!/usr/bin/env bash
# Ctrl-C in `djambi train`: the run stops cleanly with its checkpoint and player saved, says how
# to continue, exits 0, and `--resume` finishes it.
set -euo pipefail
djambi=$1
src=$(cd "$(dirname "$0")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$djambi" train --config "$src/configs/tictactoe.yaml" --run "$dir/run" --set learner.max_steps=0 \
  --set learner.max_minutes=10 --set evaluation.every_steps=0 > "$dir/out" 2> "$dir/err" &
pid=$!
# Wait for the first learner steps, then interrupt.
for _ in $(seq 1 600); do
  [ -s "$dir/run/metrics.jsonl" ] && break
  sleep 0.1
done
[ -s "$dir/run/metrics.jsonl" ] || fail "no learner step within a minute: $(cat "$dir/err")"
kill -INT $pid
code=0
wait $pid || code=$?
[ $code = 0 ] || fail "exit $code after Ctrl-C: $(cat "$dir/err")"
grep -q "stopping after this step" "$dir/err" || fail "no notice of the stop: $(cat "$dir/err")"
grep -q "^stopped at step [0-9]*; continue with: djambi train --resume $dir/run$" "$dir/out" || fail "$(cat "$dir/out")"
grep -q "^player saved to $dir/run/players/final.djp$" "$dir/out" || fail "no player: $(cat "$dir/out")"
! grep -q "win rate" "$dir/out" || fail "the closing evaluation ran after a stop"
step=$(sed -n 's/^stopped at step \([0-9]*\);.*/\1/p' "$dir/out")
[ -s "$dir/run/checkpoints/step-$step.pt" ] || fail "no checkpoint of step $step: $(ls "$dir/run/checkpoints")"
"$djambi" arena --game tictactoe --players "az:$dir/run/players/final.djp,sims=8,random" --games 2 \
  --out "$dir/arena" > /dev/null || fail "the saved player does not play"
echo OK
