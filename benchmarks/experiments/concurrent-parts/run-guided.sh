#!/usr/bin/env bash
# run-guided.sh: on the GPU machine, the guided-segments experiment: guided-star2d1r.cu
# (make-guided.py, from a gen-star2d1r.cu of commit 3311212, before stencilcc had guided
# segments) takes its segment bounds from a concave map of the dispatch index (blocks dispatched
# first get longer segments, the tail short ones): GUIDE 0 = equal; SEGLEN sets the number of
# segments. Times each variant and the unchanged file at 4 shapes (1 part) with driver.cu.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
export PATH=$PATH:/usr/local/cuda/bin
W=$(mktemp -d)
variants="256:0 256:0.5 256:0.9 128:0.9 192:0.7 128:0.5"
nvcc -O3 -arch=sm_90 --default-stream per-thread -DRUN=stencilcc_kernel_star2d1r_r0_run \
  -include "$HERE/gen-star2d1r.cu" "$HERE/driver.cu" -o "$W/base" &
for v in $variants; do
  nvcc -O3 -arch=sm_90 --default-stream per-thread -DRUN=stencilcc_kernel_star2d1r_r0_run \
    -DSEGLEN="${v%%:*}" -DGUIDE="${v##*:}" -include "$HERE/guided-star2d1r.cu" "$HERE/driver.cu" \
    -o "$W/g${v/:/_}" &
done
wait
for shape in "16384 16384" "8192 32768" "32768 32768" "8192 8192"; do
  echo "== $shape base: $("$W/base" $shape 1000 1 0)"
  for v in $variants; do
    echo "   seglen:guide $v: $("$W/g${v/:/_}" $shape 1000 1 0)"
  done
done
