#!/usr/bin/env bash
# generate.sh STENCILCC: the programs of run.sh, written here (where stencilcc
# is) into benchmarks/experiments/slab-size/gen: the --emit-test programs of
# the slab forms of star2d1r and star3d1r (benchmarks/mpi-scaling/generate.sh
# writes them: the streaming extent `rows` a size parameter of its own) at
# their default plans, and star2d1r's plan at other stream block lengths.
set -euo pipefail
STENCILCC=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
SLABS=$HERE/../../mpi-scaling/gen
[[ -e $SLABS/star2d1r-slab.c ]] || { echo "run benchmarks/mpi-scaling/generate.sh first" >&2; exit 1; }
rm -rf "$HERE/gen" && mkdir -p "$HERE/gen"
"$STENCILCC" --emit-test -DREAL=float "$SLABS/star2d1r-slab.c" -o "$HERE/gen/s2.cu"
"$STENCILCC" --emit-test -DREAL=float "$SLABS/star3d1r-slab.c" -o "$HERE/gen/s3.cu"
for sl in 128 512 1024; do
  "$STENCILCC" --emit-test -DREAL=float "$SLABS/star2d1r-slab.c" --plan-cache=none --bt=12 \
    --exchange=shuffle --cells=4 --bs=128 --sl=$sl -o "$HERE/gen/s2-sl$sl.cu"
done
grep -m1 -H '^// plan' "$HERE"/gen/*.cu
