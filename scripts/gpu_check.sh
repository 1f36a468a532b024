#!/usr/bin/env bash
# The GPU issue's whole check, unattended, on a machine with CUDA and a PyTorch wheel but no
# network and none of the Debian packages (docs/GPU.md): build, evaluator figures in fp32, bf16
# and fp16 (with their agreement with fp32 on the shipped player), self-play search, and a
# two-minute training run; every figure lands in OUT. About 6 minutes on one H200.
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

# Self-play search: many games, one batch per round.
$djambi bench mcts --preset small --games 1024 --sims 64 --threads 14 --json > "$out/bench_mcts.json"

# Two minutes of the real recipe on the GPU, with more games in flight for larger batches.
$djambi train --config configs/djambi.yaml --run "$out/run" --set net.device=cuda \
  --set selfplay.games=1024 --set run.threads=14 --set net.threads=2 --set learner.batch_size=512 \
  --set learner.max_minutes=2 --set evaluation.every_steps=0 > "$out/train.log" 2>&1
tail -1 "$out/run/metrics.jsonl" > "$out/train_last_metrics.json"
echo "total: $(( $(date +%s) - start )) s" | tee -a "$out/summary.txt"
