#!/usr/bin/env bash
# A distributed Djambi run (`mpirun -np 3`: the learner and two actors) killed as a whole with
# SIGKILL resumes under mpirun from its newest checkpoint and finishes its steps, every step
# logged once, with both actors' throughput in its metrics (docs/DISTRIBUTED.md).
set -euo pipefail
djambi=$1 source_dir=$2 mpiexec=$3
dir=$(mktemp -d)
run=$dir/run
trap 'kill -9 -- -$pid 2>/dev/null || true; rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mpi=("$mpiexec" --oversubscribe --allow-run-as-root -np 3)
settings=(--set learner.max_steps=300 --set run.checkpoint_every_steps=50 --set run.threads=1
          --set replay.min_samples=500 --set replay.flush_every_games=16 --set selfplay.games=16
          --set evaluation.games=2 --set selfplay.max_decisions=300)

# Its own process group, so that the kill reaches mpirun and every rank at once.
setsid "${mpi[@]}" "$djambi" train --config "$source_dir/configs/djambi-quick.yaml" --run "$run" \
  "${settings[@]}" > "$dir/first.log" 2>&1 &
pid=$!
for _ in $(seq 3000); do
  [ -f "$run/checkpoints/step-100.pt" ] && break
  kill -0 $pid 2>/dev/null || fail "the job ended before step 100: $(cat "$dir/first.log")"
  sleep 0.1
done
[ -f "$run/checkpoints/step-100.pt" ] || fail "no checkpoint of step 100 in 5 minutes: $(cat "$dir/first.log")"
kill -9 -- -$pid
wait $pid 2>/dev/null || true
# A killed rank may take a while to be reaped on a loaded machine (or to notice, if Open MPI
# gave it a process group of its own, that its launcher is gone): wait for that, boundedly.
for _ in $(seq 300); do
  pgrep -f "$run" > /dev/null || break
  sleep 0.1
done
! pgrep -f "$run" > /dev/null || fail "a rank outlived the kill by 30 s: $(pgrep -af "$run")"

"${mpi[@]}" "$djambi" train --resume "$run" > "$dir/resumed.log" 2>&1 || fail "resume: $(cat "$dir/resumed.log")"
grep -q "trained 300 steps" "$dir/resumed.log" || fail "the resume did not finish: $(cat "$dir/resumed.log")"
steps=$(grep -o '"step":[0-9]*' "$run/metrics.jsonl" | cut -d: -f2)
[ "$(echo "$steps" | sort -n | uniq -d)" = "" ] || fail "steps logged twice"
[ "$(echo "$steps" | wc -l)" = 300 ] || fail "$(echo "$steps" | wc -l) steps logged"
[ -f "$run/checkpoints/step-300.pt" ] || fail "no final checkpoint"
[ -f "$run/players/final.djp" ] || fail "no player"
last=$(tail -1 "$run/metrics.jsonl")
for rank in 1 2; do
  echo "$last" | grep -q "\"rank\":$rank" || fail "no throughput of actor rank $rank: $last"
done
for records in "$run"/games/*.txt; do
  "$djambi" replay "$records" --check > /dev/null || fail "$records does not replay"
done
echo "distributed resume after kill: ok"
