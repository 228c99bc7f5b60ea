#!/usr/bin/env bash
# Builds the libFuzzer target over the frontend and analysis (test/fuzz,
# with ASan and UBSan; docs/fuzzing.md) and runs it on a copy of the seeds:
# the accepted and rejected inputs of the tests and the benchmarks.
#
#   scripts/fuzz.sh                  2 minutes on the seeds (what CI runs)
#   scripts/fuzz.sh --time=3600      an hour
#   scripts/fuzz.sh --runs=100000    100,000 executions
#   scripts/fuzz.sh --runs=100000 --jobs=2
#                                    the same in 2 workers of 50,000 each
#                                    sharing the corpus (libFuzzer's -jobs)
#   scripts/fuzz.sh --corpus=DIR     grow DIR (seeded if empty) instead of
#                                    a fresh copy of the seeds
#   scripts/fuzz.sh --build-only     configure and build only
#
# Environment: FUZZ_BUILD_DIR (default build-fuzz), FUZZ_TIMEOUT (seconds
# one input may take before it counts as a hang, default 30), FUZZ_RSS_MB
# (default 4096), FUZZ_JOBS (build jobs, default: the cores).
# Exits non-zero on a crash, a hang, a sanitizer report or a leak; the
# input that caused it is left in $FUZZ_BUILD_DIR/artifacts/. Ends with the
# executions, coverage (libFuzzer's cov: edges, ft: features) and corpus;
# libFuzzer's whole output is in $FUZZ_BUILD_DIR/fuzz-<date>-<time>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
TIME=120
RUNS=-1
CORPUS=
BUILD_ONLY=0
JOBS=1
for a in "$@"; do
  case $a in
    --time=*) TIME=${a#--time=} ;;
    --runs=*) RUNS=${a#--runs=}; TIME=0 ;;
    --corpus=*) CORPUS=${a#--corpus=} ;;
    --jobs=*) JOBS=${a#--jobs=} ;;
    --build-only) BUILD_ONLY=1 ;;
    -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: scripts/fuzz.sh [--time=S | --runs=N] [--jobs=N] [--corpus=DIR] [--build-only]" >&2; exit 2 ;;
  esac
done
BUILD=${FUZZ_BUILD_DIR:-build-fuzz}
TIMEOUT=${FUZZ_TIMEOUT:-30}
RSS=${FUZZ_RSS_MB:-4096}
# Inputs above this size are not tried: the two largest benchmarks (box3d
# of radius 3 and 4, 19 and 40 KB) take seconds each under the sanitizers,
# and their crossings with the rest tens of seconds.
MAX_LEN=8192

# -fsanitize=fuzzer,address,undefined links clang's runtimes
# (libclang-rt-16-dev, which libfuzzer-16-dev comes with on Debian 12).
if [ ! -f "$(clang-16 -print-resource-dir)/lib/linux/libclang_rt.fuzzer-x86_64.a" ]; then
  echo "fuzz.sh: libFuzzer for clang-16 is missing: apt-get install libfuzzer-16-dev libclang-rt-16-dev (scripts/setup.sh installs them)" >&2
  exit 1
fi
start=$(date +%s)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
echo "== configuring and building the fuzz target in $BUILD"
# Configured once (a later run keeps the build directory's settings).
[ -f "$BUILD/CMakeCache.txt" ] ||
  cmake -S . -B "$BUILD" -G Ninja -DSTENCILCC_FUZZ=ON \
    -DCMAKE_C_COMPILER=clang-16 -DCMAKE_CXX_COMPILER=clang++-16 \
    "${launcher[@]}" >/dev/null
cmake --build "$BUILD" --target stencilcc-fuzz-frontend -j "${FUZZ_JOBS:-$(nproc)}"
echo "== built in $(( $(date +%s) - start )) s"
[ $BUILD_ONLY = 1 ] && exit 0

if [ -z "$CORPUS" ]; then
  CORPUS=$BUILD/corpus
  rm -rf "$CORPUS"
fi
mkdir -p "$CORPUS" "$BUILD/artifacts"
if [ -z "$(ls -A "$CORPUS")" ]; then
  for d in test/Inputs/accepted test/Inputs/stage test/lit/reject \
           benchmarks/stencils benchmarks/stage; do
    for f in "$d"/*.c; do
      [ "$(stat -c %s "$f")" -le $MAX_LEN ] &&
        cp "$f" "$CORPUS/${d//\//_}_$(basename "$f")"
    done
  done
fi
echo "== fuzzing: $(ls "$CORPUS" | wc -l) inputs in $CORPUS, $([ "$RUNS" = -1 ] && echo "$TIME s" || echo "$RUNS runs")"
LOG=$BUILD/fuzz-$(date +%Y%m%d-%H%M%S).log
options=(-dict=test/fuzz/stencilcc.dict -max_len=$MAX_LEN
  -max_total_time="$TIME" -timeout="$TIMEOUT"
  -rss_limit_mb="$RSS" -close_fd_mask=2 -print_final_stats=1
  -artifact_prefix="$BUILD/artifacts/")
set +e
if [ "$JOBS" -le 1 ]; then
  "$BUILD/test/fuzz/stencilcc-fuzz-frontend" "$CORPUS" "${options[@]}" \
    -runs="$RUNS" 2>&1 | tee "$LOG" |
    grep -E --line-buffered '^#[0-9]+[[:space:]]+(INITED|pulse|DONE)|ERROR|SUMMARY|Test unit written|^stat::'
  status=${PIPESTATUS[0]}
else
  # libFuzzer's workers write fuzz-<k>.log in the working directory.
  work=$(mktemp -d)
  runs=$RUNS
  [ "$RUNS" = -1 ] || runs=$(( (RUNS + JOBS - 1) / JOBS ))
  corpus=$(realpath "$CORPUS")
  bin=$(realpath "$BUILD/test/fuzz/stencilcc-fuzz-frontend")
  options[0]=-dict=$(realpath test/fuzz/stencilcc.dict)
  options[${#options[@]}-1]=-artifact_prefix=$(realpath "$BUILD")/artifacts/
  (cd "$work" && "$bin" "$corpus" "${options[@]}" -runs="$runs" \
     -jobs="$JOBS" -workers="$JOBS" >/dev/null 2>&1)
  status=$?
  for f in "$work"/fuzz-*.log; do echo "== worker $f"; cat "$f"; done >"$LOG"
  rm -rf "$work"
  grep -E 'ERROR|SUMMARY|Test unit written|^stat::' "$LOG"
  # A worker's finding stops it with a non-zero status of its own.
  grep -qE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error|Test unit written' "$LOG" && status=1
fi
set -e
total=0
for n in $(grep -E '^#[0-9]+[[:space:]]+DONE' "$LOG" | sed -nE 's/^#([0-9]+).*/\1/p'); do
  total=$((total + n))
done
last=$(grep -E '^#[0-9]+[[:space:]]' "$LOG" | tail -1 || true)
if [ -n "$last" ]; then
  done_runs=$(sed -nE 's/^#([0-9]+).*/\1/p' <<<"$last")
  [ "$JOBS" -gt 1 ] && [ "$total" -gt 0 ] && done_runs="$total (over $JOBS workers; the last worker's coverage)"
  stats="$done_runs executions, $(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9A-Za-z]+' <<<"$last"), $(grep -oE 'exec/s: [0-9]+' <<<"$last")"
else
  stats="stopped before its first stats line"
fi
echo "== $(date -u +%F): $stats, $(( $(date +%s) - start )) s in all; log: $LOG"
if [ "$status" != 0 ]; then
  echo "fuzz.sh: the target failed (exit $status); reproduce with" \
       "$BUILD/test/fuzz/stencilcc-fuzz-frontend $BUILD/artifacts/<file>" \
       "(STENCILCC_FUZZ_VERBOSE=1 prints its diagnostics)" >&2
  grep -A40 -E '^==[0-9]+==ERROR|runtime error|ERROR: libFuzzer' "$LOG" | head -60 >&2 || true
fi
exit "$status"
