#!/usr/bin/env bash
# The curve of a learned evaluation's run (docs/LEARNED_EVAL.md): each generation the run kept
# (RUN/players/generation-STEP.dje) alone against three `ab` with the hand-written evaluation,
# every seat searching NODES nodes per decision (a budget in nodes does not depend on the
# machine's load), seats rotated.
#
# Usage: scripts/learned_eval_curve.sh RUN OUT_DIR [GAMES=48] [NODES=20000] [PARALLEL=2]
# Writes OUT_DIR/STEP/ (records and summary.json) for each generation and prints a table:
# step, games, wins, win rate and its 95 % interval.
set -euo pipefail
cd "$(dirname "$0")/.."
run=$1 out=$2 games=${3:-48} nodes=${4:-20000} parallel=${5:-2}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory"; exit 2; }
generations=$(ls "$run"/players/generation-*.dje 2>/dev/null | sed 's/.*generation-\([0-9]*\)\.dje/\1/' | sort -n)
[ -n "$generations" ] || { echo "no generation-STEP.dje in $run/players"; exit 2; }
hand="ab,nodes=$nodes"
printf '%8s %6s %6s %9s %17s\n' step games wins "win rate" "95 % interval"
for step in $generations; do
  learned="ab,nodes=$nodes,eval=$run/players/generation-$step.dje"
  "$djambi" arena --players "$learned,$hand,$hand,$hand" --games "$games" --parallel "$parallel" \
    --out "$out/$step" >/dev/null
  python3 - "$out/$step/summary.json" "$step" <<'PY'
import json, sys
summary = json.load(open(sys.argv[1]))
learned = next(e for e in summary["entrants"] if "eval=" in e["spec"])
print(f'{sys.argv[2]:>8} {learned["games"]:>6} {learned["wins"]:>6} {100 * learned["win_rate"]:>8.1f}% '
      f'[{100 * learned["win_rate_low"]:5.1f}, {100 * learned["win_rate_high"]:5.1f}]')
PY
done
