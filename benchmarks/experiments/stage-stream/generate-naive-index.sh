#!/usr/bin/env bash
# generate-naive-index.sh STENCILCC: the --naive --emit-test programs of the
# stage-form benchmarks and held-out stencils that run-naive-index.sh times
# on a GPU, each with its int and its long cell indices (--wide-offsets),
# packed as naive-index.tar.xz.
set -euo pipefail
STENCILCC=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
rm -rf "$HERE/naive-index" && mkdir -p "$HERE/naive-index"
for f in benchmarks/stage/wave3d_o8.c benchmarks/stage/wave2d_o8.c \
         benchmarks/stage/diffusion3d_var.c benchmarks/stage/hotspot.c \
         benchmarks/heldout/seismic3d_r8.c benchmarks/heldout/star3d25pt_coef.c \
         benchmarks/heldout/periodic2d.c; do
  name=$(basename "$f" .c)
  "$STENCILCC" --naive --emit-test -DREAL=float "$ROOT/$f" -o "$HERE/naive-index/$name.cu" \
    -- -I"$ROOT/benchmarks/stage" -I"$ROOT/benchmarks/heldout"
done
# The headers the programs include, beside them.
cp "$ROOT/benchmarks/stage/bench_common.h" "$HERE/naive-index/"
for h in "$ROOT"/benchmarks/heldout/*.h; do [[ -e $h ]] && cp "$h" "$HERE/naive-index/"; done
tar -C "$HERE" -cJf "$HERE/naive-index.tar.xz" naive-index
echo "wrote $HERE/naive-index.tar.xz"
