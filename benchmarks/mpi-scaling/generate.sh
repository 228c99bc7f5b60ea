#!/usr/bin/env bash
# generate.sh STENCILCC: the --mpi scaling programs (issue 37), written here
# (where stencilcc is) into benchmarks/mpi-scaling/gen and packed as
# gen.tar.xz for the GPU machine: `stencilcc --emit-test --mpi` of star2d1r,
# star3d1r and box3d1r in float at their default plans, and of their slab
# forms (the same file with the streaming extent `rows` a size parameter of
# its own, for weak scaling with a fixed slab per rank; gen/<name>-slab.c).
# run.sh builds, checks and times them there.
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
  # The slab form: the first spatial extent of A, and the bound of the
  # loop over it, become `rows`.
  sed -e 's/int dimsize, int timestep/int rows, int dimsize, int timestep/' \
    -e 's/(\*A)\[dimsize\]/(*A)[rows]/' -e 's/(REAL (\*)\[dimsize\]/(REAL (*)[rows]/' \
    -e 's/for (int i = 1; i < dimsize - 1; i++)/for (int i = 1; i < rows - 1; i++)/' \
    "$ROOT/benchmarks/stencils/$s.c" >"$HERE/gen/$s-slab.c"
  grep -q 'int rows' "$HERE/gen/$s-slab.c" && grep -q 'i < rows - 1' "$HERE/gen/$s-slab.c" ||
    { echo "generate.sh: no slab form of $s" >&2; exit 1; }
  "$STENCILCC" --emit-test --mpi -DREAL=float "$HERE/gen/$s-slab.c" -o "$HERE/gen/$s-slab.cu"
  grep -m1 '^// plan' "$HERE/gen/$s-slab.cu" | sed "s|^|$s-slab: |"
done
tar -C "$HERE" -cJf "$HERE/gen.tar.xz" gen
echo "wrote $HERE/gen.tar.xz"
