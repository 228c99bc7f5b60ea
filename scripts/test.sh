#!/usr/bin/env bash
# Runs the tests (unit tests with GoogleTest, output tests with lit and
# FileCheck, nvcc compiles, the generated code run on the CPU against the C
# loop), after making sure dependencies are installed and the build is
# current. CI runs exactly this.
#
#   scripts/test.sh           the ci set: every plan family and option, every
#                             accepted input at its default plan, at small
#                             sizes (a fresh 2-core clone, 2026-11-28:
#                             26.5 to 29 minutes of tests and 7 to 8 of
#                             fuzzing, besides the build)
#   scripts/test.sh --full    the full matrix of plans and inputs, for a
#                             release or after a large change (several
#                             times the ci set's time)
#
# Then fuzzes the frontend and analysis for 90 seconds in two workers (one
# a core) on the seeds
# (scripts/fuzz.sh: builds the instrumented target in build-fuzz first;
# FUZZ_TIME=0 skips it). Ends with each long test's program count and wall
# time, the five slowest tests, the fuzz run's executions, and `N passed,
# N failed` over the tests; fails if a test fails or the fuzz run finds a
# crash, a hang or a sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
SET=ci
case ${1:-} in
  "") ;;
  --full) SET=full ;;
  -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: scripts/test.sh [--full]" >&2; exit 2 ;;
esac
scripts/setup.sh --no-example
BUILD_DIR=${BUILD_DIR:-build}
OTHER=$([[ $SET == ci ]] && echo full || echo ci)
LOG="$BUILD_DIR/test/ctest-$SET.log"
mkdir -p "$BUILD_DIR/test"
marker=$(mktemp)
trap 'rm -f "$marker"' EXIT
status=0
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)" -LE "set-$OTHER" \
  | tee "$LOG" || status=$?

# The fuzz run (docs/fuzzing.md), after the tests: it builds its own
# instrumented libraries.
fuzz_status=0
fuzz_line="skipped (FUZZ_TIME=0)"
if [[ ${FUZZ_TIME:-90} != 0 ]]; then
  echo
  echo "== fuzz"
  fuzz_start=$(date +%s)
  scripts/fuzz.sh --time="${FUZZ_TIME:-90}" --jobs=2 2>&1 | tee "$BUILD_DIR/test/fuzz.txt" ||
    fuzz_status=$?
  fuzz_line="$(grep -E '^== [0-9-]+: ' "$BUILD_DIR/test/fuzz.txt" | tail -1 | sed 's/^== //')"
  fuzz_line="$([[ $fuzz_status == 0 ]] && echo passed || echo FAILED): ${fuzz_line:-no summary} (build and run $(( $(date +%s) - fuzz_start )) s)"
fi

# ctest shows a test's output only when it fails: the long tests' own
# summaries (programs, wall time, slowest programs), always.
echo
echo "== long tests"
find "$BUILD_DIR/test" -name '*.txt' -newer "$marker" \
  \( -path '*/summaries/*' -o -name summary.txt \) -print0 |
  sort -z | xargs -0 -r cat
# From ctest's lines ` 3/12 Test  #5: name ....   Passed  412.34 sec`.
echo "== slowest tests (s)"
sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) [ .*]+([A-Za-z*]+[A-Za-z ]*)[ ]+([0-9.]+) sec$/\3 \1/p' "$LOG" |
  sort -rn | awk 'NR <= 5 { printf "  %8.1f  %s\n", $1, $2 }'
passed=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* Passed +[0-9.]+ sec$' "$LOG" || true)
skipped=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: .* Skipped +[0-9.]+ sec$' "$LOG" || true)
total=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: ' "$LOG" || true)
echo "== fuzz: $fuzz_line"
echo "$passed passed, $((total - passed - skipped)) failed$([[ $skipped == 0 ]] || echo ", $skipped skipped")"
[[ $status != 0 ]] || status=$fuzz_status
exit $status
