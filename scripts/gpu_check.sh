#!/usr/bin/env bash
# The GPU issue's whole check, unattended, on a machine with CUDA and a PyTorch wheel but no
# network and none of the Debian packages (docs/GPU.md): build, evaluator figures in fp32, bf16
# and fp16 (with their agreement with fp32 on the shipped player), the self-play search in turn
# and pipelined, and two short training runs (self-play on the learner's thread, then on its
# own). Every figure lands in OUT; summary.txt gathers them. About 7 minutes on one H200.
#   scripts/gpu_check.sh --prepare KIT   (here, with network) adds to KIT/debs the Debian
#                                        packages the kit lacks; KIT: a folder holding the
#                                        kit's build.sh and debs/, inside a git-ignored path
#   scripts/gpu_check.sh KIT OUT         (there) builds in build-gpu/ and measures into OUT
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--prepare" ]; then
  kit=$2
  # GLPK (the Nash average of train/) and what it links, as Debian 12 has them.
  (cd "$kit/debs" && apt-get download libglpk-dev libglpk40 libamd2 libcolamd2 libsuitesparseconfig5 libltdl7)
  exit 0
fi
kit=$1 out=$2
mkdir -p "$out"
start=$(date +%s)
bash "$kit/build.sh" . build-gpu > "$out/build.log" 2>&1
eval "$(tail -1 "$out/build.log")"  # the LD_LIBRARY_PATH line build.sh prints
echo "build: $(( $(date +%s) - start )) s" | tee "$out/summary.txt"
djambi=build-gpu/apps/djambi
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader >> "$out/summary.txt" || true

# The evaluator against the raw forward pass, at the batch sizes a GPU is fed.
$djambi bench nets --preset small default --batch 256 1024 2048 --seconds 2 --threads 4 --json \
  > "$out/bench_nets_fp32.json"
for precision in bf16 fp16; do
  $djambi bench nets --weights players/djambi.djp --precision "$precision" --batch 256 1024 2048 \
    --seconds 2 --threads 4 --json > "$out/bench_nets_$precision.json"
done

# Self-play search, 2,048 games: in turn (one batch of 2,048 per round) and pipelined (two
# groups of 1,024, one evaluated while the CPU threads prepare the other); each against the
# bare forward rate at its own batch size.
for groups in 1 2; do
  $djambi bench mcts --preset small --games 2048 --sims 32 --groups "$groups" --threads 14 --json \
    > "$out/bench_mcts_groups$groups.json"
done

# Ninety seconds of the real recipe on the GPU with the machine's defaults (2,048 games in two
# pipeline groups, 16 tree threads), self-play on the learner's thread and then on its own.
for own in off on; do
  $djambi train --config configs/djambi.yaml --run "$out/run_own_thread_$own" --set net.device=cuda \
    --set selfplay.own_thread="$own" --set learner.batch_size=512 --set learner.max_minutes=1.5 \
    --set evaluation.every_steps=0 --set 'evaluation.opponents=[random]' --set evaluation.games=2 \
    > "$out/train_own_thread_$own.log" 2>&1
  tail -1 "$out/run_own_thread_$own/metrics.jsonl" > "$out/train_own_thread_${own}_last_metrics.json"
done

python3 - "$out" >> "$out/summary.txt" <<'PY'
import json, sys
out = sys.argv[1]
for groups in (1, 2):
    b = json.load(open(f"{out}/bench_mcts_groups{groups}.json"))
    print(f"bench mcts, {groups} group(s): mean batch {b['many_games_mean_batch']}, "
          f"{b['many_games_network_positions_per_second']:.0f} network positions/s, "
          f"{100 * b['many_games_raw_forward_share']:.1f} % of the bare forward rate ({b['raw_forward_per_second']:.0f}/s)")
for own in ("off", "on"):
    m = json.load(open(f"{out}/train_own_thread_{own}_last_metrics.json"))
    wall = m["elapsed_seconds"]
    print(f"training, self-play own thread {own}: {m['samples'] / wall:.0f} samples/s, "
          f"{m['network_positions'] / wall:.0f} network positions/s of wall time, {m['step']} learner steps, "
          f"learning {100 * m['learn_seconds'] / wall:.0f} % of wall time")
PY
echo "total: $(( $(date +%s) - start )) s" | tee -a "$out/summary.txt"
