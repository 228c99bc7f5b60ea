#!/usr/bin/env bash
# ci-sweep.sh STENCILCC WORK_DIR: the radius sweep's CI share (sweep.py).
# Every star and box of radius 1 to 24 in 1D, 2D and 3D, float and double,
# gets a plan from the default search, but the 3D boxes of radius 10 and
# more (stencilcc takes 5 to 90 s on each; the GPU machine's run covers
# them all); then nvcc builds a sample without spills, the largest radius
# of each kind it builds in seconds (box3d9r: the naive kernel reading its
# 6,859 terms through a table). Without nvcc, the plans alone.
set -euo pipefail
STENCILCC=$1
WORK=$2
HERE=$(cd "$(dirname "$0")" && pwd)
rm -rf "$WORK"
python3 "$HERE/sweep.py" plan "$STENCILCC" "$WORK" --jobs "$(nproc)" \
  --exclude 'box3d(1[0-9]|2[0-4])r'
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
if [[ ! -x $NVCC ]]; then
  echo "ci-sweep.sh: no nvcc at $NVCC; plans only"
  exit 0
fi
python3 "$HERE/sweep.py" nvcc "$WORK" --nvcc "$NVCC" --jobs "$(nproc)" \
  --filter '^(star1d24r|star2d24r|star3d24r|box2d24r|box3d6r|box3d9r|star2d8r|box3d1r)-double$'
