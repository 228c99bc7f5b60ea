#!/usr/bin/env bash
# Builds and runs the ring prototype on the device machine; logs under $OUT.
#   bash benchmarks/experiments/stage-ring/run.sh [N] [STEPS]
set -e
cd "$(dirname "$0")"
OUT=${OUT:-/tmp}
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v wave2d.cu -o /tmp/wave2d > "$OUT/wave2d-compile.txt" 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -n1
/tmp/wave2d "${1:-16384}" "${2:-480}" | tee "$OUT/wave2d.txt"
