#!/usr/bin/env bash
# SIGUSR1 to mpirun stops a distributed run cleanly: mpirun passes it on, the learner saves its
# checkpoint and player and says how to continue, every rank exits 0 (docs/DISTRIBUTED.md).
set -euo pipefail
djambi=$1 source_dir=$2 mpiexec=$3
dir=$(mktemp -d)
trap 'kill -9 $pid 2>/dev/null || true; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$mpiexec" --oversubscribe --allow-run-as-root -np 3 "$djambi" train --config "$source_dir/configs/tictactoe.yaml" \
  --run "$dir/run" --set run.threads=1 --set learner.max_steps=0 --set learner.max_minutes=5 \
  --set evaluation.every_steps=0 > "$dir/log" 2>&1 &
pid=$!
for _ in $(seq 1200); do
  [ -s "$dir/run/metrics.jsonl" ] && break
  sleep 0.1
done
[ -s "$dir/run/metrics.jsonl" ] || fail "no learner step in 2 minutes: $(cat "$dir/log")"
kill -USR1 $pid
code=0
wait $pid || code=$?
[ $code = 0 ] || fail "exit $code after SIGUSR1: $(cat "$dir/log")"
grep -q "^stopped at step [0-9]*; continue with: djambi train --resume $dir/run$" "$dir/log" || fail "$(cat "$dir/log")"
step=$(sed -n 's/^stopped at step \([0-9]*\);.*/\1/p' "$dir/log")
[ -s "$dir/run/checkpoints/step-$step.pt" ] || fail "no checkpoint of step $step"
[ -s "$dir/run/players/final.djp" ] || fail "no player"
echo "distributed clean stop: ok"
