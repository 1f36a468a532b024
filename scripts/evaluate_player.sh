#!/usr/bin/env bash
# The evaluation of docs/RESULTS.md: a player against three copies of each baseline (random,
# greedy, rollout MCTS, alpha-beta), seats rotated, every player given the same time per
# decision.
#
# Usage: scripts/evaluate_player.sh PLAYER.djp OUT_DIR [GAMES=200] [SECONDS_PER_DECISION=0.05] [BASELINES]
# BASELINES: some of "random greedy mcts ab" (the default: all four, in that order).
# Writes OUT_DIR/NAME/ for each (records and summary.json) and prints its table.
set -euo pipefail
cd "$(dirname "$0")/.."
player=$1 out=$2 games=${3:-200} seconds=${4:-0.05} baselines=${5:-random greedy mcts ab}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory"; exit 2; }
az="az:$player,time=$seconds"
for name in $baselines; do
  case $name in
    random | greedy) baseline=$name ;;
    mcts | ab) baseline="$name,time=$seconds" ;;
    *) echo "unknown baseline '$name' (random, greedy, mcts, ab)"; exit 2 ;;
  esac
  echo "== $az against 3 x $baseline, $games games"
  "$djambi" arena --players "$az,$baseline,$baseline,$baseline" --games "$games" --out "$out/$name"
done
