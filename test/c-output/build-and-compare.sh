#!/usr/bin/env bash
# --c-output end to end, without a GPU: programs built whole twice, once
# from their C files with gcc, once with each C file replaced by stencilcc's
# C output (gcc -std=c11 -Wall -Werror) and linked with its launchers, the
# .cu compiled on the CPU through include/stencilcc/Runtime/CudaEmulation.h.
# Each pair must print the same, byte for byte:
#   - PolyBench/C 4.2.1's jacobi-2d in PolyBench's layout (polybench/: the
#     utilities' polybench.c built with gcc, -DPOLYBENCH_DUMP_ARRAYS), its
#     dump on stderr: PolyBench's default build (compile-time extents swept
#     to run-time sizes: stencilcc checks n <= N at run time), double with
#     run-time sizes (POLYBENCH_USE_C99_PROTO, SMALL_DATASET) and float with
#     compile-time loop bounds
#     (POLYBENCH_USE_SCALAR_LB, MINI_DATASET); the dump after one step fewer
#     differs, so the comparison sees a step;
#     and, for the C99-prototype build, the one-file output (no --c-output)
#     built whole with polybench.c as C++;
#   - rotated-pointers.c: time steps that end by rotating pointers, built
#     through the launchers and as one file: the buffers and where each
#     pointer points after the region;
#   - around-regions.c: both region forms, and what they leave in their
#     arrays and loop variables, printed exactly.
# Where nvcc is found, every .cu also compiles with `nvcc -O3 -arch=sm_90`
# and no other flag, and links with the C objects.
#
#   build-and-compare.sh <stencilcc binary> <source dir> <work dir>
set -euo pipefail
STENCILCC=$1 SRC=$2 WORK=$3
CC=${CC:-gcc} CXX=${CXX:-g++}
HERE=$SRC/test/c-output
PB=$HERE/polybench
NVCC=${NVCC:-}
if [[ -z $NVCC ]]; then
  if [[ -x /usr/local/cuda/bin/nvcc ]]; then NVCC=/usr/local/cuda/bin/nvcc
  else NVCC=$(command -v nvcc || true); fi
fi

fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"

# The launchers' .cu on the CPU, at -O0 (the small datasets run in no time;
# -O1 took 13 s more of this test's 79).
emulated() { # <file.cu> <object>
  $CXX -std=c++20 -O0 -I"$SRC/include" \
    -include stencilcc/Runtime/CudaEmulation.h -x c++ -c "$1" -o "$2"
}
# <name> <input.c> <C flags...>: <name>.c, <name>.cu and their objects;
# stencilcc also gets the plan options in the array plan.
plan=()
generate() {
  local name=$1 input=$2
  shift 2
  "$STENCILCC" "$input" "$@" "${plan[@]}" --c-output="$name.c" -o "$name.cu" \
    || fail "stencilcc --c-output $input $*"
  ! grep -qE '^[[:space:]]*#[[:space:]]*pragma[[:space:]]+scop' "$name.c" \
    || fail "$name.c still holds a region"
  $CC -std=c11 -Wall -Werror -O2 -I"$(dirname "$input")" "$@" -c "$name.c" \
    -o "$name.o" || fail "gcc -Wall -Werror rejects $name.c"
  emulated "$name.cu" "$name.launchers.o" || fail "$name.cu on the CPU"
  if [[ -n $NVCC ]]; then
    "$NVCC" -O3 -arch=sm_90 -c "$name.cu" -o "$name.nvcc.o" \
      || fail "nvcc -O3 -arch=sm_90 rejects $name.cu"
  fi
}

# PolyBench: polybench.c and the kernel file as PolyBench builds them.
polybench() { # <name> <flags...>
  local name=$1
  shift
  local flags=(-DPOLYBENCH_DUMP_ARRAYS -DPOLYBENCH_TIME -I"$PB/utilities" "$@")
  local kernel=$PB/stencils/jacobi-2d/jacobi-2d.c
  $CC -std=c11 -Wall -Werror -O2 "${flags[@]}" -c "$PB/utilities/polybench.c" \
    -o "$name.polybench.o"
  $CC -std=c11 -Wall -Werror -Wno-unknown-pragmas -O2 "${flags[@]}" \
    "$kernel" "$name.polybench.o" -lm -o "$name.cpu"
  generate "$name" "$kernel" "${flags[@]}"
  $CXX "$name.o" "$name.polybench.o" "$name.launchers.o" -lboost_context -lm \
    -o "$name.gpu"
  if [[ -n $NVCC ]]; then
    "$NVCC" "$name.o" "$name.polybench.o" "$name.nvcc.o" -lm \
      -o "$name.nvcc" || fail "nvcc does not link $name's objects"
  fi
  "./$name.cpu" 2>"$name.cpu.dump" >/dev/null
  "./$name.gpu" 2>"$name.gpu.dump" >/dev/null
  grep -qx '==BEGIN DUMP_ARRAYS==' "$name.cpu.dump" || fail "$name: no dump"
  grep -qx 'end   dump: A' "$name.cpu.dump" || fail "$name: no array A"
  cmp "$name.cpu.dump" "$name.gpu.dump" \
    || fail "$name: the dumps differ (diff $WORK/$name.{cpu,gpu}.dump)"
  echo "$name: same dump ($(wc -l <"$name.cpu.dump") lines)"
}
polybench jacobi-2d-default -DSMALL_DATASET
# The other builds at 4 sweeps a launch, not the default's 12: the same
# output around the region, and nvcc has fewer kernels to compile (each
# default build took it about half a minute of this test).
plan=(--bt=4)
polybench jacobi-2d-double -DPOLYBENCH_USE_C99_PROTO -DSMALL_DATASET
polybench jacobi-2d-float -DPOLYBENCH_USE_SCALAR_LB -DMINI_DATASET \
  -DDATA_TYPE_IS_FLOAT

# The one-file output of the C99-prototype build (init_array and
# print_array take variable-length arrays through PolyBench's macros: they
# become `void *` parameters, the region's function's arguments get casts):
# the whole .cu built with the emulation header, and nvcc where found.
onefile=(-DPOLYBENCH_DUMP_ARRAYS -DPOLYBENCH_TIME -DPOLYBENCH_USE_C99_PROTO
         -DSMALL_DATASET -I"$PB/utilities" -I"$PB/stencils/jacobi-2d")
"$STENCILCC" "$PB/stencils/jacobi-2d/jacobi-2d.c" "${onefile[@]}" "${plan[@]}" -o onefile.cu \
  || fail "stencilcc jacobi-2d.c (one file, C99 prototypes)"
$CXX -std=c++20 -O0 -I"$SRC/include" "${onefile[@]}" \
  -include stencilcc/Runtime/CudaEmulation.h -x c++ -c onefile.cu -o onefile.o \
  || fail "onefile.cu (PolyBench, C99 prototypes) on the CPU"
# The one-file output is C++: the C library it calls is built as C++ too
# (polybench.h has no extern "C"), as nvcc would build it beside.
$CXX -O1 -x c++ "${onefile[@]}" -c "$PB/utilities/polybench.c" -o polybench.cxx.o
$CXX onefile.o polybench.cxx.o -lboost_context -lm -o onefile.gpu
./onefile.gpu 2>onefile.gpu.dump >/dev/null
cmp jacobi-2d-double.cpu.dump onefile.gpu.dump \
  || fail "the one-file output's dump differs (diff $WORK/{jacobi-2d-double.cpu,onefile.gpu}.dump)"
if [[ -n $NVCC ]]; then
  "$NVCC" -O3 -arch=sm_90 "${onefile[@]}" -c onefile.cu -o onefile.nvcc.o \
    || fail "nvcc -O3 -arch=sm_90 rejects the one-file output (C99 prototypes)"
  "$NVCC" onefile.nvcc.o polybench.cxx.o -lm -o onefile.nvcc \
    || fail "nvcc does not link the one-file output with polybench.c"
fi
echo "jacobi-2d-double, one file: same dump"

# One step fewer prints another dump: the comparison above sees steps.
$CC -std=c11 -Wno-unknown-pragmas -O2 -DPOLYBENCH_DUMP_ARRAYS \
  -DPOLYBENCH_USE_C99_PROTO -DTSTEPS=39 -DN=90 -I"$PB/utilities" \
  "$PB/stencils/jacobi-2d/jacobi-2d.c" "$PB/utilities/polybench.c" -lm \
  -o fewer.cpu
./fewer.cpu 2>fewer.dump
! cmp -s fewer.dump jacobi-2d-double.cpu.dump \
  || fail "the dump after 39 steps is the dump after 40"

# Pointers the time step rotates: the buffers and where each pointer (and
# a temporary declared before the region) points after the region, through
# the launchers and in the one-file output (the file is C and C++ alike).
$CC -std=c11 -Wall -Werror -Wno-unknown-pragmas -O1 "$HERE/rotated-pointers.c" \
  -o rotated.cpu
generate rotated "$HERE/rotated-pointers.c"
$CXX rotated.o rotated.launchers.o -lboost_context -o rotated.gpu
"$STENCILCC" "$HERE/rotated-pointers.c" -o rotated-onefile.cu ||
  fail "stencilcc rotated-pointers.c (one file)"
$CXX -std=c++20 -O0 -I"$SRC/include" -include stencilcc/Runtime/CudaEmulation.h \
  -x c++ rotated-onefile.cu -lboost_context -o rotated-onefile.gpu ||
  fail "rotated-onefile.cu on the CPU"
if [[ -n $NVCC ]]; then
  "$NVCC" -O3 -arch=sm_90 -c rotated-onefile.cu -o rotated-onefile.nvcc.o ||
    fail "nvcc -O3 -arch=sm_90 rejects rotated-onefile.cu"
fi
./rotated.cpu >rotated.cpu.out
./rotated.gpu >rotated.gpu.out
./rotated-onefile.gpu >rotated-onefile.out
cmp rotated.cpu.out rotated.gpu.out ||
  fail "rotated pointers: the launchers' build prints otherwise (diff $WORK/rotated.{cpu,gpu}.out)"
cmp rotated.cpu.out rotated-onefile.out ||
  fail "rotated pointers: the one-file output prints otherwise (diff $WORK/rotated.cpu.out $WORK/rotated-onefile.out)"
echo "rotated pointers: same output, launchers and one file ($(wc -l <rotated.cpu.out) lines)"

# Both region forms and the values the C code reads after them.
$CC -std=c11 -Wall -Werror -Wno-unknown-pragmas -O1 "$HERE/around-regions.c" \
  -o around.cpu
# bT=4 rather than the default plans' 8 (the default is PolyBench's above):
# the remainder launches and parity split run all the same, and nvcc has
# fewer kernels to compile.
generate around "$HERE/around-regions.c"
$CXX around.o around.launchers.o -lboost_context -o around.gpu
if [[ -n $NVCC ]]; then
  "$NVCC" around.o around.nvcc.o -o around.nvcc \
    || fail "nvcc does not link around's objects"
fi
./around.cpu >around.cpu.out
./around.gpu >around.gpu.out
cmp around.cpu.out around.gpu.out \
  || fail "around-regions: the outputs differ (diff $WORK/around.{cpu,gpu}.out)"
echo "around-regions: same output ($(wc -l <around.cpu.out) lines)"

[[ -n $NVCC ]] && echo "nvcc: every .cu compiled and linked" \
  || echo "nvcc not found: the .cu files were compiled on the CPU only"
echo PASS
