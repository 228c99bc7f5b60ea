#!/usr/bin/env bash
# generate.sh STENCILCC: the --emit-test self-checks of the inputs that
# run.sh checks on the GPU (default plan; the padded copy-back also naive).
set -euo pipefail
S=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
rm -rf "$HERE/gen" && mkdir -p "$HERE/gen"
for f in stage/copyback_ptr stage/heat_neumann_ptr stage/plain_pointers_1d \
         accepted/temporaries accepted/inline_function; do
  "$S" --emit-test "$ROOT/test/Inputs/$f.c" -o "$HERE/gen/$(basename "$f").cu" 2>/dev/null
done
"$S" --emit-test --naive "$ROOT/test/Inputs/stage/copyback_ptr.c" -o "$HERE/gen/copyback_ptr-naive.cu"
# A stage-form region of which one statement rounds to float on the way
# (every statement's operations rounded: Emitter/RoundedOperands.h).
"$S" --emit-test "$ROOT/test/lit/emit-stage/Inputs/narrowing_pipeline.c" -o "$HERE/gen/narrowing_pipeline.cu"
"$S" --emit-test --naive "$ROOT/test/lit/emit-stage/Inputs/narrowing_pipeline.c" -o "$HERE/gen/narrowing_pipeline-naive.cu"
