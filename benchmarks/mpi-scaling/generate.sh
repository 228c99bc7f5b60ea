#!/usr/bin/env bash
# generate.sh STENCILCC: the --mpi scaling programs (issue 37), written here
# (where stencilcc is) into benchmarks/mpi-scaling/gen and packed as
# gen.tar.xz for the GPU machine: `stencilcc --emit-test --mpi` of star2d1r,
# star3d1r and box3d1r in float at their default plans, and of their slab
# forms (slab/: the streaming extent its own size parameter, for weak
# scaling with a fixed slab per rank). run.sh builds, checks and times them
# there.
set -euo pipefail
STENCILCC=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
rm -rf "$HERE/gen"
mkdir -p "$HERE/gen"
for s in star2d1r star3d1r box3d1r; do
  "$STENCILCC" --emit-test --mpi -DREAL=float "$ROOT/benchmarks/stencils/$s.c" \
    -o "$HERE/gen/$s.cu"
  grep -m1 '^// plan' "$HERE/gen/$s.cu" | sed "s|^|$s: |"
  "$STENCILCC" --emit-test --mpi -DREAL=float "$HERE/slab/$s.c" -o "$HERE/gen/$s-slab.cu"
  grep -m1 '^// plan' "$HERE/gen/$s-slab.cu" | sed "s|^|$s-slab: |"
done
tar -C "$HERE" -cJf "$HERE/gen.tar.xz" gen
echo "wrote $HERE/gen.tar.xz"
