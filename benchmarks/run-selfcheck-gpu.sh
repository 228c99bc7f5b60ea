#!/usr/bin/env bash
# run-selfcheck-gpu.sh: build and run, on a GPU machine, the `stencilcc
# --emit-test` programs that benchmarks/generate-selfcheck.sh wrote (the
# generated code of each region against its C text; see docs/self-check.md).
#
# Usage (from anywhere):
#   benchmarks/run-selfcheck-gpu.sh [--filter REGEX] [--jobs N] [--deadline S] [--sanitize]
#
#   --filter REGEX  only the programs whose id matches (grep -E)
#   --jobs N        parallel nvcc builds (default 16); the programs run one at a time
#   --sanitize      instead of the two runs below: each program (built with -lineinfo)
#                   once under each of compute-sanitizer's memcheck, racecheck and
#                   synccheck, at a small size (--n=4000 1D, 300 2D, 40 3D; the
#                   program's steps, no edge cases): errors reported per tool, and
#                   the check's own verdict under it (generate-selfcheck.sh --sanitize)
#   --deadline S    start no build or run after S seconds (default 540), and stop
#                   builds still running then, so the table prints inside a
#                   10-minute call (BUILD_TIMEOUT, default 300 s, caps each build)
#
# Needs benchmarks/gen-selfcheck/ or benchmarks/gen-selfcheck.tar.xz (unpacked
# here when the directory is missing), nvcc (PATH or /usr/local/cuda/bin) and a GPU.
# Each program is built with `nvcc -O3 -arch=sm_90` (ARCH overrides) and runs twice:
#   edge   its defaults and its own edge cases (T = 0, 1, bT-1, bT, bT+1, 2bT+1,
#          2bT+2, the first prime >= 2bT; a tiny grid, ~1.5 blocks, whole blocks)
#   spec   SPEC §5's size: --n=1000 (1D/2D) or --n=100 (3D), --steps=20, no edge cases
# Output: progress, then a table (also $OUT/table.txt); logs under $OUT (or
# $SELFCHECK_BUILD/out): build/<id>.log, run/<id>.{edge,spec}.txt, status.txt.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
GEN=benchmarks/gen-selfcheck
BUILD=${SELFCHECK_BUILD:-/tmp/stencilcc-selfcheck}
OUTDIR=${OUT:-$BUILD/out}
ARCH=${ARCH:-sm_90}
if [[ -z ${NVCC:-} ]]; then
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
fi
FILTER='' JOBS=16 DEADLINE=540 SANITIZE=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --filter) FILTER=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --deadline) DEADLINE=$2; shift 2 ;;
    --sanitize) SANITIZE=1; shift ;;
    *) echo "usage: $0 [--filter REGEX] [--jobs N] [--deadline S] [--sanitize]" >&2; exit 2 ;;
  esac
done
START=$(date +%s)
END=$((START + DEADLINE))
LINEINFO=""
((SANITIZE)) && LINEINFO=-lineinfo
SANITIZER=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
export NVCC ARCH BUILD OUTDIR GEN END LINEINFO

if [[ ! -f $GEN/manifest.txt && -f $GEN.tar.xz ]]; then
  tar -C benchmarks -xJf "$GEN.tar.xz"
fi
if [[ ! -f $GEN/manifest.txt ]]; then
  echo "run-selfcheck-gpu.sh: no $GEN/manifest.txt: run benchmarks/generate-selfcheck.sh" \
       "first and carry benchmarks/gen-selfcheck.tar.xz" >&2
  exit 2
fi
rm -f "$BUILD"/bin/*.status
mkdir -p "$BUILD/bin" "$OUTDIR/build" "$OUTDIR/run"
awk -v re="$FILTER" 're == "" || $1 ~ re' "$GEN/manifest.txt" >"$BUILD/selected.txt"
n=$(wc -l <"$BUILD/selected.txt")
echo "run-selfcheck-gpu.sh: $n programs; $("$NVCC" --version | grep -m1 release)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/GPU: /'

build() { # id
  local id=$1
  if (($(date +%s) >= END)); then
    echo "SKIP deadline" >"$BUILD/bin/$id.status"
    return
  fi
  local t0=$SECONDS
  # A build may not outlive the deadline (some hybrid plans of large box
  # stencils take nvcc minutes): it is stopped and reported as TIMEOUT.
  local left=$((END - $(date +%s)))
  ((left > ${BUILD_TIMEOUT:-300})) && left=${BUILD_TIMEOUT:-300}
  ((left < 1)) && left=1
  timeout "$left" "$NVCC" -O3 -arch="$ARCH" $LINEINFO "$GEN/$id.cu" -o "$BUILD/bin/$id" \
    >"$OUTDIR/build/$id.log" 2>&1
  local rc=$?
  if ((rc == 0)); then
    echo "OK $((SECONDS - t0))s" >"$BUILD/bin/$id.status"
  elif ((rc == 124)); then
    echo "TIMEOUT $((SECONDS - t0))s" >"$BUILD/bin/$id.status"
  else
    echo "FAIL $((SECONDS - t0))s" >"$BUILD/bin/$id.status"
  fi
}
export -f build
t0=$SECONDS
( while sleep 30; do
    echo "  [build] $(ls "$BUILD"/bin/*.status 2>/dev/null | wc -l)/$n done, $((SECONDS - t0)) s"
  done ) &
beat=$!
cut -d' ' -f1 "$BUILD/selected.txt" | xargs -P "$JOBS" -I{} bash -c 'build {}'
kill "$beat" 2>/dev/null; wait "$beat" 2>/dev/null
echo "built in $((SECONDS - t0)) s"

# --sanitize: each program under each tool; one row per program.
if ((SANITIZE)); then
  : >"$OUTDIR/sanitize.txt"
  bad=0
  while read -r id dims flags; do
    st=$(cat "$BUILD/bin/$id.status" 2>/dev/null || echo "FAIL missing")
    row="$id ${st%% *}"
    if [[ $st != OK* ]]; then
      bad=$((bad + 1))
      echo "$row - - - $flags" >>"$OUTDIR/sanitize.txt"
      continue
    fi
    n=$([[ $dims == 3 ]] && echo 40 || { [[ $dims == 2 ]] && echo 300 || echo 4000; })
    for tool in memcheck racecheck synccheck; do
      out="$OUTDIR/run/$id.$tool.txt"
      if (($(date +%s) >= END)); then
        row+=" not-run"; bad=$((bad + 1)); continue
      fi
      timeout 300 "$SANITIZER" --tool "$tool" --error-exitcode 9 \
        "$BUILD/bin/$id" --n="$n" --no-edge-cases >"$out" 2>&1
      rc=$?
      errors=$(grep -oE '(ERROR|RACECHECK) SUMMARY: [0-9]+' "$out" | grep -oE '[0-9]+$' | tail -n 1)
      verdict=$(grep -oE '^[0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1)
      cell="${errors:-?}/${verdict%% *}p"
      if [[ $rc -ne 0 || ${errors:-x} != 0 || $verdict != *" 0 failed" ]]; then
        cell+="!"; bad=$((bad + 1))
      fi
      row+=" $cell"
    done
    echo "$row $flags" >>"$OUTDIR/sanitize.txt"
  done <"$BUILD/selected.txt"
  {
    echo "compute-sanitizer on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1), nvcc -O3 -arch=$ARCH -lineinfo; $("$SANITIZER" --version | grep -m1 -i version)"
    printf '%-34s %-5s %-10s %-10s %-10s %s\n' program build memcheck racecheck synccheck "plan flags"
    awk '{ printf "%-34s %-5s %-10s %-10s %-10s", $1, $2, $3, $4, $5; for (i = 6; i <= NF; i++) printf " %s", $i; printf "\n" }' \
      "$OUTDIR/sanitize.txt"
    echo "(each cell: the tool's error count / the self-check's cases passed under it; '!' marks a"
    echo " report, a failed case or a non-zero exit. Outputs in run/<id>.<tool>.txt.)"
    echo "$bad problems"
  } | tee "$OUTDIR/table.txt"
  [[ $bad -eq 0 ]]
  exit
fi

# "passed failed" of a program's output (its last line), or "- -".
counts() {
  awk '/^[0-9]+ passed, [0-9]+ failed/ { p = $1; f = $3 } END { if (p == "") print "- -"; else print p, f }' "$1"
}

: >"$OUTDIR/status.txt"
: >"$OUTDIR/failures.txt"
total_pass=0 total_fail=0
while read -r id dims flags; do
  st=$(cat "$BUILD/bin/$id.status" 2>/dev/null || echo "FAIL missing")
  edge="-" spec="-" rel="-"
  if [[ $st == OK* ]]; then
    for mode in edge spec; do
      out="$OUTDIR/run/$id.$mode.txt"
      if (($(date +%s) >= END)); then
        echo "not run: past the deadline" >"$out"
        continue
      fi
      args=()
      [[ $mode == spec ]] && args=(--n=$([[ $dims == 3 ]] && echo 100 || echo 1000) --steps=20 --no-edge-cases)
      timeout 120 "$BUILD/bin/$id" "${args[@]}" >"$out" 2>&1
      rc=$?
      read -r p f < <(counts "$out")
      [[ $rc -ne 0 && $p == - ]] && { p=0; f=1; echo "exit status $rc" >>"$out"; }
      total_pass=$((total_pass + p)) total_fail=$((total_fail + f))
      if [[ $mode == edge ]]; then edge="$p/$((p + f))"; else spec="$p/$((p + f))"; fi
      [[ $mode == spec ]] && rel=$(grep -m1 -o 'rel_l2=[^ ]*' "$out" | cut -d= -f2)
      grep -E '^FAIL' "$out" | sed "s/^/$id $mode: /" >>"$OUTDIR/failures.txt"
    done
  fi
  echo "$id ${st%% *} $edge $spec ${rel:--} $flags" >>"$OUTDIR/status.txt"
done <"$BUILD/selected.txt"

builds_failed=$(awk '$2 != "OK"' "$OUTDIR/status.txt" | wc -l)
{
  echo "self-check on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n 1), nvcc -O3 -arch=$ARCH"
  printf '%-44s %-5s %-6s %-5s %-10s %s\n' program build edge spec rel_l2 "plan flags"
  awk '{ printf "%-44s %-5s %-6s %-5s %-10s", $1, $2, $3, $4, $5; for (i = 6; i <= NF; i++) printf " %s", $i; printf "\n" }' \
    "$OUTDIR/status.txt"
  echo "(edge: cases passed/run with the program's defaults and edge cases; spec: at SPEC §5's size, 20 steps;"
  echo " rel_l2 of the spec case. Failing cases in failures.txt; outputs in run/.)"
  echo "$total_pass passed, $((total_fail + builds_failed)) failed ($builds_failed programs not built or not run)"
} | tee "$OUTDIR/table.txt"
[[ $total_fail -eq 0 && $builds_failed -eq 0 ]]
