#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite (slow-labelled tests included); then, in one
# clang build under AddressSanitizer and UndefinedBehaviorSanitizer, the fast tests again and
# each libFuzzer target for a bounded time (label fuzz, 30 s each); last the concurrent search
# code under ThreadSanitizer (label concurrency). CI runs exactly this (docs/RELIABILITY.md).
# Each stage prints how long it took.
set -euo pipefail
cd "$(dirname "$0")/.."
stage() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "test.sh: $name took $((SECONDS - start)) s"
}
stage "build" scripts/setup.sh
stage "suite" ctest --test-dir build --output-on-failure -j "$(nproc)"
stage "sanitizer build" scripts/setup.sh --sanitize
stage "fast suite and fuzzing under ASan/UBSan" ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)" -LE slow
# Debian's TBB is not instrumented, so TBB-parallel code would only give false reports here.
stage "ThreadSanitizer build" scripts/setup.sh --tsan
stage "concurrency under TSan" ctest --test-dir build-tsan --output-on-failure -j "$(nproc)" -L concurrency
