#!/usr/bin/env bash
# An actor rank killed in the middle of a distributed run: the learner says so and finishes the
# run with the other actor (mpirun --enable-recovery keeps the job going, docs/DISTRIBUTED.md).
set -euo pipefail
djambi=$1 source_dir=$2 mpiexec=$3
dir=$(mktemp -d)
run=$dir/run
trap 'kill -9 -- -$pid 2>/dev/null || true; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

setsid "$mpiexec" --oversubscribe --allow-run-as-root --enable-recovery -np 3 \
  "$djambi" train --config "$source_dir/configs/tictactoe.yaml" --run "$run" --set learner.max_steps=1500 \
  --set learner.max_minutes=5 --set run.threads=1 --set run.actor_timeout_seconds=5 \
  --set evaluation.every_steps=0 --set evaluation.games=2 > "$dir/log" 2>&1 &
pid=$!
for _ in $(seq 1200); do
  [ -f "$run/checkpoints/step-250.pt" ] && break
  kill -0 $pid 2>/dev/null || fail "the job ended early: $(cat "$dir/log")"
  sleep 0.1
done
[ -f "$run/checkpoints/step-250.pt" ] || fail "no checkpoint of step 250: $(cat "$dir/log")"
# The rank is in each process's environment.
victim=""
for p in $(pgrep -f -- "--run $run"); do
  if tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=2"; then victim=$p; fi
done
[ -n "$victim" ] || fail "actor rank 2 not found"
kill -9 "$victim"
code=0
wait $pid || code=$?
grep -q "actor rank 2 .*; going on without it" "$dir/log" || fail "the learner did not report the lost actor: $(cat "$dir/log")"
grep -q "trained 1500 steps" "$dir/log" || fail "the run did not finish (exit $code): $(cat "$dir/log")"
[ -f "$run/players/final.djp" ] || fail "no player"
last=$(tail -1 "$run/metrics.jsonl")
echo "$last" | grep -q '"alive":false,"games_played":[0-9]*,"rank":2' || fail "rank 2 not marked lost: $last"
echo "$last" | grep -q '"alive":true,"games_played":[0-9]*,"rank":1' || fail "rank 1 not alive: $last"
echo "actor dies, learner goes on: ok"
