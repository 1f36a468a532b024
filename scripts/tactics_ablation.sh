#!/usr/bin/env bash
# The ablation of the tactics issue (docs/RESULTS.md, "Ablation of the tactical parts"): one arm
# per call, since each is a run of the same wall time on the otherwise quiet reference machine.
# Every arm is configs/djambi.yaml (release 3's recipe) with some of the parts switched on; then
# the final player plays three greedy and three ab at 0.2 s per decision, seats rotated
# (scripts/evaluate_player.sh). Run the arms one after the other, never side by side: each needs
# both cores.
#
# Usage: scripts/tactics_ablation.sh ARM OUT_DIR [MINUTES=100] [GAMES_GREEDY=96] [GAMES_AB=48]
# ARM: base | teacher | aux | teacher-aux | teacher-aux-quiescence | teacher-aux-solver
# Writes OUT_DIR/ARM/ (the run; `--resume`d when it exists and has no player yet) and
# OUT_DIR/ARM-evaluation/.
set -euo pipefail
cd "$(dirname "$0")/.."
arm=$1 out=$2 minutes=${3:-100} games_greedy=${4:-96} games_ab=${5:-48}
djambi=build/apps/djambi
[ -x "$djambi" ] || { echo "build first: scripts/setup.sh"; exit 2; }

teacher=(--set selfplay.teacher=ab:nodes=2000)
aux=(--set net.aux_head=true)
quiescence=(--set mcts.minimax_weight=0.3 --set mcts.minimax_quiescence=2)
solver=(--set mcts.solver=true)
case $arm in
  base) keys=() ;;
  teacher) keys=("${teacher[@]}") ;;
  aux) keys=("${aux[@]}") ;;
  teacher-aux) keys=("${teacher[@]}" "${aux[@]}") ;;
  teacher-aux-quiescence) keys=("${teacher[@]}" "${aux[@]}" "${quiescence[@]}") ;;
  teacher-aux-solver) keys=("${teacher[@]}" "${aux[@]}" "${solver[@]}") ;;
  *) echo "unknown arm '$arm' (base, teacher, aux, teacher-aux, teacher-aux-quiescence, teacher-aux-solver)"; exit 2 ;;
esac

run=$out/$arm
mkdir -p "$out"
if [ -e "$run/players/final.djp" ]; then
  :  # trained already
elif [ -e "$run" ]; then
  "$djambi" train --resume "$run" >> "$out/$arm.log" 2>&1
else
  "$djambi" train --config configs/djambi.yaml --run "$run" "${keys[@]}" --set learner.max_minutes="$minutes" \
    > "$out/$arm.log" 2>&1
fi
scripts/evaluate_player.sh "$run/players/final.djp" "$out/$arm-evaluation" "$games_greedy" 0.2 greedy
scripts/evaluate_player.sh "$run/players/final.djp" "$out/$arm-evaluation-ab" "$games_ab" 0.2 ab
