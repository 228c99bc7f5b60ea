#!/usr/bin/env bash
# stencilcc_generate()'s arguments (OPTIONS, OUTPUT_DIR, INCLUDE_DIRECTORIES,
# COMPILE_DEFINITIONS, TARGET, C_OUTPUT) and its errors, through the installed
# package, on the project in generate-args/ (no CUDA needed).
#
#   generate-args.sh <stencilcc build dir> <source dir> <work dir>
set -euo pipefail
BUILD=$1 SRC=$2 WORK=$3
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$WORK"
cmake --install "$BUILD" --prefix "$WORK/prefix" >/dev/null
configure() {
  cmake -S "$SRC/test/install/generate-args" -B "$WORK/$1" -G Ninja \
    -DCMAKE_PREFIX_PATH="$WORK/prefix" -DSTENCILCC_SOURCE_DIR="$SRC" "${@:2}"
}
configure build > "$WORK/configure.log" || { cat "$WORK/configure.log"; fail configure; }
ninja -C "$WORK/build" > "$WORK/build.log" || { cat "$WORK/build.log"; fail build; }

B=$WORK/build
analysis() { grep -m1 '^// analysis:' "$B/$1/needs-macro.cu"; }
analysis defs | grep -q ', double$' || fail "COMPILE_DEFINITIONS did not reach stencilcc"
grep -q '^// plan: bT=3 ' "$B/defs/needs-macro.cu" || fail "OPTIONS did not reach stencilcc"
analysis incs | grep -q ', float$' || fail "INCLUDE_DIRECTORIES: wrong type"
grep -q 'include/real.h' "$B/incs/needs-macro.cu.d" || fail "INCLUDE_DIRECTORIES did not reach stencilcc"
analysis tfloat | grep -q ', float$' || fail "TARGET: wrong type"
grep -q 'include/real.h' "$B/tfloat/needs-macro.cu.d" || fail "TARGET's include directories did not reach stencilcc"
analysis tdouble | grep -q ', double$' || fail "TARGET's (linked) definitions did not reach stencilcc"
grep -qx 'defs: REAL=double' "$B/source-properties.txt" || fail "the .cu does not get the definitions"
grep -qx "incs: $SRC/test/lit/driver/Inputs;$SRC/test/lit/driver/Inputs/include" \
  "$B/source-properties.txt" || fail "the .cu does not get the include directories"

# C_OUTPUT: both files, the C one free of regions, and the program built
# from it and its launchers prints what the C loop prints.
grep -qx "cu: $B/cmode/needs-macro.cu" "$B/c-output.txt" || fail "C_OUTPUT: wrong .cu list"
grep -qx "c: $B/cmode/needs-macro.c" "$B/c-output.txt" || fail "C_OUTPUT: wrong .c list"
! grep -q '^#pragma scop' "$B/cmode/needs-macro.c" || fail "C_OUTPUT: the C file keeps its region"
grep -q '^extern "C" void stencilcc_needs_macro_smooth_r0' "$B/cmode/needs-macro.cu" \
  || fail "C_OUTPUT: no launcher in the .cu"
"$B/cmode_program" > "$WORK/cmode.out" || fail "C_OUTPUT: the program failed"
"$B/cmode_reference" > "$WORK/reference.out"
cmp "$WORK/cmode.out" "$WORK/reference.out" || fail "C_OUTPUT: the program and its C loop differ"
ninja -C "$B" -n > "$WORK/again.log"
grep -qx "ninja: no work to do." "$WORK/again.log" || { cat "$WORK/again.log"; fail "C_OUTPUT: a second build has work to do"; }

# Errors are configure errors that say what is wrong.
! configure bad1 -DSTENCILCC_BAD_CALL=unknown > "$WORK/bad1.log" 2>&1 || fail "unknown argument accepted"
grep -q "stencilcc_generate: unknown arguments: PLAN_CACHE;plan.json" "$WORK/bad1.log" \
  || { cat "$WORK/bad1.log"; fail "no message for an unknown argument"; }
! configure bad2 -DSTENCILCC_BAD_CALL=clash > "$WORK/bad2.log" 2>&1 || fail "two outputs with one name accepted"
grep -q "stencilcc_generate: two SOURCES named 'needs-macro" "$WORK/bad2.log" \
  || { cat "$WORK/bad2.log"; fail "no message for two sources with one name"; }
! configure bad3 -DSTENCILCC_BAD_CALL=missing > "$WORK/bad3.log" 2>&1 || fail "a missing source accepted"
grep -q "stencilcc_generate: no source file 'PLAN_CACHE'" "$WORK/bad3.log" \
  || { cat "$WORK/bad3.log"; fail "no message for a missing source"; }
! configure bad4 -DSTENCILCC_BAD_CALL=c_output > "$WORK/bad4.log" 2>&1 || fail "C_OUTPUT without a variable accepted"
grep -q "stencilcc_generate: C_OUTPUT needs the name of a variable" "$WORK/bad4.log" \
  || { cat "$WORK/bad4.log"; fail "no message for C_OUTPUT without a variable"; }
echo PASS
