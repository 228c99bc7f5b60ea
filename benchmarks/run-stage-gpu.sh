#!/usr/bin/env bash
# run-stage-gpu.sh: on a GPU machine, build, check and time the stage-form files
# that benchmarks/generate-stage.sh wrote (it needs nvcc, not stencilcc).
#
# Usage (from the repository root or anywhere; $OUT: the output folder):
#   bash benchmarks/run-stage-gpu.sh [--deadline S] [--quick] [--reps N]
#        [--jobs N] [--check-jobs N] [--filter REGEX] [--no-checks] [--no-times]
#        [--no-reuse] [--rebuild] [--emulate]
#
#   --deadline S    start no build, check or timed run after S seconds (default
#                   450); the table is still printed. A run already started may
#                   finish; later repetitions are skipped when the previous run
#                   of the same binary would not fit before the deadline.
#   --quick         one timed run per file (--reps 1), checks with their own
#                   defaults only (no second, larger case)
#   --reps N        timed runs per file (default 3; median). The runs are made in
#                   passes (every file once, then every file again, ...), so the
#                   deadline cuts repetitions, not files.
#   --jobs N        parallel nvcc builds (default 16)
#   --check-jobs N  check programs run at once on the GPU (default 4)
#   --filter REGEX  only the manifest lines whose file name matches (grep -E)
#   --no-checks / --no-times   skip the check programs / the timing runs
#   --no-reuse      time every file, even one identical to another already timed
#                   (by default a file whose text, less its first line, equals
#                   another's is built and timed once: a program whose default
#                   plan is the naive one, marked * in the table)
#   --rebuild       ignore binaries of an earlier call (kept in $STAGE_BUILD,
#                   keyed by the file's hash and the flags)
#   --emulate       no GPU: build with g++ and include/stencilcc/Runtime/
#                   CudaEmulation.h (needs Boost.Context) and time at tiny sizes;
#                   for testing this script where there is no GPU
#
# Needs benchmarks/gen-stage.tar.xz (unpacked here into benchmarks/gen-stage/,
# replacing it) or benchmarks/gen-stage/, nvcc (PATH or /usr/local/cuda/bin;
# NVCC overrides) and ARCH (default sm_90).
#
# Builds (parallel, timing programs first):
#   timing  nvcc -O3 -arch=$ARCH -Xptxas -v -DREAL=<real>
#             '-DSB_START_INSTRUMENTS=sb_start_instruments()'
#             '-DSB_STOP_INSTRUMENTS=sb_stop_instruments()'
#             -include benchmarks/harness/sb_hooks.h -c <file>
#           linked with benchmarks/stage/sb_stage_hooks.cu: the hooks time from
#           SB_START (after the copy-in and a synchronize) to SB_STOP (after the
#           last kernel and a synchronize) with CUDA events on the default
#           stream (kernel_ms, the figure reported) and a steady clock (host_ms);
#           the copies, the fill and the checksum are not timed.
#   check   nvcc -O3 -arch=$ARCH -Xptxas -v <file>   (the --emit-test program)
# Checks: every check program runs with its defaults (its own edge cases) and,
# unless --quick, once more at SPEC §5's size (--n=1000, 3D --n=100, --steps=20,
# --no-edge-cases). Timings: per binary one warm-up run at a small size (2D 1024^2,
# 3D 64^3, 1D 2^16; 10 sweeps), then the manifest's size and steps, --reps times;
# the default and naive runs of a program must print the same checksums (sum
# within rtol * sum|x|, sum|x| and max|x| within rtol, rtol 1e-4 float, 1e-9
# double), and a ping-pong program's totals must match its t%2 form's (T/2 steps
# of one are T of the other on the same data).
#
# Binaries: $STAGE_BUILD/bin/<key>, and $STAGE_BUILD/by-stem/<file less .cu>
# (links; what benchmarks/profile-ncu.sh --stage profiles).
# Output ($OUT, else $STAGE_BUILD/out; six files, as the device tool returns at most
# eight): table.txt (the table, printed last), status.txt (per file), checks.txt
# (every check program's output: every case), times.txt (one line per timed run),
# checksums.txt (the comparisons), and logs.tar.xz: compile/<stem>.log (nvcc and
# ptxas -v), check/<stem>.{edge,spec}.txt, time/<stem>.{warm,rep1,rep2,...}.txt
# (every run's whole output), written under $STAGE_BUILD/logs and packed at the end.
# Exit status: 0 all done and passed; 1 a build, check case, timed run or checksum
# comparison failed; 2 usage or missing inputs; 3 nothing failed but the deadline
# left work undone (the table's NOT DONE line says what).
# On an H100 (nvcc 13.0, 2026-11-26) the default call took 450 s: builds 31 s, checks
# 21 s (612 cases), timings 397 s (31 binaries; 4 got 2 runs before the deadline).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
GEN=benchmarks/gen-stage
BUILD=${STAGE_BUILD:-/tmp/stencilcc-stage}
OUT=${OUT:-$BUILD/out}
ARCH=${ARCH:-sm_90}
DEADLINE=450 REPS=3 JOBS=16 CHECK_JOBS=4 FILTER='' QUICK=0 DO_CHECKS=1 DO_TIMES=1
REUSE=1 REBUILD=0 EMULATE=0
usage() { sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --deadline) DEADLINE=$2; shift 2 ;;
    --quick) QUICK=1 REPS=1; shift ;;
    --reps) REPS=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --check-jobs) CHECK_JOBS=$2; shift 2 ;;
    --filter) FILTER=$2; shift 2 ;;
    --no-checks) DO_CHECKS=0; shift ;;
    --no-times) DO_TIMES=0; shift ;;
    --no-reuse) REUSE=0; shift ;;
    --rebuild) REBUILD=1; shift ;;
    --emulate) EMULATE=1; shift ;;
    *) usage ;;
  esac
done
[[ $DEADLINE =~ ^[0-9]+$ && $REPS =~ ^[1-9][0-9]*$ && $JOBS =~ ^[1-9][0-9]*$ && $CHECK_JOBS =~ ^[1-9][0-9]*$ ]] || usage
START=$(date +%s)
END=$((START + DEADLINE))
now() { date +%s; }
elapsed() { echo "$(($(now) - START)) s"; }
if [[ -z ${NVCC:-} ]]; then NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc); fi
CXX=${CXX:-g++}

# ---------------------------------------------------------------- inputs
if [[ -f $GEN.tar.xz ]]; then
  rm -rf "$GEN"
  tar -C benchmarks -xJf "$GEN.tar.xz" || { echo "run-stage-gpu.sh: cannot unpack $GEN.tar.xz" >&2; exit 2; }
fi
if [[ ! -f $GEN/manifest.txt ]]; then
  echo "run-stage-gpu.sh: no $GEN/manifest.txt: run benchmarks/generate-stage.sh and carry $GEN.tar.xz" >&2
  exit 2
fi
LOGS=$BUILD/logs
rm -rf "$LOGS"
mkdir -p "$BUILD/bin" "$BUILD/st" "$OUT" "$LOGS/compile" "$LOGS/check" "$LOGS/time"
rm -f "$BUILD"/st/*
gpu_name=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)
((EMULATE)) && gpu_name="CPU emulation ($CXX)"
if ((EMULATE)); then
  tool_ver=$("$CXX" --version | head -n 1)
else
  tool_ver=$("$NVCC" --version 2>/dev/null | grep -m1 release | sed 's/.*release/nvcc/')
  [[ -n $tool_ver ]] || { echo "run-stage-gpu.sh: no nvcc at $NVCC" >&2; exit 2; }
fi
echo "run-stage-gpu.sh: ${gpu_name:-no GPU found}; $tool_ver; $(head -n 1 "$GEN/manifest.txt" | sed 's/^# //')"
echo "  deadline ${DEADLINE} s, reps $REPS$( ((QUICK)) && echo ', quick')$( ((EMULATE)) && echo ', emulation at tiny sizes')"

# ---------------------------------------------------------------- manifest
# E_*: one entry per manifest line kept by --filter.
E_KIND=() E_NAME=() E_REAL=() E_PLAN=() E_DIMS=() E_SPS=() E_SIZE=() E_STEPS=() E_GSPS=() E_FILE=() E_STEM=()
while read -r kind name real plan dims sps size steps gsps file; do
  [[ -z $kind || $kind == \#* ]] && continue
  [[ -n $FILTER ]] && ! grep -qE -- "$FILTER" <<<"$file" && continue
  [[ -f $GEN/$file ]] || { echo "  missing $GEN/$file (in the manifest)"; continue; }
  E_KIND+=("$kind") E_NAME+=("$name") E_REAL+=("$real") E_PLAN+=("$plan") E_DIMS+=("$dims")
  E_SPS+=("$sps") E_SIZE+=("$size") E_STEPS+=("$steps") E_GSPS+=("$gsps") E_FILE+=("$file")
  E_STEM+=("${file%.cu}")
done <"$GEN/manifest.txt"
NE=${#E_FILE[@]}
((NE > 0)) || { echo "run-stage-gpu.sh: nothing to do (filter '$FILTER')" >&2; exit 2; }
if ((EMULATE)); then
  # tiny sizes (the emulation runs a CUDA thread as a fibre); ping-pong steps
  # stay half the t%2 form's
  for ((i = 0; i < NE; i++)); do
    [[ ${E_KIND[i]} == time ]] || continue
    case ${E_DIMS[i]} in 1) E_SIZE[i]=4000 ;; 2) E_SIZE[i]=40 ;; 3) E_SIZE[i]=16 ;; esac
    E_STEPS[i]=$((E_STEPS[i] >= 1000 ? 8 : 4))
  done
fi

# Build key: the file less its first line (which names the input's path), the
# kind, the precision, the flags and gen-stage/bench_common.h. Equal keys build
# (and run) the same binary.
flags_of() { # kind real
  if ((EMULATE)); then echo "emulate $CXX"; return; fi
  if [[ $1 == time ]]; then
    echo "-O3 -arch=$ARCH -Xptxas -v -DREAL=$2 -DSB_START_INSTRUMENTS=sb_start_instruments() -DSB_STOP_INSTRUMENTS=sb_stop_instruments() -include benchmarks/harness/sb_hooks.h"
  else
    echo "-O3 -arch=$ARCH -Xptxas -v"
  fi
}
declare -A KEY_OF=() FIRST_OF_KEY=()
for ((i = 0; i < NE; i++)); do
  s=${E_STEM[i]}
  # (with gen-stage/bench_common.h, which the benchmark programs include)
  h=$(tail -n +2 "$GEN/${E_FILE[i]}" | cat - <(flags_of "${E_KIND[i]}" "${E_REAL[i]}") \
    <(cat "$GEN/bench_common.h" 2>/dev/null) | md5sum | cut -c1-16)
  k="${E_KIND[i]}-$h"
  ((REUSE)) || k="$k-$s"
  KEY_OF[$s]=$k
  [[ -n ${FIRST_OF_KEY[$k]:-} ]] || FIRST_OF_KEY[$k]=$s
done

# ---------------------------------------------------------------- builds
HOOKS_SRC=benchmarks/stage/sb_stage_hooks.cu
build_hooks() {
  if ((EMULATE)); then
    "$CXX" -std=c++20 -O1 -I include -include stencilcc/Runtime/CudaEmulation.h -x c++ -c "$HOOKS_SRC" -o "$BUILD/hooks-emu.o"
  else
    "$NVCC" -O3 -arch="$ARCH" -c "$HOOKS_SRC" -o "$BUILD/hooks.o"
  fi
}
HOOKS_OBJ=$BUILD/hooks.o
((EMULATE)) && HOOKS_OBJ=$BUILD/hooks-emu.o
if ! build_hooks >"$LOGS/compile/sb_stage_hooks.log" 2>&1; then
  echo "run-stage-gpu.sh: the hooks do not build (see $LOGS/compile/sb_stage_hooks.log):" >&2
  tail -n 5 "$LOGS/compile/sb_stage_hooks.log" >&2
  exit 1
fi
# The emulation's headers, precompiled once (test/emulation/precompiled.h).
PCH=stencilcc/Runtime/CudaEmulation.h
if ((EMULATE)); then
  mkdir -p "$BUILD/pch"
  cp test/emulation/precompiled.h "$BUILD/pch/precompiled.h"
  if "$CXX" -std=c++20 -O0 -w -I include -x c++-header "$BUILD/pch/precompiled.h" -o "$BUILD/pch/precompiled.h.gch" 2>/dev/null; then
    PCH=$BUILD/pch/precompiled.h
  fi
fi

build_one() { # key kind real file stem
  local key=$1 kind=$2 real=$3 file=$4 stem=$5 t0=$SECONDS left rc log="$LOGS/compile/$5.log"
  if [[ $REBUILD == 0 && -x $BUILD/bin/$key ]]; then
    echo "OK cached" >"$BUILD/st/$key"
    { echo "(binary of an earlier call: $BUILD/bin/$key; its build log follows)"; cat "$BUILD/bin/$key.log" 2>/dev/null; } >"$log"
    return
  fi
  if (($(date +%s) >= END)); then echo "SKIP deadline" >"$BUILD/st/$key"; return; fi
  left=$((END - $(date +%s)))
  ((left > ${BUILD_TIMEOUT:-300})) && left=${BUILD_TIMEOUT:-300}
  ((left < 1)) && left=1
  rm -f "$BUILD/bin/$key"
  if [[ $EMULATE == 1 ]]; then
    if [[ $kind == time ]]; then
      timeout "$left" "$CXX" -std=c++20 -O0 -w -I include -include "$PCH" -DREAL="$real" \
        '-DSB_START_INSTRUMENTS=sb_start_instruments()' '-DSB_STOP_INSTRUMENTS=sb_stop_instruments()' \
        -include benchmarks/harness/sb_hooks.h -x c++ "$GEN/$file" -x none "$HOOKS_OBJ" \
        -lboost_context -o "$BUILD/bin/$key.tmp" >"$log" 2>&1
    else
      timeout "$left" "$CXX" -std=c++20 -O0 -w -I include -include "$PCH" -x c++ "$GEN/$file" \
        -x none -lboost_context -o "$BUILD/bin/$key.tmp" >"$log" 2>&1
    fi
  elif [[ $kind == time ]]; then
    timeout "$left" "$NVCC" -O3 -arch="$ARCH" -Xptxas -v -DREAL="$real" \
      '-DSB_START_INSTRUMENTS=sb_start_instruments()' '-DSB_STOP_INSTRUMENTS=sb_stop_instruments()' \
      -include benchmarks/harness/sb_hooks.h -c "$GEN/$file" -o "$BUILD/bin/$key.o" >"$log" 2>&1 &&
      timeout 120 "$NVCC" -O3 -arch="$ARCH" "$BUILD/bin/$key.o" "$HOOKS_OBJ" -o "$BUILD/bin/$key.tmp" >>"$log" 2>&1
  else
    timeout "$left" "$NVCC" -O3 -arch="$ARCH" -Xptxas -v "$GEN/$file" -o "$BUILD/bin/$key.tmp" >"$log" 2>&1
  fi
  rc=$?
  rm -f "$BUILD/bin/$key.o"
  if ((rc == 0)); then
    cp "$log" "$BUILD/bin/$key.log"
    mv "$BUILD/bin/$key.tmp" "$BUILD/bin/$key"
    echo "OK $((SECONDS - t0))s" >"$BUILD/st/$key"
  elif ((rc == 124)); then
    echo "TIMEOUT $((SECONDS - t0))s" >"$BUILD/st/$key"
  else
    echo "FAIL $((SECONDS - t0))s" >"$BUILD/st/$key"
  fi
}
export -f build_one
export BUILD OUT LOGS GEN END NVCC ARCH CXX EMULATE REBUILD HOOKS_OBJ PCH

# timing programs first (the GPU work after the builds needs them first), then
# the checks; one build per key
joblist=$BUILD/build-jobs.txt
: >"$joblist"
declare -A queued=()
for pass in time check; do
  [[ $pass == time && $DO_TIMES == 0 ]] && continue
  [[ $pass == check && $DO_CHECKS == 0 ]] && continue
  for ((i = 0; i < NE; i++)); do
    [[ ${E_KIND[i]} == "$pass" ]] || continue
    k=${KEY_OF[${E_STEM[i]}]}
    [[ -n ${queued[$k]:-} ]] && continue
    queued[$k]=1
    echo "$k ${E_KIND[i]} ${E_REAL[i]} ${E_FILE[i]} ${FIRST_OF_KEY[$k]}" >>"$joblist"
  done
done
nb=$(wc -l <"$joblist")
echo "[build] $nb distinct binaries for $NE files, $JOBS at a time ($(elapsed))"
( while sleep 30; do echo "  [build] $(ls "$BUILD/st" | wc -l)/$nb done ($(elapsed))"; done ) &
beat=$!
xargs -P "$JOBS" -L 1 bash -c 'build_one "$@"' _ <"$joblist"
kill "$beat" 2>/dev/null
wait "$beat" 2>/dev/null
declare -A B_STAT=()
nok=0 nfail=0 nskip=0 nspill=0
spill_list=() bfail_list=()
while read -r k kind _ _ stem; do
  st=$(cat "$BUILD/st/$k" 2>/dev/null || echo "FAIL missing")
  B_STAT[$k]=$st
  case $st in
    OK*) nok=$((nok + 1)) ;;
    SKIP*) nskip=$((nskip + 1)) ;;
    *) nfail=$((nfail + 1)); bfail_list+=("$stem: $st ($(grep -m1 -iE 'error' "$LOGS/compile/$stem.log" | cut -c1-100))") ;;
  esac
  if grep -qE '[1-9][0-9]* bytes spill stores' "$LOGS/compile/$stem.log" 2>/dev/null; then
    nspill=$((nspill + 1))
    spill_list+=("$stem: $(grep -oE '[1-9][0-9]* bytes spill stores' "$LOGS/compile/$stem.log" | sort -u | paste -sd, -)")
  fi
done <"$joblist"
# by-stem/<stem>: each file's binary under its own name (benchmarks/profile-ncu.sh --stage)
rm -rf "$BUILD/by-stem"
mkdir -p "$BUILD/by-stem"
for ((i = 0; i < NE; i++)); do
  k=${KEY_OF[${E_STEM[i]}]}
  [[ -x $BUILD/bin/$k ]] && ln -s "../bin/$k" "$BUILD/by-stem/${E_STEM[i]}"
done
T_BUILD=$(now)
echo "[build] $nok built, $nfail failed, $nskip not built (deadline), $nspill with spills ($(elapsed))"

# ---------------------------------------------------------------- checks
ck_pass=0 ck_fail=0 ck_crash=0
declare -A CK_STATE=()
fail_list=()
if ((DO_CHECKS)); then
  run_check() { # key mode dims stem
    local key=$1 mode=$2 dims=$3 stem=$4 out="$LOGS/check/$4.$2.txt" rc args=()
    if (($(date +%s) >= END)); then echo "NOT RUN: past the deadline" >"$out"; return; fi
    if [[ $mode == spec ]]; then
      args=(--n=1000 --steps=20 --no-edge-cases)
      [[ $dims == *3* ]] && args=(--n=100 --steps=20 --no-edge-cases)
      if [[ $EMULATE == 1 ]]; then args=(--n=60 --steps=6 --no-edge-cases); [[ $dims == *3* ]] && args[0]=--n=20; fi
    fi
    timeout "${CHECK_TIMEOUT:-120}" "$BUILD/bin/$key" "${args[@]}" >"$out" 2>&1
    rc=$?
    echo "RC $rc" >>"$out"
  }
  export -f run_check
  ckjobs=$BUILD/check-jobs.txt
  : >"$ckjobs"
  modes="edge spec"
  ((QUICK)) && modes=edge
  declare -A ck_queued=()
  for ((i = 0; i < NE; i++)); do
    [[ ${E_KIND[i]} == check ]] || continue
    k=${KEY_OF[${E_STEM[i]}]}
    [[ ${B_STAT[$k]:-} == OK* && -z ${ck_queued[$k]:-} ]] || continue
    ck_queued[$k]=1
    for m in $modes; do echo "$k $m ${E_DIMS[i]} ${FIRST_OF_KEY[$k]}" >>"$ckjobs"; done
  done
  echo "[check] $(wc -l <"$ckjobs") runs of $(printf '%s\n' "${!ck_queued[@]}" | grep -c .) distinct check programs, $CHECK_JOBS at a time ($(elapsed))"
  xargs -P "$CHECK_JOBS" -L 1 bash -c 'run_check "$@"' _ <"$ckjobs"
  : >"$OUT/checks.txt"
  for ((i = 0; i < NE; i++)); do
    [[ ${E_KIND[i]} == check ]] || continue
    s=${E_STEM[i]} k=${KEY_OF[${E_STEM[i]}]} first=${FIRST_OF_KEY[${KEY_OF[${E_STEM[i]}]}]}
    st=${B_STAT[$k]:-}
    if [[ $st != OK* ]]; then
      if [[ $st == SKIP* ]]; then CK_STATE[$s]=skipped; else CK_STATE[$s]=nocompile; ck_crash=$((ck_crash + 1)); fail_list+=("BUILD $s: $st"); fi
      echo "### $s: not built ($st)" >>"$OUT/checks.txt"
      continue
    fi
    state=ok
    for m in $modes; do
      f="$LOGS/check/$first.$m.txt"
      {
        echo "### $s $m${first:+$([[ $first != "$s" ]] && echo " (same file as $first)")}"
        cat "$f" 2>/dev/null || echo "(not run)"
      } >>"$OUT/checks.txt"
      if [[ ! -f $f ]] || grep -q '^NOT RUN' "$f"; then [[ $state == ok ]] && state=skipped; continue; fi
      read -r p q < <(awk '/^[0-9]+ passed, [0-9]+ failed/ { p = $1; f = $3 } END { if (p == "") print "- -"; else print p, f }' "$f")
      rc=$(awk '/^RC /{ r = $2 } END { print r + 0 }' "$f")
      if [[ $p == - ]]; then
        ck_crash=$((ck_crash + 1)); state=FAIL
        fail_list+=("CRASH $s $m: rc=$rc $(grep -v '^RC ' "$f" | tail -n 1 | cut -c1-90)")
        continue
      fi
      ck_pass=$((ck_pass + p)) ck_fail=$((ck_fail + q))
      if ((q > 0 || rc != 0)); then
        state=FAIL
        while read -r line; do fail_list+=("$s $m: ${line:0:150}"); done < <(grep -E '^FAIL' "$f" | head -n 5)
        ((q == 0)) && fail_list+=("$s $m: exit $rc")
      fi
    done
    CK_STATE[$s]=$state
  done
  echo "[check] $ck_pass cases passed, $ck_fail failed, $ck_crash programs crashed or not built ($(elapsed))"
fi

T_CHECK=$(now)

# ---------------------------------------------------------------- timings
declare -A T_RUNS=() T_WALL=() T_MED=() T_HOST=() T_N=() T_NOTE=() T_CK=()
if ((DO_TIMES)); then
  : >"$OUT/times.txt"
  # the distinct timing binaries, in manifest order, and the entries they serve
  tkeys=()
  declare -A tk_seen=() TK_IDX=()
  for ((i = 0; i < NE; i++)); do
    [[ ${E_KIND[i]} == time ]] || continue
    k=${KEY_OF[${E_STEM[i]}]}
    [[ -n ${tk_seen[$k]:-} ]] && continue
    tk_seen[$k]=1 TK_IDX[$k]=$i
    tkeys+=("$k")
  done
  echo "[time] ${#tkeys[@]} distinct timing binaries; warm-up at a small size, then up to $REPS run(s) each at full size ($(elapsed))"
  # run_timed key tag size steps -> the run's output in $LOGS/time/<stem>.<tag>.txt;
  # sets R_MS, R_HOST, R_WALL, R_RC
  run_timed() {
    local key=$1 tag=$2 size=$3 steps=$4 stem=${FIRST_OF_KEY[$1]} f t0 t1 lim
    f="$LOGS/time/$stem.$tag.txt"
    lim=${TIME_TIMEOUT:-300}
    t0=$(date +%s.%N)
    timeout "$lim" "$BUILD/bin/$key" "$size" "$steps" >"$f" 2>&1
    R_RC=$?
    t1=$(date +%s.%N)
    echo "RC $R_RC" >>"$f"
    R_WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    R_MS=$(grep -m1 -oE 'kernel_ms=[0-9.]+' "$f" | cut -d= -f2)
    R_HOST=$(grep -m1 -oE 'host_ms=[0-9.]+' "$f" | cut -d= -f2)
    if grep -q '^SB_HOOKS' "$f" || [[ $(grep -c '^SB_TIME' "$f") != 1 ]]; then R_MS="" R_HOST=""; fi
    [[ $R_RC == 0 ]] || R_MS=""
  }
  for ((pass = 1; pass <= REPS; pass++)); do
    for k in "${tkeys[@]}"; do
      i=${TK_IDX[$k]} s=${FIRST_OF_KEY[$k]}
      if [[ ${B_STAT[$k]:-} != OK* ]]; then
        ((pass == 1)) && { echo "TIME-SKIP $s not built (${B_STAT[$k]:-?})" >>"$OUT/times.txt"; T_NOTE[$k]="not built"; }
        continue
      fi
      [[ ${T_NOTE[$k]:-} == failed* ]] && continue
      if (($(now) >= END)); then
        echo "TIME-SKIP $s rep$pass deadline" >>"$OUT/times.txt"
        continue
      fi
      if ((pass > 1)) && [[ -n ${T_WALL[$k]:-} ]] &&
        awk -v n="$(now)" -v w="${T_WALL[$k]}" -v e="$END" 'BEGIN { exit !(n + w > e) }'; then
        echo "TIME-SKIP $s rep$pass would end past the deadline (last run ${T_WALL[$k]} s)" >>"$OUT/times.txt"
        continue
      fi
      if ((pass == 1 && EMULATE == 0)); then
        case ${E_DIMS[i]} in 1) ws=65536 ;; 3) ws=64 ;; *) ws=1024 ;; esac
        wt=$((10 / E_SPS[i])); ((wt < 1)) && wt=1
        run_timed "$k" warm "$ws" "$wt"
      fi
      run_timed "$k" "rep$pass" "${E_SIZE[i]}" "${E_STEPS[i]}"
      echo "TIME $s rep$pass n=${E_SIZE[i]} steps=${E_STEPS[i]} kernel_ms=${R_MS:--} host_ms=${R_HOST:--} wall_s=$R_WALL rc=$R_RC" >>"$OUT/times.txt"
      T_WALL[$k]=$R_WALL
      if [[ -z $R_MS ]]; then
        T_NOTE[$k]="failed rep$pass (rc=$R_RC)"
        why=$(grep -vE '^(RC|checksum|stage-bench|SB_TIME)' "$LOGS/time/$s.rep$pass.txt" | tail -n 1 | cut -c1-100)
        echo "  [time] $s rep$pass FAILED: rc=$R_RC ${why}"
        fail_list+=("TIME $s rep$pass: rc=$R_RC $why")
        continue
      fi
      T_RUNS[$k]="${T_RUNS[$k]:-} $R_MS"
      T_HOST[$k]="${T_HOST[$k]:-} $R_HOST"
      # the same binary must print the same checksums every run
      if ((pass == 1)); then
        T_CK[$k]=$(grep '^checksum ' "$LOGS/time/$s.rep1.txt")
      elif [[ $(grep '^checksum ' "$LOGS/time/$s.rep$pass.txt") != "${T_CK[$k]}" ]]; then
        T_NOTE[$k]="checksums differ between runs"
        fail_list+=("TIME $s: rep$pass printed other checksums than rep1 (nondeterministic)")
      fi
      printf '  [time] %-30s rep%d %10s ms (wall %s s) (%s)\n' "$s" "$pass" "$R_MS" "$R_WALL" "$(elapsed)"
    done
  done
  for k in "${tkeys[@]}"; do
    [[ -n ${T_RUNS[$k]:-} ]] || continue
    read -r T_N[$k] T_MED[$k] < <(tr ' ' '\n' <<<"${T_RUNS[$k]}" | grep . | sort -g |
      awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%d %.3f\n", NR, m }')
  done
fi

T_TIME=$(now)

# ---------------------------------------------------------------- checksums
# cmp_ck FILE_A FILE_B RTOL [total]: "ok", or what differs. Lines
#   checksum <array>: sum=S abssum=L maxabs=M
# The sums may differ by RTOL * sum|x|, sum|x| and max|x| by RTOL relative.
cmp_ck() {
  local pat='^checksum '
  [[ ${4:-} == total ]] && pat='^checksum total:'
  awk -v rtol="$3" -v pat="$pat" '
    # fields: checksum <array>: sum=S abssum=L maxabs=M
    function val(field,   p) { p = index(field, "="); return substr(field, p + 1) }
    function finite(x) { return x !~ /nan|inf/ }
    function bad(a, b, scale,   d) {
      if (!finite(a) || !finite(b)) return 1
      d = a - b; if (d < 0) d = -d
      return d > rtol * scale
    }
    FNR == 1 { f++ }
    $0 ~ pat {
      k = $2
      if (f == 1) { order[++n] = k; SA[k] = val($3); LA[k] = val($4); MA[k] = val($5) }
      else { seen[k] = 1; SB[k] = val($3); LB[k] = val($4); MB[k] = val($5) }
    }
    END {
      if (n == 0) { print "no checksum"; exit }
      msg = ""
      for (j = 1; j <= n; j++) {
        k = order[j]
        if (!(k in seen)) { msg = msg " " k " missing"; continue }
        la = LA[k] + 0; lb = LB[k] + 0; ma = MA[k] + 0; mb = MB[k] + 0
        sc = (la > lb ? la : lb); if (sc < 1e-300) sc = 1e-300
        mc = (ma > mb ? ma : mb); if (mc < 1e-300) mc = 1e-300
        if (bad(SA[k], SB[k], sc) || bad(LA[k], LB[k], sc) || bad(MA[k], MB[k], mc))
          msg = msg sprintf(" %s sum %s/%s max %s/%s", k, SA[k], SB[k], MA[k], MB[k])
      }
      print (msg == "" ? "ok" : "differ:" msg)
    }' "$1" "$2"
}
rtol_of() { [[ $1 == double ]] && echo 1e-9 || echo 1e-4; }
fmt() { if [[ -n ${1:-} ]]; then printf "%.${2}f" "$1"; else echo -; fi; }
ratio() { if [[ -n ${1:-} && -n ${2:-} ]]; then awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; else echo -; fi; }
declare -A ROW_CK=() ROW_PT=()
ck_lines=() var_rows=()
if ((DO_TIMES)); then
  for ((i = 0; i < NE; i++)); do
    [[ ${E_KIND[i]} == time && ${E_PLAN[i]} == default ]] || continue
    n=${E_NAME[i]} r=${E_REAL[i]}
    d=${E_STEM[i]} v="$n-$r-naive"
    fd="$LOGS/time/${FIRST_OF_KEY[${KEY_OF[$d]}]}.rep1.txt"
    [[ -n ${KEY_OF[$v]:-} ]] || continue
    fv="$LOGS/time/${FIRST_OF_KEY[${KEY_OF[$v]}]}.rep1.txt"
    if [[ ${KEY_OF[$d]} == "${KEY_OF[$v]}" ]]; then
      ROW_CK[$n/$r]=same
    elif [[ -n ${T_MED[${KEY_OF[$d]}]:-} && -n ${T_MED[${KEY_OF[$v]}]:-} ]]; then
      res=$(cmp_ck "$fd" "$fv" "$(rtol_of "$r")")
      ROW_CK[$n/$r]=$res
      [[ $res == ok ]] || fail_list+=("CHECKSUM $n $r default vs naive: ${res:0:150}")
      ck_lines+=("$n $r default vs naive: $res")
    fi
    # a ping-pong program against its t%2 form: T/2 steps there = T steps here
    if [[ $n == *_pp ]]; then
      t="${n%_pp}_t2-$r-default"
      [[ -n ${KEY_OF[$t]:-} && -n ${T_MED[${KEY_OF[$d]}]:-} && -n ${T_MED[${KEY_OF[$t]}]:-} ]] || continue
      ft="$LOGS/time/${FIRST_OF_KEY[${KEY_OF[$t]}]}.rep1.txt"
      res=$(cmp_ck "$fd" "$ft" "$(rtol_of "$r")" total)
      ROW_PT[$n/$r]=$res
      [[ $res == ok ]] || fail_list+=("CHECKSUM $n $r ping-pong vs t%2 totals: ${res:0:150}")
      ck_lines+=("$n $r ping-pong vs ${n%_pp}_t2 totals: $res")
    fi
  done
  # variants (generate-stage.sh --variant): checksums against naive's
  for ((i = 0; i < NE; i++)); do
    [[ ${E_KIND[i]} == time && ${E_PLAN[i]} != default && ${E_PLAN[i]} != naive ]] || continue
    n=${E_NAME[i]} r=${E_REAL[i]} p=${E_PLAN[i]}
    kx=${KEY_OF[${E_STEM[i]}]} kv=${KEY_OF[$n-$r-naive]:-} kd=${KEY_OF[$n-$r-default]:-}
    mx=${T_MED[$kx]:-} mv=${kv:+${T_MED[$kv]:-}} md=${kd:+${T_MED[$kd]:-}}
    res=-
    if [[ -n $mx && -n $mv ]]; then
      res=$(cmp_ck "$LOGS/time/${FIRST_OF_KEY[$kx]}.rep1.txt" "$LOGS/time/${FIRST_OF_KEY[$kv]}.rep1.txt" "$(rtol_of "$r")")
      [[ $res == ok ]] || fail_list+=("CHECKSUM $n $r $p vs naive: ${res:0:150}")
      ck_lines+=("$n $r $p vs naive: $res")
    fi
    var_rows+=("$(printf '%-16s %-6s %-12s %10s %8s %8s %5s %s' "$n" "$r" "$p" "$(fmt "$mx" 1)" \
      "$(ratio "$mv" "$mx")" "$(ratio "$md" "$mx")" "${T_N[$kx]:-0}" "${res:0:40}")")
  done
  printf '%s\n' "${ck_lines[@]}" >"$OUT/checksums.txt"
fi

# ---------------------------------------------------------------- status.txt
{
  echo "# stem kind build check timing"
  for ((i = 0; i < NE; i++)); do
    s=${E_STEM[i]} k=${KEY_OF[${E_STEM[i]}]}
    first=${FIRST_OF_KEY[$k]}
    same=""
    [[ $first != "$s" ]] && same=" (same file as $first)"
    if [[ ${E_KIND[i]} == check ]]; then
      echo "$s check build=${B_STAT[$k]:-not-built} check=${CK_STATE[$s]:-off}$same"
    else
      echo "$s time build=${B_STAT[$k]:-not-built} runs=[${T_RUNS[$k]:-} ] median_ms=${T_MED[$k]:--}${T_NOTE[$k]:+ ${T_NOTE[$k]}}$same"
    fi
  done
} >"$OUT/status.txt"

# ---------------------------------------------------------------- table
ck_skip=0 t_skip=0 t_short=0
for ((i = 0; i < NE; i++)); do
  [[ ${E_KIND[i]} == check && $DO_CHECKS == 1 && ${CK_STATE[${E_STEM[i]}]:-skipped} == skipped ]] && ck_skip=$((ck_skip + 1))
done
if ((DO_TIMES)); then
  for k in "${tkeys[@]}"; do
    if [[ -z ${T_RUNS[$k]:-} ]]; then t_skip=$((t_skip + 1))
    elif ((T_N[$k] < REPS)); then t_short=$((t_short + 1)); fi
  done
fi
{
  echo "== stage-form benchmarks: ${gpu_name:-?}; $tool_ver; $(date -u '+%F %T UTC'); $(elapsed)${FILTER:+; filter $FILTER}"
  echo "   $(head -n 1 "$GEN/manifest.txt" | sed 's/^# //')"
  echo "build: $nok ok, $nfail failed, $nskip not built (deadline), $nspill with spills"
  for x in "${bfail_list[@]:0:8}"; do echo "  BUILD-FAIL ${x:0:130}"; done
  for x in "${spill_list[@]:0:8}"; do echo "  SPILL ${x:0:130}"; done
  if ((DO_CHECKS)); then
    echo "checks: $ck_pass cases passed, $ck_fail failed, $ck_crash programs crashed or not built (modes: $modes)"
  fi
  for x in "${fail_list[@]:0:25}"; do echo "  ${x:0:150}"; done
  ((${#fail_list[@]} > 25)) && echo "  ... $((${#fail_list[@]} - 25)) more in $OUT/checks.txt, $OUT/times.txt, $OUT/checksums.txt"
  if ((DO_TIMES)); then
    echo "timing: kernel time (CUDA events between the SB hooks: after the copy-in, to the last kernel), median of the runs made (runs column), one warm-up run each; GCell/s = cells x grid sweeps / default time"
    printf '%-16s %-6s %-10s %6s %10s %10s %7s %10s %6s %8s %5s %s\n' stencil real size sweeps "default ms" "naive ms" "nv/def" "t%2 ms" "pp/t2" "GCell/s" runs chk
    declare -A row_seen=()
    for ((i = 0; i < NE; i++)); do
      [[ ${E_KIND[i]} == time ]] || continue
      n=${E_NAME[i]} r=${E_REAL[i]}
      [[ -n ${row_seen[$n/$r]:-} ]] && continue
      row_seen[$n/$r]=1
      kd=${KEY_OF[$n-$r-default]:-} kv=${KEY_OF[$n-$r-naive]:-}
      md=${kd:+${T_MED[$kd]:-}} mv=${kv:+${T_MED[$kv]:-}}
      sweeps=$((E_STEPS[i] * E_SPS[i]))
      case ${E_DIMS[i]} in 1) sz=${E_SIZE[i]} ;; 2) sz="${E_SIZE[i]}^2" ;; 3) sz="${E_SIZE[i]}^3" ;; *) sz=${E_SIZE[i]} ;; esac
      t2ms=- pt=-
      if [[ $n == *_pp ]]; then
        kt=${KEY_OF[${n%_pp}_t2-$r-default]:-}
        mt=${kt:+${T_MED[$kt]:-}}
        # per sweep: (pp ms / pp sweeps) / (t2 ms / t2 sweeps)
        ti=-1
        for ((j = 0; j < NE; j++)); do [[ ${E_STEM[j]} == "${n%_pp}_t2-$r-default" ]] && ti=$j && break; done
        if [[ -n $mt && -n $md && $ti -ge 0 ]]; then
          t2ms=$(fmt "$mt" 1)
          pt=$(awk -v a="$md" -v sa="$sweeps" -v b="$mt" -v sb="$((E_STEPS[ti] * E_SPS[ti]))" 'BEGIN { printf "%.2f", (a / sa) / (b / sb) }')
        fi
      fi
      gc=-
      if [[ -n $md ]]; then
        gc=$(awk -v n="${E_SIZE[i]}" -v d="${E_DIMS[i]}" -v s="${E_STEPS[i]}" -v g="${E_GSPS[i]}" -v ms="$md" \
          'BEGIN { printf "%.2f", n ^ d * s * g / (ms / 1000) / 1e9 }')
      fi
      runs="${kd:+${T_N[$kd]:-0}}/${kv:+${T_N[$kv]:-0}}"
      # chk: the check programs of this program and precision (. pass, F fail,
      # C not built, ? not run), then default vs naive checksums (= agree,
      # X differ, s same file, ? not compared), then ping-pong vs t%2 totals
      chk=""
      for p in default naive; do
        case ${CK_STATE[check-$n-$r-$p]:-off} in
          ok) chk="$chk." ;; FAIL) chk="${chk}F" ;; nocompile) chk="${chk}C" ;; off) chk="$chk-" ;; *) chk="$chk?" ;;
        esac
      done
      case ${ROW_CK[$n/$r]:-} in ok) chk="$chk =" ;; same) chk="$chk s" ;; differ*) chk="$chk X" ;; *) chk="$chk ?" ;; esac
      if [[ $n == *_pp ]]; then
        case ${ROW_PT[$n/$r]:-} in ok) chk="$chk=" ;; differ*) chk="${chk}X" ;; *) chk="$chk?" ;; esac
      fi
      dms=$(fmt "$md" 1)
      [[ -n $kd && $kd == "$kv" ]] && dms="$dms*"
      printf '%-16s %-6s %-10s %6s %10s %10s %7s %10s %6s %8s %5s %s\n' "$n" "$r" "$sz" "$sweeps" "$dms" \
        "$(fmt "$mv" 1)" "$(ratio "$mv" "$md")" "$t2ms" "$pt" "$gc" "$runs" "$chk"
    done
    echo "sweeps = steps x statements per step (fdtd2d: 4 a step, one a single row; its GCell/s counts the 3 whole-grid ones);"
    echo "pathfinder: size = columns, W of steps+1 rows; * = default file identical to naive, timed once;"
    echo "t%2 ms, pp/t2: the <stencil>_t2 form's default time and the per-sweep time ratio ping-pong/t%2 (both defaults);"
    echo "chk: check programs default,naive (. pass F fail C not built ? not run - not checked); default vs naive checksums (= agree X differ s same file);"
    echo "     for _pp rows, ping-pong vs t%2 totals (= agree X differ); runs: timed runs default/naive"
    if ((${#var_rows[@]} > 0)); then
      echo "variants (generate-stage.sh --variant): the same program under other plan options"
      printf '%-16s %-6s %-12s %10s %8s %8s %5s %s\n' stencil real plan "ms" "nv/var" "def/var" runs "vs naive"
      printf '%s\n' "${var_rows[@]}"
    fi
  fi
  ((ck_skip + t_skip + t_short > 0)) &&
    echo "NOT DONE (deadline): $ck_skip check programs not run, $t_skip timing binaries not timed, $t_short with fewer than $REPS runs"
  echo "phases: builds $((T_BUILD - START)) s, checks $((T_CHECK - T_BUILD)) s, timings $((T_TIME - T_CHECK)) s"
  echo "logs: $OUT/{table,status,checks,times,checksums}.txt, $OUT/logs.tar.xz (compile/, check/, time/)"
} >"$OUT/table.txt"
tar -C "$LOGS" -cJf "$OUT/logs.tar.xz" compile check time 2>/dev/null || echo "run-stage-gpu.sh: could not pack $LOGS" >&2
echo
cat "$OUT/table.txt"
# 0: everything ran and passed; 1: a build, check, run or checksum comparison
# failed; 3: nothing failed, but the deadline left work undone
if ((nfail > 0 || ck_fail > 0 || ck_crash > 0 || ${#fail_list[@]} > 0)); then exit 1; fi
if ((nskip + ck_skip + t_skip + t_short > 0)); then exit 3; fi
exit 0
