#!/usr/bin/env bash
# The build-system use of stencilcc, end to end: install this build into a
# fresh prefix, configure examples/cmake-consumer against it with only
# CMAKE_PREFIX_PATH, build it with nvcc (compile + link, no run), then check
# from Ninja's own explanations (-d explain) and the .cu's timestamp that
# the .cu is regenerated exactly when it must be: after touching the C file,
# the header it includes, the stencilcc binary, or changing the plan
# options, and never by a build with nothing changed.
#
#   consumer-regeneration.sh <stencilcc build dir> <source dir> <work dir>
#
# Exit 77 (skipped) when there is no nvcc.
set -euo pipefail
BUILD=$1 SRC=$2 WORK=$3

NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [ ! -x "$NVCC" ]; then
  echo "nvcc not found: the consumer project cannot be built here"
  exit 77
fi

rm -rf "$WORK"
mkdir -p "$WORK"
PREFIX=$WORK/prefix CBUILD=$WORK/build CSRC=$WORK/src
CU=$CBUILD/stencilcc/heat_step.cu

fail() { echo "FAIL: $*" >&2; exit 1; }

echo "== cmake --install $BUILD --prefix $PREFIX"
cmake --install "$BUILD" --prefix "$PREFIX" >/dev/null
for f in bin/stencilcc include/stencilcc/Runtime/CudaEmulation.h \
         lib/cmake/stencilcc/stencilccConfig.cmake \
         lib/cmake/stencilcc/stencilccConfigVersion.cmake \
         lib/cmake/stencilcc/stencilccTargets.cmake \
         lib/cmake/stencilcc/stencilccGenerate.cmake; do
  [ -e "$PREFIX/$f" ] || fail "not installed: $f"
done
# The installed binary must not reach back into the build tree.
if readelf -d "$PREFIX/bin/stencilcc" | grep -iE 'rpath|runpath' | grep -qF "$BUILD"; then
  fail "the installed stencilcc has a run path into the build tree"
fi

# A copy, since the test touches its files.
cp -r "$SRC/examples/cmake-consumer" "$CSRC"
echo "== configure the consumer against $PREFIX"
cmake -S "$CSRC" -B "$CBUILD" -G Ninja -DCMAKE_PREFIX_PATH="$PREFIX" \
  -DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON \
  > "$WORK/configure.log" || { cat "$WORK/configure.log"; fail "configure"; }
grep -qxF "stencilcc_DIR:PATH=$PREFIX/lib/cmake/stencilcc" "$CBUILD/CMakeCache.txt" \
  || fail "find_package(stencilcc) did not use the installed package"
grep -qF "$PREFIX/bin/stencilcc" "$CBUILD/build.ninja" \
  || fail "the generation command does not run the installed stencilcc"

# Runs a build, keeps Ninja's output in $LOG, and the .cu's time in MTIME.
step=0
build() {
  step=$((step + 1))
  LOG=$WORK/build-$step.log
  BEFORE=$(stat -c %.9Y "$CU" 2>/dev/null || echo none)
  ninja -C "$CBUILD" -d explain > "$LOG" 2>&1 || { cat "$LOG"; fail "build $step"; }
  MTIME=$(stat -c %.9Y "$CU")
}
# The .cu was regenerated, and Ninja says which input made it out of date.
expect_regenerated() {
  local why=$1
  grep -qF "stencilcc: generating heat_step.cu" "$LOG" \
    || { cat "$LOG"; fail "build $step did not run stencilcc ($why)"; }
  grep -qE "^ninja explain: .*$why" "$LOG" \
    || { cat "$LOG"; fail "build $step: Ninja does not give '$why' as the reason"; }
  [ "$MTIME" != "$BEFORE" ] || fail "build $step: $CU was not rewritten"
  grep -qE '^\[[0-9]+/[0-9]+\] Linking' "$LOG" || fail "build $step did not relink"
  echo "   regenerated: $(grep -m1 -E "^ninja explain: .*$why" "$LOG")"
}
expect_nothing() {
  grep -qx "ninja: no work to do." "$LOG" \
    || { cat "$LOG"; fail "build $step with nothing changed did work"; }
  ! grep -q "^ninja explain:" "$LOG" \
    || { cat "$LOG"; fail "build $step with nothing changed found something dirty"; }
  [ "$MTIME" = "$BEFORE" ] || fail "build $step rewrote $CU"
  echo "   nothing to do"
}

echo "== first build (stencilcc, nvcc, link)"
build
[ -x "$CBUILD/heat" ] || fail "no heat executable"
grep -q "^// plan: bT=2 " "$CU" || fail "the OPTIONS (--bt=2) did not reach stencilcc"
echo "== second build, nothing changed"
build; expect_nothing

echo "== touch heat_step.c"
touch "$CSRC/heat_step.c"
build; expect_regenerated "output stencilcc/heat_step.cu older than most recent input $CSRC/heat_step.c"
build; expect_nothing

echo "== touch heat.h (known only from stencilcc's depfile)"
touch "$CSRC/heat.h"
build; expect_regenerated "output stencilcc/heat_step.cu older than most recent input $CSRC/heat.h"
build; expect_nothing

echo "== touch the installed stencilcc"
touch "$PREFIX/bin/stencilcc"
build; expect_regenerated "output stencilcc/heat_step.cu older than most recent input $PREFIX/bin/stencilcc"
build; expect_nothing

echo "== another plan (HEAT_STENCILCC_OPTIONS=--bt=4)"
cmake "$CBUILD" -DHEAT_STENCILCC_OPTIONS=--bt=4 > "$WORK/reconfigure.log"
build; expect_regenerated "command line changed for stencilcc/heat_step.cu"
grep -q "^// plan: bT=4 " "$CU" || fail "the new plan is not in $CU"
build; expect_nothing
echo "PASS"
