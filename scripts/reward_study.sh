#!/usr/bin/env bash
# The reward study of docs/RESEARCH.md: the main job's recipe (configs/djambi-quick.yaml)
# trained three times, once per reward scheme (winner, rank, survival), the three runs side by
# side for the same wall time; then four copies of each trained player play each other and
# `djambi analyze` measures how they play (attacks on the leader, kingmaking, truces).
#
# Usage: scripts/reward_study.sh OUT_DIR [MINUTES=25] [GAMES=40]
# Writes OUT_DIR/REWARD/ (the run), OUT_DIR/REWARD-arena/ (records) and OUT_DIR/REWARD-analysis/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1 minutes=${2:-25} games=${3:-40}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
[ ! -e "$out" ] || { echo "'$out' exists; give a new directory"; exit 2; }
mkdir -p "$out"
rewards=(winner rank survival)

# Side by side, one thread each: every run sees the same machine for the same minutes.
for reward in "${rewards[@]}"; do
  draw=0
  [ "$reward" = winner ] && draw=-0.5  # the main job's draw value; the other schemes have none
  "$djambi" train --config configs/djambi-quick.yaml --run "$out/$reward" \
    --set game.reward=$reward --set game.draw_value=$draw --set run.threads=1 \
    --set learner.max_minutes="$minutes" > "$out/$reward.log" 2>&1 &
done
wait

for reward in "${rewards[@]}"; do
  player="az:$out/$reward/players/final.djp,sims=16"
  "$djambi" arena --players "$player,$player,$player,$player" --games "$games" \
    --out "$out/$reward-arena" > "$out/$reward-arena.log"
  "$djambi" analyze "$out/$reward-arena/games.txt" --out "$out/$reward-analysis" > /dev/null
done

# One line per reward: the measures docs/RESEARCH.md compares.
/usr/bin/python3 - "$out" "${rewards[@]}" <<'EOF'
import json, sys
out, rewards = sys.argv[1], sys.argv[2:]
print("| reward | games | finished | kills on the leader | expected | ratio | kingmaking moves per game | truces | truce length | broken by the stronger |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rewards:
    a = json.load(open(f"{out}/{r}-analysis/analysis.json"))
    la, km = a["leader_attacks"], a["kingmaking"]
    truces = sum(t["truces"] for t in a["truces"])
    length = sum(t["mean_length"] * t["truces"] for t in a["truces"]) / max(1, truces)
    broken = sum(t["broken"] for t in a["truces"])
    stronger = sum(t["broken_by_stronger"] for t in a["truces"])
    print(f"| {r} | {a['games']} | {a['finished']} | {100 * la['rate']:.1f} % | {100 * la['expected_rate']:.1f} % "
          f"| {la['ratio']:.2f} | {km['per_game']:.2f} | {truces} | {length:.1f} | "
          f"{100 * stronger / max(1, broken):.1f} % |")
EOF
