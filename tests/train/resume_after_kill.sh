#!/usr/bin/env bash
# A training run killed with SIGKILL resumes from its newest checkpoint and replay chunks and
# finishes its steps; its checkpoints stay loadable; a new run into the same directory is refused;
# the wall-time budget counts the time before the resume.
set -euo pipefail
djambi=$1 source_dir=$2
run=$(mktemp -d)/run
trap 'kill -9 $pid 2>/dev/null || true; rm -rf "$(dirname "$run")"' EXIT
common=(--set learner.max_steps=400 --set run.checkpoint_every_steps=50 --set evaluation.every_steps=0
        --set evaluation.games=2 --set "evaluation.opponents=[random]" --set replay.flush_every_games=64)

"$djambi" train --config "$source_dir/configs/tictactoe.yaml" --run "$run" "${common[@]}" > "$run.log" 2>&1 &
pid=$!
for _ in $(seq 600); do
  [ -f "$run/checkpoints/step-100.pt" ] && break
  sleep 0.1
done
kill -9 $pid
wait $pid 2>/dev/null || true
[ -f "$run/checkpoints/step-100.pt" ] || { echo "no checkpoint before the kill"; cat "$run.log"; exit 1; }
ls "$run/replay"/chunk-*.bin > /dev/null || { echo "no replay chunk before the kill"; exit 1; }
before=$(wc -l < "$run/metrics.jsonl")

# A new run into the existing directory is refused, and nothing is touched.
if "$djambi" train --config "$source_dir/configs/tictactoe.yaml" --run "$run" 2> "$run.err"; then
  echo "a new run into a non-empty directory was accepted"; exit 1
fi
grep -q "already exists" "$run.err"
[ "$(wc -l < "$run/metrics.jsonl")" = "$before" ]

"$djambi" train --resume "$run" > "$run.resumed" 2>&1 || { cat "$run.resumed"; exit 1; }
grep -q "trained 400 steps" "$run.resumed" || { echo "resume did not finish the run"; cat "$run.resumed"; exit 1; }
last_step=$(tail -1 "$run/metrics.jsonl" | grep -o '"step":[0-9]*' | cut -d: -f2)
[ "$last_step" = 400 ] || { echo "last metrics step $last_step"; exit 1; }
# The steps continue where the newest checkpoint left them: every step logged exactly once.
steps=$(grep -o '"step":[0-9]*' "$run/metrics.jsonl" | cut -d: -f2)
[ "$(echo "$steps" | sort -n | uniq -d)" = "" ] || { echo "steps logged twice"; exit 1; }
[ "$(echo "$steps" | wc -l)" = 400 ] || { echo "$(echo "$steps" | wc -l) steps logged"; exit 1; }
[ -f "$run/checkpoints/step-400.pt" ]
# Running totals continue across the resume: the games count never goes down.
games=$(grep -o '"games":[0-9]*' "$run/metrics.jsonl" | cut -d: -f2)
[ "$(echo "$games" | sort -n -c 2>&1)" = "" ] || { echo "the games total went down after the resume"; exit 1; }
[ -f "$run/players/final.djp" ]
# Every game record the run wrote replays through the rules engine.
for records in "$run"/games/*.txt; do
  "$djambi" replay "$records" --check > /dev/null || { echo "$records does not replay"; exit 1; }
done

# The wall-time budget is the run's, across resumes: a run that has spent it takes no more steps.
timed=$(dirname "$run")/timed
"$djambi" train --config "$source_dir/configs/tictactoe.yaml" --run "$timed" --set learner.max_minutes=0.1 \
    --set learner.batch_size=32 --set replay.min_samples=32 --set evaluation.every_steps=0 > "$timed.log" 2>&1
spent=$(grep -o 'trained [0-9]* steps' "$timed.log")
[ "$spent" != "trained 0 steps" ] || { echo "the timed run took no step"; exit 1; }
"$djambi" train --resume "$timed" > "$timed.resumed" 2>&1 || { cat "$timed.resumed"; exit 1; }
grep -q "$spent" "$timed.resumed" || { echo "resumed past its budget: $(grep trained "$timed.resumed")"; exit 1; }
echo "resume after kill: ok"
