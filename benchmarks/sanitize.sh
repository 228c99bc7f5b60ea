#!/usr/bin/env bash
# Runs compute-sanitizer (memcheck, racecheck) on built harness binaries of
# run-gpu.sh: benchmarks/sanitize.sh STEM N STEPS [STEM N STEPS ...]
# (STEM as in benchmarks/gen, e.g. star2d1r_float_default). Prints one line
# per tool and binary, with the sanitizer's error summary.
set -uo pipefail
BUILD=${BENCH_BUILD:-/tmp/stencilcc-bench}
OUT=${OUT:-$BUILD/out}
mkdir -p "$OUT"
status=0
while [[ $# -ge 3 ]]; do
  stem=$1 n=$2 steps=$3
  shift 3
  for tool in memcheck racecheck; do
    log="$OUT/sanitize-$tool-$stem.txt"
    compute-sanitizer --tool "$tool" --error-exitcode 9 "$BUILD/bin/$stem" check "$n" "$steps" >"$log" 2>&1
    rc=$?
    summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$log" | tail -1)
    echo "SANITIZE $tool $stem n=$n steps=$steps rc=$rc ${summary:-no summary} $(grep -oE 'result=[A-Z]+' "$log" | tail -1)"
    [[ $rc -ne 0 ]] && status=1
  done
done
exit $status
