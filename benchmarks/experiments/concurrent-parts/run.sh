#!/usr/bin/env bash
# run.sh: on the GPU machine, builds driver.cu against a generated star2d1r.cu (written here
# beforehand: stencilcc -DREAL=float benchmarks/stencils/star2d1r.c -o
# benchmarks/experiments/concurrent-parts/gen-star2d1r.cu) and prints GCells/s of 1, 2 and 4
# concurrent parts at a few grid shapes.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
export PATH=$PATH:/usr/local/cuda/bin
W=$(mktemp -d)
nvcc -O3 -arch=sm_90 --default-stream per-thread -DRUN=stencilcc_kernel_star2d1r_r0_run \
  -include "$HERE/gen-star2d1r.cu" "$HERE/driver.cu" -o "$W/driver"
for shape in "16384 16384" "8192 32768" "32768 32768"; do
  for p in 1 2 4; do
    "$W/driver" $shape 1000 "$p" 24
  done
done
