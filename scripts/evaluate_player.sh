#!/usr/bin/env bash
# The evaluation of docs/RESULTS.md: a player against three copies of each baseline (random,
# greedy, rollout MCTS, alpha-beta), seats rotated, every player given the same time per
# decision.
#
# Usage: scripts/evaluate_player.sh PLAYER.djp OUT_DIR [GAMES=200] [SECONDS_PER_DECISION=0.05]
# Writes OUT_DIR/{random,greedy,mcts,ab}/ (records and summary.json) and prints the four tables.
set -euo pipefail
cd "$(dirname "$0")/.."
player=$1 out=$2 games=${3:-200} seconds=${4:-0.05}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory"; exit 2; }
az="az:$player,time=$seconds"
for baseline in random greedy "mcts,time=$seconds" "ab,time=$seconds"; do
  name=${baseline%%,*}
  echo "== $az against 3 x $baseline, $games games"
  "$djambi" arena --players "$az,$baseline,$baseline,$baseline" --games "$games" --out "$out/$name"
done
