#!/usr/bin/env bash
# The evaluation of docs/RESULTS.md: a player against three copies of each baseline (random,
# greedy, rollout MCTS, alpha-beta), seats rotated, every player given the same time per
# decision. PLAYER is a network's bundle (.djp, played as az:PLAYER) or a learned evaluation's
# (.dje, played as ab,eval=PLAYER: docs/LEARNED_EVAL.md).
#
# Usage: scripts/evaluate_player.sh PLAYER.djp|PLAYER.dje OUT_DIR [GAMES=200] [SECONDS_PER_DECISION=0.2] [BASELINES]
# BASELINES: some of "random greedy mcts ab" (the default: all four, in that order).
# Writes OUT_DIR/NAME/ for each (records and summary.json) and prints its table.
set -euo pipefail
cd "$(dirname "$0")/.."
player=$1 out=$2 games=${3:-200} seconds=${4:-0.2} baselines=${5:-random greedy mcts ab}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory"; exit 2; }
case $player in
  *.dje) candidate="ab,time=$seconds,eval=$player" ;;
  *) candidate="az:$player,time=$seconds" ;;
esac
for name in $baselines; do
  case $name in
    random | greedy) baseline=$name ;;
    mcts | ab) baseline="$name,time=$seconds" ;;
    *) echo "unknown baseline '$name' (random, greedy, mcts, ab)"; exit 2 ;;
  esac
  echo "== $candidate against 3 x $baseline, $games games"
  "$djambi" arena --players "$candidate,$baseline,$baseline,$baseline" --games "$games" --out "$out/$name"
done
