#!/usr/bin/env bash
# The reward study of docs/RESEARCH.md: the main job's recipe (configs/djambi-quick.yaml)
# trained three times, once per reward scheme (winner, rank, survival), the three runs side by
# side for the same wall time; then four copies of each trained player play each other
# (choosing among their search's moves at temperature 0.5, so that the games differ) and
# `djambi analyze` measures how they play (attacks on the leader, kingmaking, truces).
#
# Usage: scripts/reward_study.sh OUT_DIR [MINUTES=25] [GAMES=40]
# Writes OUT_DIR/REWARD/ (the run), OUT_DIR/REWARD-arena/ (records) and OUT_DIR/REWARD-analysis/.
# A run that has its player already is not trained again.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$1 minutes=${2:-25} games=${3:-40}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }
mkdir -p "$out"
rewards=(winner rank survival)

# Side by side, one thread each: every run sees the same machine for the same minutes.
for reward in "${rewards[@]}"; do
  [ -e "$out/$reward/players/final.djp" ] && continue
  draw=0
  [ "$reward" = winner ] && draw=-0.5  # the main job's draw value; the other schemes have none
  "$djambi" train --config configs/djambi-quick.yaml --run "$out/$reward" \
    --set game.reward=$reward --set game.draw_value=$draw --set run.threads=1 \
    --set learner.max_minutes="$minutes" > "$out/$reward.log" 2>&1 &
done
wait

for reward in "${rewards[@]}"; do
  player="az:$out/$reward/players/final.djp,sims=16,temperature=0.5"
  "$djambi" arena --players "$player,$player,$player,$player" --games "$games" \
    --out "$out/$reward-arena" > "$out/$reward-arena.log"
  "$djambi" analyze "$out/$reward-arena/games.txt" --out "$out/$reward-analysis" > /dev/null
done

# One line per reward: the measures docs/RESEARCH.md compares, and OUT_DIR/rewards.png.
/usr/bin/python3 - "$out" "${rewards[@]}" <<'EOF'
import json, sys
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
out, rewards = sys.argv[1], sys.argv[2:]
analyses = {r: json.load(open(f"{out}/{r}-analysis/analysis.json")) for r in rewards}
fig, axes = plt.subplots(1, 3, figsize=(12, 3.5))
la = [analyses[r]["leader_attacks"] for r in rewards]
x = range(len(rewards))
axes[0].bar([i - 0.2 for i in x], [100 * a["rate"] for a in la], 0.4, label="observed")
axes[0].bar([i + 0.2 for i in x], [100 * a["expected_rate"] for a in la], 0.4, label="expected by reach")
axes[0].set_title("kills on the material leader (%)")
axes[0].legend()
km = [analyses[r]["kingmaking"] for r in rewards]
axes[1].bar(x, [100 * k["per_out_of_contention_turn"] for k in km])
axes[1].set_title("kingmaking moves per 100 turns out of contention")
truces = [analyses[r]["truces"] for r in rewards]
axes[2].bar(x, [sum(t["mean_length"] * t["truces"] for t in ts) / max(1, sum(t["truces"] for t in ts)) for ts in truces])
axes[2].set_title("mean truce length (turns)")
for ax in axes:
    ax.title.set_fontsize(9)
    ax.set_xticks(list(x))
    ax.set_xticklabels(rewards)
fig.tight_layout()
fig.savefig(f"{out}/rewards.png", dpi=80)
print("| reward | games | finished | kills on the leader | expected | ratio | kingmaking moves per game | truces | truce length | broken by the stronger |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r in rewards:
    a = analyses[r]
    la, km = a["leader_attacks"], a["kingmaking"]
    truces = sum(t["truces"] for t in a["truces"])
    length = sum(t["mean_length"] * t["truces"] for t in a["truces"]) / max(1, truces)
    broken = sum(t["broken"] for t in a["truces"])
    stronger = sum(t["broken_by_stronger"] for t in a["truces"])
    print(f"| {r} | {a['games']} | {a['finished']} | {100 * la['rate']:.1f} % | {100 * la['expected_rate']:.1f} % "
          f"| {la['ratio']:.2f} | {km['per_game']:.2f} | {truces} | {length:.1f} | "
          f"{100 * stronger / max(1, broken):.1f} % |")
EOF
