#!/usr/bin/env bash
# PolyBench's jacobi-2d (test/c-output/polybench: PolyBench/C 4.2.1's layout)
# built whole with --c-output on a GPU machine: polybench.c and stencilcc's
# C output with gcc, the launchers with nvcc, linked; its array dump
# (-DPOLYBENCH_DUMP_ARRAYS, stderr) against the plain gcc build's.
#
#   benchmarks/polybench-c-output.sh generate   # here: stencilcc writes
#       benchmarks/gen-polybench/ (ignored by git) for each build below
#   benchmarks/polybench-c-output.sh run        # on the GPU machine: builds,
#       runs and compares; one line per build, logs under $OUT
#
# Builds: PolyBench's default (compile-time extents swept to run-time n, which
# the generated code checks), C99 prototypes, scalar loop bounds in float;
# SMALL and MEDIUM datasets.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PB=test/c-output/polybench
GEN=benchmarks/gen-polybench
BUILDS=(
  "default-small -DSMALL_DATASET"
  "default-medium -DMEDIUM_DATASET"
  "c99-small -DPOLYBENCH_USE_C99_PROTO -DSMALL_DATASET"
  "scalar-lb-float-medium -DPOLYBENCH_USE_SCALAR_LB -DMEDIUM_DATASET -DDATA_TYPE_IS_FLOAT"
)
FLAGS=(-DPOLYBENCH_DUMP_ARRAYS -DPOLYBENCH_TIME -I"$PB/utilities")
case ${1:-} in
  generate)
    STENCILCC=${STENCILCC:-build/tools/stencilcc/stencilcc}
    rm -rf "$GEN" && mkdir -p "$GEN"
    for b in "${BUILDS[@]}"; do
      read -r name flags <<<"$b"
      # shellcheck disable=SC2086
      "$STENCILCC" "$PB/stencils/jacobi-2d/jacobi-2d.c" "${FLAGS[@]}" $flags \
        --c-output="$GEN/$name.c" -o "$GEN/$name.cu" 2>"$GEN/$name.log"
      echo "$name $flags" >>"$GEN/builds.txt"
    done
    echo "polybench-c-output.sh: $(wc -l <"$GEN/builds.txt") builds in $GEN"
    ;;
  run)
    NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
    OUTDIR=${OUT:-/tmp/polybench-out}
    W=/tmp/polybench-build
    mkdir -p "$OUTDIR" "$W"
    bad=0
    while read -r name flags; do
      # shellcheck disable=SC2086
      {
        gcc -std=c11 -O2 "${FLAGS[@]}" $flags -c "$PB/utilities/polybench.c" -o "$W/$name.pb.o" &&
        gcc -std=c11 -O2 -Wno-unknown-pragmas "${FLAGS[@]}" $flags "$PB/stencils/jacobi-2d/jacobi-2d.c" \
          "$W/$name.pb.o" -lm -o "$W/$name.cpu" &&
        gcc -std=c11 -O2 -Wall -Werror "${FLAGS[@]}" $flags -I"$PB/stencils/jacobi-2d" \
          -c "$GEN/$name.c" -o "$W/$name.o" &&
        "$NVCC" -O3 -arch=sm_90 -c "$GEN/$name.cu" -o "$W/$name.gpu.o" &&
        "$NVCC" "$W/$name.o" "$W/$name.pb.o" "$W/$name.gpu.o" -lm -o "$W/$name.gpu"
      } >"$OUTDIR/$name.build.log" 2>&1 || { echo "$name: BUILD FAILED (see $name.build.log)"; bad=1; continue; }
      "$W/$name.cpu" 2>"$OUTDIR/$name.cpu.dump" >"$OUTDIR/$name.cpu.time"
      "$W/$name.gpu" 2>"$OUTDIR/$name.gpu.dump" >"$OUTDIR/$name.gpu.time"
      if grep -qx '==BEGIN DUMP_ARRAYS==' "$OUTDIR/$name.cpu.dump" &&
         cmp -s "$OUTDIR/$name.cpu.dump" "$OUTDIR/$name.gpu.dump"; then
        echo "$name: same dump ($(wc -l <"$OUTDIR/$name.cpu.dump") lines); cpu $(cat "$OUTDIR/$name.cpu.time") s, gpu run incl. transfers $(cat "$OUTDIR/$name.gpu.time") s"
      else
        echo "$name: DUMPS DIFFER"; bad=1
      fi
    done <"$GEN/builds.txt"
    exit $bad
    ;;
  *) echo "usage: $0 generate|run" >&2; exit 2 ;;
esac
