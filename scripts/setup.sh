#!/usr/bin/env bash
# Installs every Debian package the project needs (skipping those already installed; running
# `apt-get update` first only when something must be installed), then configures and builds.
#   scripts/setup.sh              Release build in build/
#   scripts/setup.sh --sanitize   clang build under AddressSanitizer and UBSan in build-sanitize/:
#                                 the tests and the libFuzzer targets (tests/fuzz), one build
#   scripts/setup.sh --tsan       ThreadSanitizer build of env/, mcts/ and their concurrent
#                                 tests (ctest label concurrency) in build-tsan/
#   scripts/setup.sh --torch DIR  Release build in build/ against another LibTorch: DIR is an
#                                 unpacked LibTorch archive (or its share/cmake/Torch folder),
#                                 or `python` for the one inside python3's PyTorch wheel; its
#                                 C++ ABI flag and, with nvcc, CUDA come along (docs/GPU.md)
set -euo pipefail
cd "$(dirname "$0")/.."

usage="usage: scripts/setup.sh [--sanitize | --tsan] [--torch DIR|python]"
mode="" torch=""
while (($#)); do
  case $1 in
    --sanitize | --tsan) mode=$1 ;;
    --torch) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; torch=$2; shift ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
  shift
done

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  libtbb-dev libeigen3-dev libyaml-cpp-dev libglpk-dev
  # LibTorch's linear layers call the system BLAS; without OpenBLAS Debian falls back to the
  # reference BLAS and the default network runs at less than half its speed (docs/PERFORMANCE.md).
  libopenblas0-openmp
  libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev
  python3-matplotlib
  # Distributed self-play: `mpirun -np K djambi train` (docs/DISTRIBUTED.md).
  libopenmpi-dev openmpi-bin
  # `djambi serve` (docs/WEB.md): its HTTP library, and the headless browser that its test drives
  # from Node.js over the DevTools protocol.
  libcpp-httplib-dev chromium nodejs
  # The Python module djambi_zero (docs/PYTHON.md) and its tests.
  pybind11-dev python3-dev python3-numpy python3-pytest
)
# Debian's LibTorch (CPU) unless another is named, and Debian's PyTorch on it for djambi_zero.nets.
if [ -z "$torch" ]; then PACKAGES+=(libtorch-dev python3-torch); fi
# The sanitizer build is clang's, for libFuzzer, which is in the compiler-rt package.
if [ "$mode" = "--sanitize" ]; then PACKAGES+=(clang libclang-rt-14-dev); fi

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
case "$mode" in
  --sanitize)
    # One instrumented build serves the tests and the fuzz targets (DJAMBI_FUZZ brings ASan
    # and UBSan). -O1 -g1: the sanitizers' usual level, and line tables enough for their reports,
    # at about half the compile time of -O2 -g.
    build_dir=build-sanitize
    cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
                -DDJAMBI_FUZZ=ON -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++) ;;
  --tsan)  # LibTorch is not instrumented: the concurrent code of env/ and mcts/ only
    build_dir=build-tsan
    targets=(--target concurrency_tests)
    cmake_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
                -DDJAMBI_TSAN=ON -DDJAMBI_WITH_TORCH=OFF) ;;
esac
if [ -n "$torch" ]; then
  if [ "$torch" = python ]; then
    torch=$(python3 -c 'import torch.utils; print(torch.utils.cmake_prefix_path)') ||
      { echo "setup: python3 has no PyTorch (pip install torch), or give --torch LIBTORCH_DIR" >&2; exit 2; }
    # The wheel's CUDA libraries (site-packages/nvidia/*/lib), which the linker must see
    # through libtorch_cuda's dependencies; at run time LibTorch's own run path finds them.
    nvidia_libs=$(find "$torch/../../.." -path '*/nvidia/*/lib' -type d 2> /dev/null | sort | paste -sd: || true)
    if [ -n "$nvidia_libs" ]; then cmake_args+=("-DCMAKE_EXE_LINKER_FLAGS=-Wl,-rpath-link,$nvidia_libs"); fi
  fi
  torch_config=$(find "$torch" -name TorchConfig.cmake -print -quit 2> /dev/null || true)
  [ -n "$torch_config" ] || { echo "setup: no TorchConfig.cmake under '$torch'" >&2; exit 2; }
  # The build takes the ABI flag from TorchConfig (CMakeLists.txt); CUDA needs its compiler.
  cmake_args+=(-DTorch_DIR="$(dirname "$torch_config")")
  # djambi_zero is built for Debian's python3 and its PyTorch on Debian's LibTorch, not another.
  cmake_args+=(-DDJAMBI_PYTHON=OFF)
  nvcc=$(command -v nvcc || true)
  if [ -z "$nvcc" ] && [ -x /usr/local/cuda/bin/nvcc ]; then nvcc=/usr/local/cuda/bin/nvcc; fi
  if [ -n "$nvcc" ]; then
    cmake_args+=(-DCMAKE_CUDA_COMPILER="$nvcc" -DCUDAToolkit_ROOT="$(dirname "$(dirname "$(readlink -f "$nvcc")")")")
  fi
  echo "setup: LibTorch of $(dirname "$torch_config")${nvcc:+, CUDA of $nvcc}"
fi
cmake -S . -B "$build_dir" -G Ninja "${cmake_args[@]}" > /dev/null
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
