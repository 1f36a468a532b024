#!/usr/bin/env bash
# The rating ladder of docs/STRENGTH.md: a fixed pool in mixed four-player tables, seats rotated
# (`djambi arena --format pool`, docs/ARENA.md), rated together by Plackett-Luce with bootstrap
# intervals. The pool: random, greedy, rollout mcts, the shipped network player, hand-written ab
# at 0.05, 0.2 and 0.8 s a decision, and every shipped learned evaluation (players/*.dje) as ab
# with it; the searching players other than the three ab have SECONDS a decision.
#
# Usage: scripts/strength_ladder.sh OUT_DIR [GAMES=280] [SECONDS=0.2] [--docs]
# GAMES: 4 * C(N, 4) plays every table once in all its rotations (280 for 8 players).
# --docs: writes the table, the plot (docs/results/strength-ladder.png), the machine and the time
# it took into docs/STRENGTH.md between its ladder markers.
# Every entry is loaded before the first game: one that fails stops the script, nothing played.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/strength_ladder.sh OUT_DIR [GAMES=280] [SECONDS=0.2] [--docs]" >&2; exit 2; }
out=$1 games=${2:-280} seconds=${3:-0.2} docs=${4:-}
[ -z "$docs" ] || [ "$docs" = --docs ] || { echo "the fourth argument is --docs or nothing, not '$docs'" >&2; exit 2; }
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh" >&2; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory" >&2; exit 2; }

pool=(random greedy "mcts,time=$seconds" "az:players/djambi.djp,time=$seconds"
      ab,time=0.05 ab,time=0.2 ab,time=0.8)
for evaluation in players/*.dje; do
  [ -e "$evaluation" ] && pool+=("ab,time=$seconds,eval=$evaluation")
done
args=()
for spec in "${pool[@]}"; do args+=(--players "$spec"); done

start=$SECONDS
# The arena checks every spec (loading its bundle) before it plays or writes anything.
"$djambi" arena --format pool "${args[@]}" --games "$games" --out "$out"
elapsed=$((SECONDS - start))
if [ -n "$docs" ]; then
  /usr/bin/python3 scripts/strength_ladder_report.py "$out/summary.json" docs/STRENGTH.md docs/results/strength-ladder.png \
    "$elapsed" "$(git rev-parse --short HEAD)"
fi
