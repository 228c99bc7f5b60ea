#!/usr/bin/env bash
# generate.sh STENCILCC [--full]: the candidate directories of the
# tuning-time runs (issue 36, item 3), written by `stencilcc --tune-emit`
# for two stencils no database entry covers, a 2D and a 3D one of the
# accepted inputs, and packed into benchmarks/tune-time/gen.tar.xz for the
# GPU machine (run.sh there). --full adds each stencil's wider search
# (--tune-top=12 --tune-variants=12, as <name>-full), the reference the
# default search is measured against.
set -euo pipefail
STENCILCC=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
GEN=$HERE/gen
rm -rf "$GEN"
mkdir -p "$GEN"
FULL=${2:-}
for input in diamond asym3d_scalar; do
  for search in default ${FULL:+full}; do
    name=$input options=()
    [[ $search == full ]] && name=$input-full options=(--tune-top=12 --tune-variants=12)
    "$STENCILCC" --plan-cache=none --tune-emit "$GEN/$name" "${options[@]}" \
      "$ROOT/test/Inputs/accepted/$input.c" >"$GEN/$name.emit.log"
    echo "$name: $(grep -vc '^#' "$GEN/$name/candidates.tsv") candidates"
  done
done
tar -C "$HERE" -cJf "$HERE/gen.tar.xz" gen
echo "wrote $HERE/gen.tar.xz ($(du -h "$HERE/gen.tar.xz" | cut -f1))"
