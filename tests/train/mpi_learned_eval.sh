#!/usr/bin/env bash
# The learned evaluation's run on mpirun (docs/LEARNED_EVAL.md, docs/DISTRIBUTED.md): the learner
# on rank 0 and two actor ranks playing `ab` self-play; every generation reaches the actors, whose
# games then say they played it; the run ends with its bundle, both actors' throughput in its
# metrics, and every game record replays.
set -euo pipefail
djambi=$1 source_dir=$2 mpiexec=$3
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run=$dir/run
"$mpiexec" --oversubscribe --allow-run-as-root -np 3 "$djambi" train --config "$source_dir/configs/djambi-ab.yaml" \
  --run "$run" --set ab.nodes=200 --set ab.random_turns=4 --set ab.generation_steps=4 --set ab.hidden=16 \
  --set ab.head=8 --set selfplay.games=1 --set selfplay.max_decisions=150 --set replay.min_samples=64 \
  --set replay.flush_every_games=2 --set learner.batch_size=32 --set learner.train_ratio=1 \
  --set learner.max_minutes=0 --set learner.max_steps=24 --set run.checkpoint_every_steps=8 --set run.threads=1 \
  --set evaluation.every_steps=0 > "$dir/log" 2>&1 || fail "the run: $(cat "$dir/log")"
grep -q "trained 24 steps" "$dir/log" || fail "it did not finish: $(cat "$dir/log")"
[ -s "$run/players/final.dje" ] || fail "no bundle"
[ -s "$run/players/generation-4.dje" ] || fail "no generation of step 4"
last=$(tail -1 "$run/metrics.jsonl")
for rank in 1 2; do
  echo "$last" | grep -q "\"rank\":$rank" || fail "no throughput of actor rank $rank: $last"
done
grep -q '"actor_weights_step":[1-9]' "$run/metrics.jsonl" || fail "the actors never played a generation"
for records in "$run"/games/*.txt; do
  "$djambi" replay "$records" --check > /dev/null || fail "$records does not replay"
done
grep -q "eval=" "$run"/games/*.txt || fail "no game played with a generation's bundle"
echo "distributed learned evaluation: ok"
