#!/usr/bin/env bash
# The arenas of docs/BASELINES.md: the alpha-beta player against greedy and rollout MCTS, a
# table algorithm x time per decision against three greedy players, and a round robin of the
# three algorithms (each against three copies of another).
#
# Usage: scripts/baselines.sh OUT_DIR [GAMES=200] [TABLE_GAMES=48] [ROUND_ROBIN_GAMES=24]
# Writes one arena directory (records and summary.json) per line of the doc under OUT_DIR and
# prints each table as it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1 games=${2:-200} table_games=${3:-48} rr_games=${4:-24}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory"; exit 2; }
arena() {  # NAME GAMES SPEC...
  local name=$1 n=$2
  shift 2
  echo "== $name: $*, $n games"
  "$djambi" arena --players "$(IFS=,; echo "$*")" --games "$n" --out "$out/$name" | tail -n +1
}
best="ab,time=0.05"
arena best-vs-greedy "$games" "$best" greedy greedy greedy
arena best-vs-mcts "$games" "$best" mcts,time=0.05 mcts,time=0.05 mcts,time=0.05
for seconds in 0.05 0.2 1; do
  n=$table_games
  [ "$seconds" = 1 ] && n=$((table_games / 2))
  for algo in brs paranoid maxn; do
    [ "$seconds" = 0.05 ] && [ "$algo" = brs ] && continue  # best-vs-greedy above
    arena "$algo-$seconds-vs-greedy" "$n" "ab:algo=$algo,time=$seconds" greedy greedy greedy
  done
done
for a in brs paranoid maxn; do
  for b in brs paranoid maxn; do
    [ "$a" = "$b" ] && continue
    other="ab:algo=$b,time=0.2"
    arena "rr-$a-vs-$b" "$rr_games" "ab:algo=$a,time=0.2" "$other" "$other" "$other"
  done
done
