#!/usr/bin/env bash
# The learned evaluation from the command line: a tiny `selfplay.player: ab` run, its checkpoint
# exported as a .dje bundle, which `bench search --eval` measures, `heldout` measures against a
# held-out set and `ab,eval=` plays; a corrupt bundle is refused naming the file, with exit
# status 2.
set -euo pipefail
djambi=$1
configs="$(dirname "$0")/../../configs"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$djambi" train --config "$configs/djambi-ab.yaml" --run "$dir/run" --set ab.nodes=200 --set ab.hidden=16 \
  --set ab.head=8 --set ab.generation_steps=2 --set selfplay.max_decisions=150 --set replay.min_samples=64 \
  --set learner.batch_size=32 --set learner.train_ratio=1 --set learner.max_minutes=0 --set learner.max_steps=4 \
  --set run.checkpoint_every_steps=2 --set evaluation.every_steps=0 --set evaluation.games=1 \
  --set 'evaluation.opponents=[greedy]' >"$dir/train.out" 2>&1 || { cat "$dir/train.out"; exit 1; }
[ -f "$dir/run/players/final.dje" ] || { echo "no final.dje"; exit 1; }

answer=$("$djambi" export "$dir/run/checkpoints/step-4.pt" --out "$dir/e.dje")
echo "$answer" | grep -q "play it as ab,eval=$dir/e.dje" || { echo "export said: $answer"; exit 1; }
# The run's own bundle is its last checkpoint exported: the same bytes.
cmp -s "$dir/e.dje" "$dir/run/players/final.dje" || { echo "export differs from the run's final.dje"; exit 1; }

bench=$("$djambi" bench search --algo brs --seconds 0.02 --positions 1 --eval "$dir/e.dje")
echo "$bench" | grep -q "learned" || { echo "bench search --eval: $bench"; exit 1; }
echo "$bench" | grep -q "% of hand" || { echo "bench search --eval has no ratio: $bench"; exit 1; }

"$djambi" arena --players "ab,depth=1,eval=$dir/e.dje,greedy,greedy,greedy" --games 1 --out "$dir/arena" >/dev/null

# A held-out set of two positions: the loss of the hand-written evaluation and of each bundle.
start=$("$djambi" start)
next=$("$djambi" apply "$start" "$("$djambi" moves "$start" | head -1)" | head -1)
printf '# djambi-zero held-out set\ngame djambi\nvariants none\nlabels ab,nodes=200000\npositions 2\n%s\t0.25\n%s\t0.3\nend\n' \
  "$start" "$next" >"$dir/set.txt"
heldout=$("$djambi" heldout --set "$dir/set.txt" --run "$dir/run" --json)
echo "$heldout" | python3 -c '
import json, sys
r = json.load(sys.stdin)
assert r["positions"] == 2 and r["hand_written_loss"] > 0, r
names = [e["eval"].rsplit("/", 1)[1] for e in r["evaluations"]]
assert names == ["generation-2.dje", "generation-4.dje", "final.dje"], names  # in step order, then final
assert all(e["loss"] > 0 for e in r["evaluations"]), r
assert r["evaluations"][1]["loss"] == r["evaluations"][2]["loss"], r  # final.dje is step 4
' || { echo "heldout --run: $heldout"; exit 1; }
"$djambi" heldout --set "$dir/set.txt" --eval "$dir/e.dje" | grep -q "^hand-written " || { echo "heldout's table"; exit 1; }

head -c 300 "$dir/e.dje" >"$dir/cut.dje"
set +e
message=$("$djambi" bench search --seconds 0.02 --positions 1 --eval "$dir/cut.dje" 2>&1)
status=$?
set -e
[ "$status" -eq 2 ] || { echo "a truncated bundle: exit $status ($message)"; exit 1; }
echo "$message" | grep -q "$dir/cut.dje: corrupted or truncated" || { echo "message: $message"; exit 1; }
for bad in "--set $dir/missing.txt --eval $dir/e.dje" "--set $dir/set.txt --eval $dir/cut.dje"; do
  set +e
  message=$("$djambi" heldout $bad 2>&1)
  status=$?
  set -e
  [ "$status" -eq 2 ] || { echo "heldout $bad: exit $status ($message)"; exit 1; }
  echo "$message" | grep -q "$dir/\(missing.txt\|cut.dje\)" || { echo "heldout $bad: $message"; exit 1; }
done
echo "learned evaluation: train, export, bench, heldout and play"
