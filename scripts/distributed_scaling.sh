#!/usr/bin/env bash
# The scaling table of docs/DISTRIBUTED.md: the main job's recipe (configs/djambi-quick.yaml)
# trained for the same minutes in one process, then with mpirun on 2 and 3 ranks (the learner
# and 1 or 2 actors), one thread per rank; prints what each run produced and how busy the
# learner was (learning time over wall time: near 100 % it sets the pace and actors wait).
#
# Usage: scripts/distributed_scaling.sh OUT_DIR [MINUTES=2]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1 minutes=${2:-2}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory"; exit 2; }
mkdir -p "$out"
settings=(--config configs/djambi-quick.yaml --set learner.max_minutes="$minutes" --set run.threads=1
          --set net.threads=1 --set evaluation.games=1)

for ranks in 1 2 3; do
  launcher=()
  [ "$ranks" = 1 ] || launcher=(mpirun --oversubscribe --allow-run-as-root -np "$ranks")
  "${launcher[@]}" "$djambi" train --run "$out/ranks-$ranks" "${settings[@]}" > "$out/ranks-$ranks.log" 2>&1
done

echo "| ranks | actors | games | samples/s | learner steps/s | learner busy | samples/s by actor |"
echo "|---|---|---|---|---|---|---|"
for ranks in 1 2 3; do
  /usr/bin/python3 - "$out/ranks-$ranks" "$ranks" <<'PY'
import json, sys
run, ranks = sys.argv[1], int(sys.argv[2])
last = json.loads(open(run + "/metrics.jsonl").read().splitlines()[-1])
seconds = last["elapsed_seconds"]
by_actor = ", ".join(f"{a['sample_rate']:.0f}" for a in last["actors"])
print(f"| {ranks} | {len(last['actors'])} | {last['games']} | {last['samples_per_second']:.0f} | "
      f"{last['step'] / seconds:.1f} | {100 * last['learn_seconds'] / seconds:.0f} % | {by_actor} |")
PY
done
