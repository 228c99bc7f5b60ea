#!/usr/bin/env bash
# run-gpu.sh: compile, check and time the stencilcc outputs listed in benchmarks/gen/manifest.txt
# (written by benchmarks/generate.sh). Runs ON the GPU machine, from the repository root or
# anywhere else; needs nvcc (PATH or /usr/local/cuda/bin), gcc, and $OUT (a folder for the logs;
# $BENCH_BUILD/out when unset).
#
# Usage:
#   benchmarks/run-gpu.sh [--check-only | --time-only] [--filter REGEX] [--steps N] [--reps N]
#                         [--seed N] [--deadline S] [--jobs N] [--check-jobs N] [--rebuild]
#                         [--tsize2d N] [--tsize3d N]
#
#   (default)       compile every selected entry (16 at a time), check every entry, then time
#                   the suite entries (plans default, bt1, naive; tuned, btsweep<K> of the perf set)
#   --check-only    compile and check; no timing
#   --time-only     compile and time the suite entries only; no checks
#   --time-all      time every selected entry, not only the suite plans (default, bt1, naive,
#                   tuned, btsweep<K>);
#                   the others get a second table, each against the naive kernel of its stencil
#   --filter REGEX  only entries whose file name (<name>_<real>_<planid>.cu) matches (grep -E);
#                   e.g. --filter 2d and --filter 3d split a run into two calls
#   --steps N       time steps for the timings (default 1000)
#   --tsize2d N, --tsize3d N   timing grid sizes (default 16384 and 512)
#   --reps N        timed repetitions, after one warm-up of min(steps, 20) steps (default 5; the
#                   median is reported)
#   --seed N        base seed of the check inputs (default: from the clock; printed)
#   --deadline S    start no check or timing after S seconds (default 540); jobs still running
#                   are stopped at S+30 s, so the summary always prints inside a 10-minute call
#   --jobs N        parallel compiles (default 16); --check-jobs N parallel checks (default 12)
#   --rebuild       ignore the build cache (by default an entry whose generated file, harness
#                   and flags are unchanged since the last build on this machine is not rebuilt)
#
# Checks: 2D at 997^2, 3D at 97^3 (sizes no block size divides), for STEPS in
#   {0, 1, bT-1 (if > 1), the smallest prime > 2*bT, 20}, bT from the plan id (naive/bt1: 1;
#   btN-...: N; default: the 'bT=N' of the generated file's '// plan:' header line).
# Timings: 2D 16384^2, 3D 512^3 (kernel time between the SB hooks, CUDA events).
#
# Output: progress lines, then a short table (also in $OUT/table.txt). Full logs under $OUT:
#   compile.txt (every nvcc log, -Xptxas -v), checks.txt (every CHECK/CHECKINFO line),
#   times.txt (every TIME line), status.txt (one line per entry), table.txt.
# Build products go to $BENCH_BUILD (default /tmp/stencilcc-bench).
# Environment (tests only): NVCC_LINK_EXTRA=extra link arguments.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SELF="$ROOT/benchmarks/run-gpu.sh"
cd "$ROOT"

if [[ -z ${NVCC:-} ]]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=$(command -v nvcc); else NVCC=/usr/local/cuda/bin/nvcc; fi
fi
ARCH=${ARCH:-sm_90}
BUILD=${BENCH_BUILD:-/tmp/stencilcc-bench}
HARNESS="$ROOT/benchmarks/harness"
export NVCC ARCH BUILD HARNESS ROOT

now() { date +%s; }

# Seconds a job may still run: min(its own limit, time to the hard end).
job_limit() {
  local own=$1 left=$((HARD_END - $(now)))
  ((left < 1)) && left=1
  ((own < left)) && left=$own
  echo "$left"
}

# ---------------------------------------------------------------- internal jobs (xargs)
case ${1:-} in
  --_harness) # name real dims radius flops fn
    name=$2 real=$3 dims=$4 radius=$5 flops=$6 fn=$7
    tag="${name}_${real}"
    ref="reference_${fn#kernel_}"
    hflags="-O3 -arch=$ARCH -DREAL=$real -DDIMS=$dims -DSTENCIL_FN=$fn -DREFERENCE_FN=$ref -DRADIUS=$radius -DFLOPS=$flops"
    rflags="-O2 -std=c11 -DREAL=$real -D$fn=$ref"
    stamp=$( { cat "$HARNESS/main.cu" "$HARNESS/sb_hooks.h" "benchmarks/stencils/$name.c";
               echo "$NVCC $hflags gcc $rflags"; } | md5sum | cut -d' ' -f1)
    if [[ ${REBUILD:-0} == 0 && -f $BUILD/obj/h_$tag.stamp && $(cat "$BUILD/obj/h_$tag.stamp") == "$stamp" ]]; then
      exit 0
    fi
    rm -f "$BUILD/obj/h_$tag.stamp"
    log="$BUILD/log/h_$tag.log"
    # shellcheck disable=SC2086
    {
      echo "### harness $tag"
      echo "\$ $NVCC $hflags -c $HARNESS/main.cu"
      "$NVCC" $hflags -c "$HARNESS/main.cu" -o "$BUILD/obj/h_$tag.o" 2>&1 &&
        echo "\$ gcc $rflags -c benchmarks/stencils/$name.c" &&
        gcc $rflags -c "benchmarks/stencils/$name.c" -o "$BUILD/obj/r_$tag.o" 2>&1
    } >"$log" 2>&1 && echo "$stamp" >"$BUILD/obj/h_$tag.stamp" || echo "HARNESS-BUILD-FAILED" >>"$log"
    exit 0
    ;;
  --_entry) # stem name real file
    stem=$2 name=$3 real=$4 file=$5
    tag="${name}_${real}"
    eflags="-O3 -arch=$ARCH -Xptxas -v -DREAL=$real"
    log="$BUILD/log/$stem.log"
    st="$BUILD/stat/$stem"
    if [[ ! -f $BUILD/obj/h_$tag.stamp ]]; then
      echo "FAIL harness-build" >"$st"
      echo "### $stem: not built: the harness or reference object of $tag failed (see its log)" >"$log"
      touch "$BUILD/done/$stem"
      exit 0
    fi
    stamp=$( { cat "$file" "$HARNESS/sb_hooks.h" "$BUILD/obj/h_$tag.stamp"; echo "$NVCC $eflags ${NVCC_LINK_EXTRA:-}"; } |
             md5sum | cut -d' ' -f1)
    if [[ ${REBUILD:-0} == 0 && -f $BUILD/bin/$stem && -f $BUILD/stamp/$stem && $(cat "$BUILD/stamp/$stem") == "$stamp" && -f $st ]]; then
      touch "$BUILD/done/$stem"
      exit 0
    fi
    rm -f "$BUILD/stamp/$stem" "$BUILD/bin/$stem"
    if (($(now) >= DEADLINE_END)); then
      echo "SKIP deadline" >"$st"
      echo "### $stem: not compiled: past the deadline" >"$log"
      touch "$BUILD/done/$stem"
      exit 0
    fi
    t0=$SECONDS
    lim=$(job_limit "${COMPILE_TIMEOUT:-300}")
    set +e
    {
      echo "### $stem"
      echo "\$ $NVCC $eflags -DSB_START_INSTRUMENTS=sb_start_instruments() -DSB_STOP_INSTRUMENTS=sb_stop_instruments() -include $HARNESS/sb_hooks.h -c $file"
      # shellcheck disable=SC2086
      timeout "$lim" "$NVCC" $eflags '-DSB_START_INSTRUMENTS=sb_start_instruments()' \
        '-DSB_STOP_INSTRUMENTS=sb_stop_instruments()' -include "$HARNESS/sb_hooks.h" \
        -c "$file" -o "$BUILD/obj/$stem.o" 2>&1
      rc=$?
      if [[ $rc -eq 0 ]]; then
        # shellcheck disable=SC2086
        "$NVCC" -O3 -arch="$ARCH" "$BUILD/obj/$stem.o" "$BUILD/obj/h_$tag.o" "$BUILD/obj/r_$tag.o" \
          -o "$BUILD/bin/$stem" -lm -lpthread ${NVCC_LINK_EXTRA:-} 2>&1
        rc=$?
        [[ $rc -ne 0 ]] && echo "LINK FAILED (rc=$rc)"
      else
        [[ $rc -eq 124 ]] && echo "COMPILE TIMED OUT after $lim s" || echo "COMPILE FAILED (rc=$rc)"
      fi
      echo "RC $rc"
    } >"$log" 2>&1
    set -e
    rc=$(awk '/^RC /{r=$2} END{print r+0}' "$log")
    secs=$((SECONDS - t0))
    spill=$(awk 'match($0, /[0-9]+ bytes spill stores/) { s += substr($0, RSTART) + 0 } END { print s + 0 }' "$log")
    stack=$(awk 'match($0, /[0-9]+ bytes stack frame/) { v = substr($0, RSTART) + 0; if (v > m) m = v } END { print m + 0 }' "$log")
    regs=$(awk 'match($0, /Used [0-9]+ registers/) { v = substr($0, RSTART + 5) + 0; if (v > m) m = v } END { print m + 0 }' "$log")
    if [[ $rc -eq 0 ]]; then
      echo "OK ${secs}s regs=$regs spill=$spill stack=$stack" >"$st"
      echo "$stamp" >"$BUILD/stamp/$stem"
    else
      echo "FAIL ${secs}s rc=$rc" >"$st"
    fi
    touch "$BUILD/done/$stem"
    exit 0
    ;;
  --_check) # stem n steps seed
    stem=$2 n=$3 steps=$4 seed=$5
    res="$BUILD/chk/$stem.txt"
    if (($(now) >= DEADLINE_END)); then
      echo "SKIPPED deadline" >"$res"
      touch "$BUILD/chkdone/$stem"
      exit 0
    fi
    lim=$(job_limit "${CHECK_TIMEOUT:-240}")
    set +e
    # (the outer 2>/dev/null silences bash's own "Aborted" job message)
    { timeout "$lim" "$BUILD/bin/$stem" check "$n" "$steps" "$seed" >"$res.out" 2>"$res.err"; } 2>/dev/null
    rc=$?
    set -e
    { cat "$res.out"; sed 's/^/stderr: /' "$res.err" | tail -n 20; echo "RC $rc"; } >"$res"
    rm -f "$res.out" "$res.err"
    touch "$BUILD/chkdone/$stem"
    exit 0
    ;;
esac

# ---------------------------------------------------------------- options
do_check=1 do_time=1 time_all=0 filter='' tsteps=1000 reps=5 deadline=540 jobs=16 check_jobs=12 rebuild=0
seed=$(( $(date +%s) % 1000000 ))
N2D_CHECK=997 N3D_CHECK=97 N2D_TIME=16384 N3D_TIME=512
while [[ $# -gt 0 ]]; do
  opt=$1 val=
  if [[ $opt == --*=* ]]; then val=${opt#*=}; opt=${opt%%=*}; fi
  case $opt in
    --check-only) do_time=0 ;;
    --time-only) do_check=0 ;;
    --rebuild) rebuild=1 ;;
    --time-all) time_all=1 ;;
    --filter|--steps|--reps|--seed|--deadline|--jobs|--check-jobs|--tsize2d|--tsize3d)
      if [[ -z $val ]]; then
        [[ $# -ge 2 ]] || { echo "run-gpu.sh: $opt needs a value" >&2; exit 2; }
        val=$2; shift
      fi
      case $opt in
        --filter) filter=$val ;;
        --steps) tsteps=$val ;;
        --reps) reps=$val ;;
        --seed) seed=$val ;;
        --deadline) deadline=$val ;;
        --jobs) jobs=$val ;;
        --check-jobs) check_jobs=$val ;;
        --tsize2d) N2D_TIME=$val ;;
        --tsize3d) N3D_TIME=$val ;;
      esac
      ;;
    -h|--help) sed -n '2,/^set -euo/p' "$SELF" | sed '$d'; exit 0 ;;
    *) echo "run-gpu.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done
if [[ $do_check == 0 && $do_time == 0 ]]; then
  echo "run-gpu.sh: --check-only and --time-only exclude each other" >&2; exit 2
fi

T_START=$(now)
DEADLINE_END=$((T_START + deadline))
HARD_END=$((DEADLINE_END + 30))
REBUILD=$rebuild
export DEADLINE_END HARD_END REBUILD

OUT=${OUT:-$BUILD/out}
mkdir -p "$OUT"
MANIFEST=benchmarks/gen/manifest.txt
if [[ ! -s $MANIFEST ]]; then
  echo "run-gpu.sh: no $MANIFEST: run benchmarks/generate.sh first (and carry benchmarks/gen)" >&2
  exit 2
fi
mkdir -p "$BUILD"/{obj,bin,log,stat,stamp,done,chk}

elapsed() { echo "$(( $(now) - T_START ))s"; }
gpu_name=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n1 || true)
nvcc_ver=$("$NVCC" --version 2>/dev/null | grep -oE 'release [0-9.]+' || echo '?')
echo "run-gpu.sh: ${gpu_name:-no nvidia-smi}; nvcc $nvcc_ver; arch $ARCH; build $BUILD; out $OUT"

# ---------------------------------------------------------------- selection
# Arrays indexed by entry number, in manifest order.
E_STEM=() E_NAME=() E_REAL=() E_PLAN=() E_DIMS=() E_RAD=() E_FLOPS=() E_FN=() E_FILE=() E_SUITE=()
while read -r name real planid dims radius flops fn file _flags; do
  [[ -z ${name:-} ]] && continue
  base=$(basename "$file")
  stem=${base%.cu}
  if [[ -n $filter ]] && ! grep -qE -- "$filter" <<<"$base"; then continue; fi
  case $planid in default|bt1|naive|tuned|btsweep*) suite=1 ;; *) suite=0 ;; esac
  if [[ $do_check == 0 && $suite == 0 && $time_all == 0 ]]; then continue; fi
  if [[ ! -f $file ]]; then echo "run-gpu.sh: warning: $file is in the manifest but missing" >&2; continue; fi
  E_STEM+=("$stem") E_NAME+=("$name") E_REAL+=("$real") E_PLAN+=("$planid") E_DIMS+=("$dims")
  E_RAD+=("$radius") E_FLOPS+=("$flops") E_FN+=("$fn") E_FILE+=("$file") E_SUITE+=("$suite")
done <"$MANIFEST"
NE=${#E_STEM[@]}
if [[ $NE -eq 0 ]]; then
  echo "run-gpu.sh: no manifest entry selected (filter '${filter}')" >&2
  exit 2
fi
echo "run-gpu.sh: $NE entries selected${filter:+ (filter $filter)}; checks $([[ $do_check == 1 ]] && echo on || echo off), timings $([[ $do_time == 1 ]] && echo "on ($tsteps steps, $reps reps)" || echo off)"

# ---------------------------------------------------------------- compile
heartbeat_pid=
start_heartbeat() { # label total dir
  local label=$1 total=$2 dir=$3
  ( while sleep 30 >/dev/null 2>&1; do
      echo "  [$label] $(find "$dir" -type f | wc -l)/$total done, $(elapsed)"
    done ) &
  heartbeat_pid=$!
}
stop_heartbeat() {
  if [[ -n $heartbeat_pid ]]; then kill "$heartbeat_pid" 2>/dev/null || true; wait "$heartbeat_pid" 2>/dev/null || true; fi
  heartbeat_pid=
}
trap stop_heartbeat EXIT

echo "[compile] harness and reference objects... ($(elapsed))"
declare -A seen_tag=()
hjobs=()
for ((i = 0; i < NE; i++)); do
  tag="${E_NAME[i]}_${E_REAL[i]}"
  [[ -n ${seen_tag[$tag]:-} ]] && continue
  seen_tag[$tag]=1
  hjobs+=("${E_NAME[i]} ${E_REAL[i]} ${E_DIMS[i]} ${E_RAD[i]} ${E_FLOPS[i]} ${E_FN[i]}")
done
printf '%s\n' "${hjobs[@]}" | xargs -r -P "$jobs" -L 1 "$SELF" --_harness || echo "  warning: a harness job failed (xargs rc $?)"
nhfail=0
for j in "${hjobs[@]}"; do
  read -r n r _ <<<"$j"
  if [[ ! -f $BUILD/obj/h_${n}_$r.stamp ]]; then
    nhfail=$((nhfail + 1))
    echo "  harness build FAILED for ${n}_$r:"; tail -n 5 "$BUILD/log/h_${n}_$r.log" | sed 's/^/    /'
  fi
done

echo "[compile] $NE generated files, $jobs at a time... ($(elapsed))"
rm -rf "$BUILD/done"; mkdir -p "$BUILD/done"
start_heartbeat compile "$NE" "$BUILD/done"
for ((i = 0; i < NE; i++)); do
  echo "${E_STEM[i]} ${E_NAME[i]} ${E_REAL[i]} ${E_FILE[i]}"
done | xargs -r -P "$jobs" -L 1 "$SELF" --_entry || echo "  warning: a compile job failed (xargs rc $?)"
stop_heartbeat

{
  for j in "${hjobs[@]}"; do read -r n r _ <<<"$j"; cat "$BUILD/log/h_${n}_$r.log" 2>/dev/null || true; done
  for ((i = 0; i < NE; i++)); do cat "$BUILD/log/${E_STEM[i]}.log" 2>/dev/null || true; done
} >"$OUT/compile.txt"

declare -A C_OK=() C_STAT=()
ncok=0 ncfail=0 ncskip=0 nspill=0
spill_list=() cfail_list=()
for ((i = 0; i < NE; i++)); do
  s=${E_STEM[i]}
  stat=$(cat "$BUILD/stat/$s" 2>/dev/null || echo "FAIL no-status")
  C_STAT[$s]=$stat
  if [[ $stat == OK* ]]; then
    C_OK[$s]=1; ncok=$((ncok + 1))
    sp=$(grep -oE 'spill=[0-9]+' <<<"$stat" | cut -d= -f2 || true)
    if [[ ${sp:-0} != 0 ]]; then nspill=$((nspill + 1)); spill_list+=("$s ($stat)"); fi
  elif [[ $stat == SKIP* ]]; then
    ncskip=$((ncskip + 1))
  else
    ncfail=$((ncfail + 1)); cfail_list+=("$s: $stat")
  fi
done
echo "[compile] $ncok ok, $ncfail failed, $ncskip skipped (deadline), $nspill with register spills ($(elapsed))"
for x in "${cfail_list[@]:0:10}"; do echo "  COMPILE-FAIL $x"; done

# ---------------------------------------------------------------- bT and check steps
next_prime_after() {
  local p=$(($1 + 1)) d
  while :; do
    local prime=1
    for ((d = 2; d * d <= p; d++)); do if ((p % d == 0)); then prime=0; break; fi; done
    ((p >= 2 && prime)) && { echo "$p"; return; }
    p=$((p + 1))
  done
}
declare -A E_BT=() E_BTSRC=()
warn_list=()
for ((i = 0; i < NE; i++)); do
  s=${E_STEM[i]} p=${E_PLAN[i]}
  case $p in
    naive|bt1) bt=1 src=plan ;;
    bt[0-9]*) bt=${p#bt}; bt=${bt%%-*} src=plan ;;
    *)
      bt=$(head -n 80 "${E_FILE[i]}" | grep -m1 -E '^[[:space:]]*//.*plan:' | grep -oE 'bT=[0-9]+' | head -n1 | cut -d= -f2 || true)
      if [[ -z $bt ]]; then bt=$(head -n 80 "${E_FILE[i]}" | grep -oE 'bT=[0-9]+' | head -n1 | cut -d= -f2 || true); fi
      if [[ -z $bt ]]; then bt=4 src=guess; warn_list+=("$s: no bT=N in the '// plan:' header, checked as bT=4"); else src=header; fi
      ;;
  esac
  E_BT[$s]=$bt E_BTSRC[$s]=$src
done
check_steps() { # bt
  local bt=$1 list="0 1"
  ((bt - 1 > 1)) && list="$list $((bt - 1))"
  list="$list $(next_prime_after $((2 * bt))) 20"
  tr ' ' '\n' <<<"$list" | sort -n -u | paste -sd, -
}

# ---------------------------------------------------------------- checks
npass=0 nfail=0 ncrash=0 nskip=0
fail_list=()
declare -A CHK_STATE=()
if [[ $do_check == 1 ]]; then
  echo "[check] seed $seed; 2D ${N2D_CHECK}^2, 3D ${N3D_CHECK}^3; $check_jobs at a time ($(elapsed))"
  jobsfile=$(mktemp)
  for ((i = 0; i < NE; i++)); do
    s=${E_STEM[i]}
    rm -f "$BUILD/chk/$s.txt"
    [[ -n ${C_OK[$s]:-} ]] || continue
    n=$N2D_CHECK; [[ ${E_DIMS[i]} == 3 ]] && n=$N3D_CHECK
    echo "$s $n $(check_steps "${E_BT[$s]}") $seed" >>"$jobsfile"
  done
  nchk=$(wc -l <"$jobsfile")
  rm -rf "$BUILD/chkdone"; mkdir -p "$BUILD/chkdone"
  start_heartbeat check "$nchk" "$BUILD/chkdone"
  xargs -r -P "$check_jobs" -L 1 "$SELF" --_check <"$jobsfile" || echo "  warning: a check job failed (xargs rc $?)"
  stop_heartbeat
  rm -f "$jobsfile"

  {
    echo "# checks: seed $seed, 2D n=$N2D_CHECK, 3D n=$N3D_CHECK, $(date -u '+%F %T UTC'), ${gpu_name:-?}"
    for ((i = 0; i < NE; i++)); do
      s=${E_STEM[i]}
      echo "### $s bT=${E_BT[$s]} (${E_BTSRC[$s]}) compile: ${C_STAT[$s]}"
      cat "$BUILD/chk/$s.txt" 2>/dev/null || echo "(not checked)"
    done
  } >"$OUT/checks.txt"

  for ((i = 0; i < NE; i++)); do
    s=${E_STEM[i]}
    if [[ -z ${C_OK[$s]:-} ]]; then
      if [[ ${C_STAT[$s]} == SKIP* ]]; then CHK_STATE[$s]=skipped; nskip=$((nskip + 1)); else CHK_STATE[$s]=nocompile; fi
      continue
    fi
    f="$BUILD/chk/$s.txt"
    if [[ ! -f $f ]] || grep -q '^SKIPPED' "$f"; then nskip=$((nskip + 1)); CHK_STATE[$s]=skipped; continue; fi
    want=$(check_steps "${E_BT[$s]}" | tr ',' '\n' | wc -l)
    p=$(grep -c '^CHECK .*result=PASS' "$f" || true)
    q=$(grep -c '^CHECK .*result=FAIL' "$f" || true)
    rc=$(awk '/^RC /{r=$2} END{print r}' "$f")
    npass=$((npass + p)); nfail=$((nfail + q))
    state=ok
    if ((q > 0)); then
      state=FAIL
      while read -r line; do
        fail_list+=("FAIL $s $(sed -E 's/^CHECK name=[^ ]+ real=[^ ]+ //; s/ result=FAIL//' <<<"$line")")
      done < <(grep '^CHECK .*result=FAIL' "$f")
    fi
    if ((p + q < want)); then
      state=FAIL
      ncrash=$((ncrash + 1))
      last=$(grep '^stderr: ' "$f" | grep -v '^stderr: harness: kernel_.* on ' | tail -n 1 | cut -c9-90 || true)
      at=$(check_steps "${E_BT[$s]}" | cut -d, -f$((p + q + 1)))
      why="rc=$rc"; [[ $rc == 124 ]] && why="timed out"; ((rc > 128 && rc != 137)) && why="signal $((rc - 128))"
      fail_list+=("CRASH $s at steps=$at ($why; $((p + q))/$want step counts done)${last:+: $last}")
    fi
    if grep -q 'hooks=NOT-CALLED' "$f"; then warn_list+=("$s: SB hooks not called"); fi
    # passes with cells off by more than 10x the tolerance (CHECKINFO counts them)
    if grep -B1 '^CHECK .*result=PASS' "$f" | grep -qE 'bad_domain=[1-9]|bad_boundary=[1-9]'; then
      warn_list+=("$s: passed with isolated bad cells (see CHECKINFO)")
    fi
    CHK_STATE[$s]=$state
  done
  echo "[check] $npass passed, $nfail failed, $ncrash crashed, $nskip entries skipped ($(elapsed))"
fi

# ---------------------------------------------------------------- timings
declare -A T_GC=() T_GF=()
if [[ $do_time == 1 ]]; then
  echo "[time] 2D ${N2D_TIME}^2, 3D ${N3D_TIME}^3, $tsteps steps, median of $reps after a warm-up ($(elapsed))"
  : >"$OUT/times.txt"
  # order: per stencil and precision, default, tuned, naive, bt1, then the btsweep<K> (perf set)
  order=()
  declare -A idx_of=()
  for ((i = 0; i < NE; i++)); do idx_of[${E_NAME[i]}/${E_REAL[i]}/${E_PLAN[i]}]=$i; done
  declare -A pair_seen=()
  for ((i = 0; i < NE; i++)); do
    [[ ${E_SUITE[i]} == 1 ]] || continue
    pr="${E_NAME[i]}/${E_REAL[i]}"
    [[ -n ${pair_seen[$pr]:-} ]] && continue
    pair_seen[$pr]=1
    for plan in default tuned naive bt1; do
      [[ -n ${idx_of[$pr/$plan]:-} ]] && order+=("${idx_of[$pr/$plan]}")
    done
    for ((k = 0; k < NE; k++)); do
      if [[ ${E_PLAN[k]} == btsweep* && ${E_NAME[k]}/${E_REAL[k]} == "$pr" ]]; then order+=("$k"); fi
    done
  done
  if [[ $time_all == 1 ]]; then
    for ((i = 0; i < NE; i++)); do [[ ${E_SUITE[i]} == 1 ]] || order+=("$i"); done
  fi
  for i in "${order[@]}"; do
    s=${E_STEM[i]}
    if [[ -z ${C_OK[$s]:-} ]]; then
      if [[ ${C_STAT[$s]} == SKIP* ]]; then echo "TIME-SKIPPED $s not compiled (deadline)" >>"$OUT/times.txt"
      else echo "TIME-FAIL $s not compiled" >>"$OUT/times.txt"; fi
      continue
    fi
    if (($(now) >= DEADLINE_END)); then
      echo "TIME-SKIPPED $s deadline" >>"$OUT/times.txt"; continue
    fi
    n=$N2D_TIME; [[ ${E_DIMS[i]} == 3 ]] && n=$N3D_TIME
    lim=$(job_limit "${TIME_TIMEOUT:-300}")
    set +e
    line=$(timeout "$lim" "$BUILD/bin/$s" time "$n" "$tsteps" "$reps" 2>"$BUILD/time.err")
    rc=$?
    set -e
    tl=$(grep '^TIME ' <<<"$line" || true)
    if [[ $rc -eq 0 && -n $tl ]]; then
      echo "$tl stem=$s" >>"$OUT/times.txt"
      gc=$(grep -oE ' gcells=[0-9.eE+-]+' <<<"$tl" | cut -d= -f2 || true)
      gf=$(grep -oE ' gflops=[0-9.eE+-]+' <<<"$tl" | cut -d= -f2 || true)
      ms=$(grep -oE ' median_ms=[0-9.eE+-]+' <<<"$tl" | cut -d= -f2 || true)
      T_GC[$s]=$gc T_GF[$s]=$gf
      printf '  [time] %-34s %10s ms %9s GCells/s (%s)\n' "$s" "$ms" "$gc" "$(elapsed)"
    else
      why=$(tail -n 1 "$BUILD/time.err" | cut -c1-120)
      [[ $rc -eq 124 ]] && why="timed out after $lim s"
      echo "TIME-FAIL $s rc=$rc $why ${tl}" >>"$OUT/times.txt"
      sed 's/^/  stderr: /' "$BUILD/time.err" | tail -n 5 >>"$OUT/times.txt"
      echo "  [time] $s FAILED rc=$rc: $why"
    fi
  done
fi

# ---------------------------------------------------------------- status.txt
{
  echo "# stem compile check bT(source)"
  for ((i = 0; i < NE; i++)); do
    s=${E_STEM[i]}
    echo "$s | ${C_STAT[$s]} | check ${CHK_STATE[$s]:-off} | bT=${E_BT[$s]} (${E_BTSRC[$s]})${T_GC[$s]:+ | ${T_GC[$s]} GCells/s}"
  done
} >"$OUT/status.txt"

# ---------------------------------------------------------------- table
plan_summary() { # file
  head -n 80 "$1" | grep -m1 -E '^[[:space:]]*//.*plan:' | sed -E 's@^[[:space:]]*//[[:space:]]*plan:[[:space:]]*@@' | cut -c1-30 || true
}
{
  echo "== stencilcc GPU run: ${gpu_name:-?}; nvcc $nvcc_ver; $(date -u '+%F %T UTC'); ${filter:+filter $filter; }$(elapsed)"
  echo "compile: $ncok ok, $ncfail failed, $ncskip not compiled (deadline), $nspill with spills (bytes spill stores != 0)"
  for x in "${cfail_list[@]:0:8}"; do echo "  COMPILE-FAIL ${x:0:110}"; done
  ((${#cfail_list[@]} > 8)) && echo "  ... $((${#cfail_list[@]} - 8)) more in $OUT/status.txt"
  for x in "${spill_list[@]:0:8}"; do echo "  SPILL ${x:0:110}"; done
  ((${#spill_list[@]} > 8)) && echo "  ... $((${#spill_list[@]} - 8)) more in $OUT/status.txt"
  if [[ $do_check == 1 ]]; then
    echo "checks: $npass passed, $((nfail + ncrash)) failed ($nfail CHECK lines FAIL, $ncrash entries crashed), $nskip entries skipped; seed $seed"
    for x in "${fail_list[@]:0:20}"; do echo "  ${x:0:120}"; done
    ((${#fail_list[@]} > 20)) && echo "  ... $((${#fail_list[@]} - 20)) more in $OUT/checks.txt"
    for x in "${warn_list[@]:0:5}"; do echo "  warning: ${x:0:110}"; done
    ((${#warn_list[@]} > 5)) && echo "  ... $((${#warn_list[@]} - 5)) more warnings"
  fi
  if [[ $do_time == 1 ]]; then
    echo "timing: 2D ${N2D_TIME}^2, 3D ${N3D_TIME}^3, $tsteps steps, median of $reps after 1 warm-up, kernel time (CUDA events between the SB hooks)"
    printf '%-11s %-6s %-30s %9s %8s %8s %8s %7s %s\n' stencil real "default plan" "GFLOP/s" "GCell/s" "bt1 GC/s" "naiveGC/s" "def/nv" chk
    declare -A row_seen=()
    for ((i = 0; i < NE; i++)); do
      [[ ${E_SUITE[i]} == 1 ]] || continue
      pr="${E_NAME[i]}/${E_REAL[i]}"
      [[ -n ${row_seen[$pr]:-} ]] && continue
      row_seen[$pr]=1
      # the perf set has no default plan: its row shows the tuned one
      d=${idx_of[$pr/default]:-${idx_of[$pr/tuned]:-}} b=${idx_of[$pr/bt1]:-} v=${idx_of[$pr/naive]:-}
      ds=${d:+${E_STEM[d]}} bs=${b:+${E_STEM[b]}} vs=${v:+${E_STEM[v]}}
      plan=-; [[ -n $ds ]] && plan=$(plan_summary "${E_FILE[d]}")
      gf=${ds:+${T_GF[$ds]:-}} gc=${ds:+${T_GC[$ds]:-}} gb=${bs:+${T_GC[$bs]:-}} gv=${vs:+${T_GC[$vs]:-}}
      sp=-
      if [[ -n $gc && -n $gv ]]; then sp=$(awk -v a="$gc" -v b="$gv" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'); fi
      chk=
      for x in "$ds" "$bs" "$vs"; do
        [[ -z $x ]] && continue
        case ${CHK_STATE[$x]:-off} in
          FAIL) chk="${chk}F" ;; nocompile) chk="${chk}C" ;; skipped) chk="${chk}?" ;; off) chk="${chk}-" ;; *) chk="${chk}." ;;
        esac
        [[ ${C_STAT[$x]:-} =~ spill=[1-9] ]] && chk="${chk}s"
      done
      fmt() { if [[ -n $1 ]]; then printf "%.${2}f" "$1" 2>/dev/null || echo "$1"; else echo -; fi; }
      printf '%-11s %-6s %-30s %9s %8s %8s %8s %7s %s\n' "${E_NAME[i]}" "${E_REAL[i]}" "${plan:--}" \
        "$(fmt "$gf" 1)" "$(fmt "$gc" 2)" "$(fmt "$gb" 2)" "$(fmt "$gv" 2)" "$sp" "$chk"
    done
    echo "chk: one mark per plan default,bt1,naive: . pass, F check failed, C compile failed, ? skipped, - not checked; s = spills"
    if [[ $time_all == 1 ]]; then
      printf '%-34s %-30s %9s %8s %8s\n' "other plans" "plan" "GFLOP/s" "GCell/s" "/naive"
      for ((i = 0; i < NE; i++)); do
        [[ ${E_SUITE[i]} == 1 ]] && continue
        s=${E_STEM[i]} v=${idx_of[${E_NAME[i]}/${E_REAL[i]}/naive]:-}
        gc=${T_GC[$s]:-} gv=${v:+${T_GC[${E_STEM[v]}]:-}}
        sp=-
        if [[ -n $gc && -n $gv ]]; then sp=$(awk -v a="$gc" -v b="$gv" 'BEGIN { printf "%.2fx", a / b }'); fi
        printf '%-34s %-30s %9s %8s %8s\n' "$s" "$(plan_summary "${E_FILE[i]}")" "$(fmt "${T_GF[$s]:-}" 1)" "$(fmt "$gc" 2)" "$sp"
      done
    fi
    nt_fail=$(grep -c '^TIME-FAIL' "$OUT/times.txt" || true); nt_skip=$(grep -c '^TIME-SKIPPED' "$OUT/times.txt" || true)
    ((nt_fail + nt_skip > 0)) && echo "timings: $nt_fail failed, $nt_skip skipped (deadline): see $OUT/times.txt"
  fi
  echo "logs: $OUT/{compile,checks,times,status,table}.txt"
} >"$OUT/table.txt"
echo
cat "$OUT/table.txt"
