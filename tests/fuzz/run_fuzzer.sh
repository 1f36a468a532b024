#!/usr/bin/env bash
# Runs one libFuzzer target for a bounded time from its seed corpus, keeping what it finds in a
# scratch corpus (the seeds in the repository are never written). Exit 0 when it found nothing;
# a crash, leak, timeout or sanitizer report fails, and the input is left in the scratch folder.
# Usage: run_fuzzer.sh FUZZER SEED_DIR SECONDS [MAX_INPUT_BYTES]
set -uo pipefail
fuzzer=$(realpath "$1") seeds=$(realpath "$2") seconds=$3 max_len=${4:-65536}
work=$(mktemp -d "${TMPDIR:-/tmp}/djambi-fuzz.XXXXXX")
mkdir -p "$work/corpus"
cd "$work" || exit 2
# -timeout: one input may take 10 s; -rss_limit_mb: the bundle loader holds LibTorch.
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len="$max_len" \
  -print_final_stats=1 "$work/corpus" "$seeds"
status=$?
if [ "$status" -ne 0 ]; then
  echo "run_fuzzer: $fuzzer failed (exit $status); reproducer in $work" >&2
  exit "$status"
fi
rm -rf "$work"
