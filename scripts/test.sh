#!/usr/bin/env bash
# Runs every test (unit tests with GoogleTest, output tests with lit and
# FileCheck, nvcc compiles, the generated code run on the CPU against the C
# loop), after making sure dependencies are installed and the build is
# current. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-example
BUILD_DIR=${BUILD_DIR:-build}
status=0
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" || status=$?
# ctest shows a test's output only when it fails: the emulated self-checks'
# totals, always.
summary="$BUILD_DIR/test/emulation/selfchecks/summary.txt"
if [ -f "$summary" ]; then
  cat "$summary"
fi
exit $status
