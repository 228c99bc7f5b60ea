#!/usr/bin/env bash
# The test of the test: a self-check built from deliberately broken
# generated code must fail in emulation.
#
# The breakage: in the --emit-test program of j2d5pt (bT=2, SCR, 32-thread
# blocks, whole stream), the first __syncthreads() of the tail loop of the
# degree-2 kernel is deleted: the loop that runs the steady state of every
# block not wholly inside the domain (all of them at the check's main
# size, about 1.5 blocks), then drains the levels. It is the
# barrier between each thread writing its column's values into the
# exchange buffer and the two levels reading their left and right
# neighbours' values from it. Without it, the emulation's fibres run from
# the previous barrier straight through the reads: in thread order, the
# right neighbour has not written yet (in reverse order, the left one), so
# the level reads the value of two columns before. The program must report
# FAIL (relative L2 error over the tolerance) and exit 1, while the same
# program unbroken passes.
#
#   missing-barrier.sh STENCILCC SOURCE_DIR [WORK_DIR]
set -uo pipefail
STENCILCC=$1
SRC=$2
WORK=${3:-$(mktemp -d)}
mkdir -p "$WORK"
CXX=${CXX:-g++}

build() { # check.cu binary
  $CXX -std=c++20 -O0 -w -I"$SRC/include" \
    -include stencilcc/Runtime/CudaEmulation.h -x c++ "$1" -x none \
    -lboost_context -o "$2"
}

"$STENCILCC" --emit-test "$SRC/benchmarks/stencils/j2d5pt.c" \
  --bt=2 --bs=32 --sl=0 -o "$WORK/intact.cu" || exit 1

# Line of the first barrier after the tail-loop marker of the _bt2 kernel.
line=$(awk '/^stencilcc_[A-Za-z0-9_]*_bt2\(/ { k = 1 }
            k && /\/\/ Tail:/ { inner = 1 }
            inner && /^ *__syncthreads\(\);$/ { print NR; exit }' "$WORK/intact.cu")
if [[ -z $line ]]; then
  echo "missing-barrier: no tail-loop barrier found in the _bt2 kernel" >&2
  exit 1
fi
sed "${line}d" "$WORK/intact.cu" >"$WORK/broken.cu"
echo "removed line $line of the generated program:"
sed -n "$((line - 3)),$((line + 3))p" "$WORK/intact.cu" | sed 's/^/  | /'
if [[ $(($(wc -l <"$WORK/intact.cu") - $(wc -l <"$WORK/broken.cu"))) -ne 1 ]]; then
  echo "missing-barrier: sed did not remove exactly one line" >&2
  exit 1
fi

build "$WORK/intact.cu" "$WORK/intact" && build "$WORK/broken.cu" "$WORK/broken" || exit 1

echo "== intact program (must pass):"
"$WORK/intact" --no-edge-cases >"$WORK/intact.out" 2>&1
intact_rc=$?
sed 's/^/  /' "$WORK/intact.out"
echo "== without the barrier (must fail):"
"$WORK/broken" --no-edge-cases >"$WORK/broken.out" 2>&1
broken_rc=$?
sed 's/^/  /' "$WORK/broken.out"

if [[ $intact_rc -ne 0 ]]; then
  echo "missing-barrier: the intact program failed; the test proves nothing" >&2
  exit 1
fi
# A wrong result, not a crash: exit 1 and a FAIL line over the tolerance.
if [[ $broken_rc -ne 1 ]] || ! grep -q '^FAIL .*rel_l2=' "$WORK/broken.out"; then
  echo "missing-barrier: the broken program was not caught (exit $broken_rc)" >&2
  exit 1
fi
echo "caught: the check fails without the barrier and passes with it"
