#!/usr/bin/env bash
# compile-helper-checks.sh SRC: nvcc compiles the GPU checks of the arithmetic helpers
# (test/gpu/*.cu) for sm_90, so that CI, which has no GPU to run them
# (benchmarks/run-gpu.sh does), still catches a helper or check that no longer builds.
# Exit 0: all compiled; 1: some did not; 77: no nvcc (skipped).
set -euo pipefail
SRC=${1:?usage: compile-helper-checks.sh SRC}
NVCC=${NVCC:-}
if [[ -z $NVCC ]]; then
  if [[ -x /usr/local/cuda/bin/nvcc ]]; then NVCC=/usr/local/cuda/bin/nvcc; else NVCC=$(command -v nvcc || true); fi
fi
if [[ -z $NVCC ]]; then
  echo "compile-helper-checks.sh: no nvcc (looked at /usr/local/cuda/bin/nvcc and PATH); skipped"
  exit 77
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/stencilcc-helpers.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
status=0
for src in "$SRC"/test/gpu/*.cu; do
  if "$NVCC" -arch=sm_90 -O3 -I "$SRC/include" -o "$WORK/$(basename "$src" .cu)" "$src"; then
    echo "compiled $(basename "$src")"
  else
    echo "FAILED to compile $src"
    status=1
  fi
done
exit $status
