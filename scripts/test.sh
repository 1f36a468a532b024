#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite (slow-labelled tests included), then the fast
# tests again under AddressSanitizer and UndefinedBehaviorSanitizer, and the search's concurrent
# code under ThreadSanitizer, and each libFuzzer target for a bounded time (docs/RELIABILITY.md).
# CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
scripts/setup.sh --sanitize
ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)" -LE slow
# Debian's TBB is not instrumented, so TBB-parallel code would only give false reports here.
scripts/setup.sh --tsan
ctest --test-dir build-tsan --output-on-failure -j "$(nproc)" -R "Evaluator"
scripts/setup.sh --fuzz
ctest --test-dir build-fuzz --output-on-failure -j "$(nproc)" -L fuzz
