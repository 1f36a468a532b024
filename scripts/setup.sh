#!/usr/bin/env bash
# Installs every Debian package the project needs (skipping those already installed; running
# `apt-get update` first only when something must be installed), then configures and builds.
#   scripts/setup.sh              Release build in build/
#   scripts/setup.sh --sanitize   ASan/UBSan build in build-sanitize/
#   scripts/setup.sh --tsan       ThreadSanitizer build of env/ and mcts/ in build-tsan/
#   scripts/setup.sh --fuzz       libFuzzer targets (clang, ASan/UBSan) in build-fuzz/
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  libtorch-dev libtbb-dev libeigen3-dev libyaml-cpp-dev libglpk-dev
  # LibTorch's linear layers call the system BLAS; without OpenBLAS Debian falls back to the
  # reference BLAS and the default network runs at less than half its speed (docs/PERFORMANCE.md).
  libopenblas0-openmp
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev
  python3-matplotlib
)
# The fuzz targets are built with clang, whose libFuzzer is in the compiler-rt package.
if [ "${1:-}" = "--fuzz" ]; then PACKAGES+=(clang libclang-rt-14-dev); fi

missing=()
for package in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build_dir=build
cmake_args=(-DCMAKE_BUILD_TYPE=Release)
targets=()
case "${1:-}" in
  --sanitize)
    build_dir=build-sanitize
    cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DDJAMBI_SANITIZE=ON) ;;
  --tsan)  # LibTorch is not instrumented: the concurrent code of env/ and mcts/ only
    build_dir=build-tsan
    cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DDJAMBI_TSAN=ON -DDJAMBI_WITH_TORCH=OFF) ;;
  --fuzz)
    build_dir=build-fuzz
    targets=(--target fuzz_notation fuzz_records fuzz_bot_session fuzz_config fuzz_bundle)
    cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DDJAMBI_FUZZ=ON -DDJAMBI_BUILD_TESTS=OFF
                -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++) ;;
  "") ;;
  *) echo "usage: scripts/setup.sh [--sanitize | --tsan | --fuzz]" >&2; exit 2 ;;
esac
cmake -S . -B "$build_dir" -G Ninja "${cmake_args[@]}" > /dev/null
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
