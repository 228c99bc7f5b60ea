#!/usr/bin/env bash
# One-command setup on Debian 12: installs every package stencilcc needs,
# configures and builds it, then runs it on an example stencil.
#
#   scripts/setup.sh            # everything
#   scripts/setup.sh --no-example
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(clang-16 libclang-16-dev libclang-cpp16-dev libclang-common-16-dev
          llvm-16-dev llvm-16-tools libisl-dev libgmp-dev libgtest-dev
          libgmock-dev libboost-context-dev cmake ninja-build pkg-config python3
          ccache libfuzzer-16-dev libclang-rt-16-dev libopenmpi-dev openmpi-bin)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

BUILD_DIR=${BUILD_DIR:-build}
echo "== configuring and building in $BUILD_DIR"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD_DIR"

if [ "${1:-}" != "--no-example" ]; then
  STENCILCC="$BUILD_DIR/tools/stencilcc/stencilcc"
  EX="$BUILD_DIR/example"
  mkdir -p "$EX"
  echo "== stencilcc --analyze examples/j2d5pt.c"
  "$STENCILCC" --analyze examples/j2d5pt.c
  echo "== stencilcc examples/j2d5pt.c -o $EX/j2d5pt.cu"
  "$STENCILCC" examples/j2d5pt.c -o "$EX/j2d5pt.cu"
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  if [ -x "$NVCC" ]; then
    echo "== nvcc -O3 -arch=sm_90 $EX/j2d5pt.cu"
    "$NVCC" -O3 -arch=sm_90 "$EX/j2d5pt.cu" -o "$EX/j2d5pt-gpu"
    if nvidia-smi >/dev/null 2>&1; then
      echo "== on the GPU:"; "$EX/j2d5pt-gpu" 256 20
    fi
  else
    echo "== nvcc not found: the generated CUDA is not compiled here"
  fi
  # The same generated text on the CPU, through the emulation header,
  # against the original C program.
  cc -O1 -std=c11 examples/j2d5pt.c -o "$EX/j2d5pt-c"
  g++ -std=c++20 -O1 -I include \
    -include stencilcc/Runtime/CudaEmulation.h -x c++ "$EX/j2d5pt.cu" -x none \
    -lboost_context -o "$EX/j2d5pt-emulated"
  want=$("$EX/j2d5pt-c" 257 20)
  got=$("$EX/j2d5pt-emulated" 257 20)
  echo "== C loop:                  $want"
  echo "== generated code (on CPU): $got"
  [ "$want" = "$got" ] || { echo "mismatch between the C loop and the generated code" >&2; exit 1; }
fi
