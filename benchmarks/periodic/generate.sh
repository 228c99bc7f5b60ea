#!/usr/bin/env bash
# generate.sh STENCILCC: the --emit-test self-checks of the periodic inputs
# (test/Inputs/stage/periodic_*.c, benchmarks/heldout/periodic2d.c in both
# precisions), each at its default plan (blocked as a torus) and --naive,
# into gen/ (ignored by git; the device call carries it).
set -euo pipefail
S=$(realpath "$1")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
rm -rf "$HERE/gen" && mkdir -p "$HERE/gen"
emit() { # NAME INPUT FLAGS...
  local name=$1 input=$2
  shift 2
  "$S" --emit-test "$@" "$input" -o "$HERE/gen/$name.cu"
  "$S" --emit-test --naive "$@" "$input" -o "$HERE/gen/$name-naive.cu"
}
for f in "$ROOT"/test/Inputs/stage/periodic_*.c; do
  emit "$(basename "$f" .c)" "$f"
done
for real in float double; do
  emit "periodic2d-$real" "$ROOT/benchmarks/heldout/periodic2d.c" -DREAL=$real
done
