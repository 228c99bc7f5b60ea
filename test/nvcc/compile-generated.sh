#!/usr/bin/env bash
# compile-generated.sh: compile stencilcc's output with nvcc.
#
# Usage: compile-generated.sh [--set=ci|full] <stencilcc binary> <source dir>
#                             [<summary file>]
#
# Generates CUDA with stencilcc and compiles every file with
#   nvcc -O3 -arch=sm_90 -Xptxas -v -c
# for
#   - every stencil of benchmarks/stencils/suite.txt at the default plan,
#     float and double (the ci set: one precision per stencil, both
#     precisions over the suite, three stencils in four as device code
#     alone, with -cubin in place of -c);
#   - a matrix of plans (degrees, MCR, RD, hybrid queue, stream blocks,
#     naive, no specialization, asynchronous copies, the stage layout, rows
#     per thread, partial sums value by value, streaming sums, the shuffle
#     exchange, register caps, 32-bit offsets, the predicated store) on a
#     few stencils: each option once in the ci set (the default), the whole
#     matrix in the full set;
#   - every test/Inputs/stage/*.c at the default plan (the ci set: two in
#     three as device code alone);
#   - every test/Inputs/accepted/*.c and test/lit/emit/Inputs/*.c at the
#     default plan (the ci set: at --bt=1, the device code alone, with
#     -cubin in place of -c).
# Jobs run in parallel (xargs -P, NVCC_JOBS or nproc at a time), through
# ccache where it is installed (a rerun compiles only what changed; the
# ptxas report is replayed from the cache).
#
# A job fails if stencilcc or nvcc fails, or, for a default-plan job (the
# model's default, without the built-in database's tuned plans), if ptxas
# reports a non-zero "bytes spill stores" for any kernel: the default
# plans are meant to keep the queue in registers. Spills of the other plans
# are listed, not counted as failures. The closing lines (also written to
# the summary file, which scripts/test.sh prints) give the job count, the
# wall time and the five slowest jobs.
#
# Exit status: 0 when every job passed, 1 when one failed, 2 on bad usage,
# 77 (CTest's SKIP_RETURN_CODE) when no nvcc is found.
#
# Environment:
#   NVCC          the nvcc to use (default: /usr/local/cuda/bin/nvcc, else PATH)
#   NVCC_JOBS     parallel jobs (default: nproc)
#   NVCC_FILTER   only jobs whose name matches this grep -E pattern
#   NVCC_KEEP=1   keep the work directory (generated .cu, logs) and print it
#   STENCILCC_TEST_CCACHE=0   compile without ccache
set -uo pipefail

SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

# ---------------------------------------------------------------- one job
# Invoked by xargs as: compile-generated.sh --one <name>, with WORK,
# STENCILCC and NVCC in the environment; the job's arguments are in
# $WORK/args/<name>, NUL-separated (paths may hold spaces):
#   <kind> <input> <real> [stencilcc flags...]
# <kind>: default (the model's default plan, --plan-cache=none: spills fail
# the job), default-device (as default, nvcc compiles the device code
# alone: -cubin, not -c), database (the plan stencilcc compiles without options, from its
# built-in database of tuned plans where that has the stencil's shape: spills
# are reported only, as they were measured on the GPU when tuned), plan
# (spills are reported only) or device (as plan, but nvcc compiles the
# device code alone: -cubin, not -c).
# <real>: the REAL macro for the benchmark stencils, or "-" for none.
if [[ ${1:-} == --one ]]; then
  name=$2
  work=$WORK stencilcc=$STENCILCC nvcc=$NVCC
  mapfile -d '' args <"$work/args/$name"
  kind=${args[0]} input=${args[1]} real=${args[2]}
  flags=("${args[@]:3}")
  [[ $kind == default* ]] && flags+=(--plan-cache=none)
  defs=()
  [[ $real != - ]] && defs=("-DREAL=$real")
  cu="$work/$name.cu"
  log="$work/$name.log"
  # Seconds the job took, for the summary's slowest jobs.
  trap 'echo "$SECONDS $name" >"$work/$name.time"' EXIT
  result="$work/$name.result"
  {
    echo "=== $name: stencilcc $input ${defs[*]} ${flags[*]}"
  } >"$log"
  if ! "$stencilcc" "$input" "${defs[@]}" "${flags[@]}" -o "$cu" >>"$log" 2>&1; then
    echo "FAIL $name: stencilcc failed ($input ${defs[*]} ${flags[*]})" >"$result"
    exit 0
  fi
  output=(-c -o "$work/$name.o")
  [[ $kind == device || $kind == default-device ]] && output=(-cubin -o "$work/$name.o")
  echo "=== $name: nvcc -O3 -arch=sm_90 -Xptxas -v ${defs[*]} ${output[0]} $cu" >>"$log"
  # The generated file keeps the input's text outside the regions, macros
  # included: nvcc needs the same -D as stencilcc.
  # --mpi's host code includes mpi.h: its directory, as mpicxx has it.
  incs=()
  if [[ " ${flags[*]} " == *" --mpi "* || " ${flags[*]} " == *" --mpi-local "* ]]; then
    read -ra incs < <(mpicxx --showme:compile 2>/dev/null | grep -o -- '-I[^ ]*' | tr '\n' ' ')
  fi
  if ! $nvcc -O3 -arch=sm_90 -Xptxas -v "${defs[@]}" "${incs[@]}" "$cu" \
       "${output[@]}" >"$work/$name.nvcc" 2>&1; then
    cat "$work/$name.nvcc" >>"$log"
    echo "FAIL $name: nvcc failed" >"$result"
    exit 0
  fi
  cat "$work/$name.nvcc" >>"$log"
  # ptxas prints, per entry function:
  #   ptxas info    : Function properties for <mangled name>
  #       N bytes stack frame, S bytes spill stores, L bytes spill loads
  spills=$(awk '
    /Function properties for / { fn = $NF }
    /bytes spill stores/ {
      n = split($0, part, ",")
      for (i = 1; i <= n; i++)
        if (part[i] ~ /bytes spill stores/) {
          split(part[i], word, " ")
          if (word[1] + 0 > 0) {
            printf "%s%s: %s bytes spill stores", sep, fn, word[1]
            sep = "; "
          }
        }
    }' "$work/$name.nvcc")
  rm -f "$work/$name.o" "$work/$name.nvcc"
  if [[ -n $spills ]]; then
    if [[ $kind == default* ]]; then
      echo "FAIL $name: default plan spills: $spills" >"$result"
      exit 0
    fi
    echo "PASS $name (spills, not a default plan: $spills)" >"$result"
    exit 0
  fi
  echo "PASS $name" >"$result"
  exit 0
fi

# ---------------------------------------------------------------- setup
SET=ci
case ${1:-} in
  --set=ci | --set=full) SET=${1#--set=}; shift ;;
  --set=*) echo "compile-generated.sh: unknown set '${1#--set=}' (ci or full)" >&2; exit 2 ;;
esac
if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: compile-generated.sh [--set=ci|full] <stencilcc binary> <source dir> [<summary file>]" >&2
  exit 2
fi
STENCILCC=$1
SRC=$2
SUMMARY=${3:-/dev/null}
mkdir -p "$(dirname "$SUMMARY")"
if [[ ! -x $STENCILCC ]]; then
  echo "compile-generated.sh: no stencilcc binary at '$STENCILCC'" >&2
  exit 2
fi
if [[ ! -f $SRC/benchmarks/stencils/suite.txt ]]; then
  echo "compile-generated.sh: '$SRC' is not the stencilcc source dir" >&2
  exit 2
fi

NVCC=${NVCC:-}
if [[ -n $NVCC ]]; then
  if [[ ! -x $NVCC ]]; then
    echo "compile-generated.sh: NVCC='$NVCC' is not an executable" >&2
    exit 2
  fi
elif [[ -x /usr/local/cuda/bin/nvcc ]]; then
  NVCC=/usr/local/cuda/bin/nvcc
else
  NVCC=$(command -v nvcc || true)
fi
if [[ -z $NVCC ]]; then
  echo "compile-generated.sh: no nvcc (looked at /usr/local/cuda/bin/nvcc and PATH); skipped"
  exit 77
fi
JOBS=${NVCC_JOBS:-$(nproc 2>/dev/null || echo 2)}
NVCC_VERSION=$("$NVCC" --version | grep -m 1 release)
if [[ ${STENCILCC_TEST_CCACHE:-1} != 0 ]] && command -v ccache >/dev/null; then
  NVCC="ccache $NVCC"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/stencilcc-nvcc.XXXXXX")
if [[ ${NVCC_KEEP:-0} != 1 ]]; then
  trap 'rm -rf "$WORK"' EXIT
fi
JOBLIST="$WORK/jobs"
: >"$JOBLIST"
mkdir -p "$WORK/args"
export WORK STENCILCC NVCC

# ---------------------------------------------------------------- job list
# One name per line in $JOBLIST (names have no spaces), the arguments in
# $WORK/args/<name>.
add() { # tier name kind input real [flags...]; tier: ci, full or all
  local tier=$1 name=$2
  shift 2
  [[ $tier == all || $tier == "$SET" ]] || return 0
  if [[ -n ${NVCC_FILTER:-} ]] && ! grep -qE -- "$NVCC_FILTER" <<<"$name"; then
    return 0
  fi
  printf '%s\0' "$@" >"$WORK/args/$name"
  echo "$name" >>"$JOBLIST"
}

bench() { echo "$SRC/benchmarks/stencils/$1.c"; }

# The suite at the default plan: float and double in the full set; in the
# ci set the precision whose default plan the emulated self-checks run
# (run-selfchecks.sh: float for stencils 8..15 of suite.txt, double for the
# others), so both precisions' default plans are checked, and each plan
# CI emulates also builds with nvcc without spills. The ci set compiles the
# device code alone but for every fourth stencil (the host code is the same
# emitter's for all; the emulated self-checks build each whole file with
# the host compiler, the plan jobs below with nvcc).
i=0
while read -r name _rest; do
  [[ -z $name || $name == \#* ]] && continue
  ci_real=$( (( (i / 8) % 2 == 0 )) && echo double || echo float)
  for real in float double; do
    kind=default
    [[ $SET == ci && $((i % 4)) != 0 ]] && kind=default-device
    # box3d4r in the full set only, as in run-selfchecks.sh: its default
    # (the streaming partial sums) takes nvcc about 4 minutes of one core.
    add "$([[ $real == "$ci_real" && $name != box3d4r ]] && echo all || echo full)" \
      "suite-$name-$real" "$kind" "$(bench "$name")" "$real"
    add full "database-$name-$real" database "$(bench "$name")" "$real"
  done
  i=$((i + 1))
done <"$SRC/benchmarks/stencils/suite.txt"

# A matrix of plans on a few stencils (2D star and box, 3D star and box),
# at small degrees: each option once, not every combination (the default
# plans above already compile the deep kernels). Marked `ci`: the lines the
# ci set keeps, the plans whose code only nvcc sees (inline PTX for
# asynchronous copies and the predicated store, warp shuffles, templates
# over the offset type, __maxnreg__, --fast-math's intrinsics, the naive and
# streaming kernels); the emulated self-checks build every plan of the
# matrix with the host compiler.
plan() { # [ci] stencil real id flags...
  local tier=full
  [[ $1 == ci ]] && { tier=all; shift; }
  local s=$1 r=$2 id=$3
  shift 3
  add "$tier" "plan-$s-$r-$id" plan "$(bench "$s")" "$r" "$@"
}
plan star2d1r float bt1 --bt=1
plan star2d1r float bt3 --bt=3
plan star2d1r float rd2 --bt=2 --rd=2
plan star2d1r double rd4 --bt=4 --rd=4
plan star2d1r float ns2 --bt=3 --ns=2
plan star2d1r float sl64 --bt=3 --sl=64
plan ci star2d1r float naive --naive
plan ci star3d1r float mpi --mpi --bt=2
plan ci star2d1r float mpi-local-shuffle --mpi-local --exchange=shuffle --bt=4
plan ci gradient2d float fast-math --fast-math
plan star2d1r float optnone --bt=3 --opt=none
plan star2d2r double bt3-rd2-ns2 --bt=3 --rd=2 --ns=2
plan box2d1r float optnone --bt=3 --opt=none
plan box2d1r double bt1 --bt=1
plan box2d2r float mcr --bt=2 --exchange=mcr
plan box2d2r double mcr-ns2-sl64 --bt=2 --exchange=mcr --ns=2 --sl=64
plan box2d2r float naive --naive
plan star3d1r float bt1 --bt=1
plan star3d1r float bt3 --bt=3
plan star3d1r float rd2 --bt=2 --rd=2
plan star3d1r double ns2 --bt=2 --ns=2
plan star3d1r float sl64 --bt=2 --sl=64
plan box3d1r float mcr --bt=2 --exchange=mcr
plan box3d1r float mcr-ns2 --bt=2 --exchange=mcr --ns=2
plan box3d1r double naive --naive
plan j2d9pt-gol float mcr-bt3 --exchange=mcr --bt=3
plan ci box2d1r float async4-cached --bt=6 --exchange=cached --opt=none --async-copy=4
plan j2d9pt-gol double async8-mcr --bt=2 --exchange=mcr --async-copy=8
plan box3d1r double async6-assoc --bt=2 --opt=assoc --async-copy=6 --prefetch=0
plan star3d1r float async0 --async-copy=0
plan star3d1r float rows2-bt4 --bt=4 --bs=64x32 --rows-per-thread=2
plan box3d1r float rows2-assoc --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2
plan ci j3d27pt double rows4-assoc-async --opt=assoc --bt=1 --bs=32x32 --rows-per-thread=4 --async-copy=4
plan box3d3r float order-value --opt=assoc --bt=1 --sum-order=value
plan box2d4r double order-value --opt=assoc --bt=1 --sum-order=value
plan ci box3d3r float stream1-value --stream-sums=1 --sum-order=value
plan j3d27pt double stream2-value --stream-sums=2 --sum-order=value
plan star2d1r float shuffle --exchange=shuffle
plan ci star2d1r double shuffle-c2 --exchange=shuffle --cells=2
plan box2d2r float shuffle-c8-bt2 --exchange=shuffle --cells=8 --bt=2
plan ci j2d9pt double shuffle-c1-maxreg --exchange=shuffle --cells=1 --bt=3 --max-registers=96
plan ci box3d1r float offsets32-pst --opt=assoc --bt=2 --bs=16x32 --rows-per-thread=2 --offset-bits=32 --store=predicated
plan star2d1r double offsets32 --bt=4 --offset-bits=32
plan j2d9pt double pst --bt=3 --store=predicated
plan ci star3d1r float stage-plane-rows2 --bt=4 --bs=32x64 --rows-per-thread=2 --prefetch=0 --async-copy=3 --stage-layout=plane
plan star2d1r double stage-plane-rd2 --bt=4 --rd=2 --async-copy=4 --stage-layout=plane

# The accepted-input corpus and the lit inputs: at the default plan in the
# full set; in the ci set at --bt=1 and the device code alone, which puts
# each region's update through nvcc at a twelfth of the time. The host code
# is the same emitter's for every input, which the suite and plan jobs
# compile whole; the emulated self-checks build every accepted input's
# whole file (at its default plan) with the host compiler; the suite's
# default plans above are the deep kernels' spill check.
for f in "$SRC"/test/Inputs/accepted/*.c "$SRC"/test/lit/emit/Inputs/*.c; do
  [[ -e $f ]] || continue
  dir=$(basename "$(dirname "$f")")
  [[ $dir == Inputs ]] && dir=emit
  name="$dir-$(basename "$f" .c)"
  add full "$name" default "$f" -
  case $(basename "$f" .c) in
    # No blocked plan of --bt=1 fits these (3D stars of radius 8, a 1D
    # reach of 300; a ping-pong whose --bt counts its two sweeps): their
    # default (a one-step kernel, but for the ping-pong) in CI.
    star3d_r8 | star3d_r8_product | wide1d | fixed_extent_run_time_bounds)
      add ci "$name-default" default-device "$f" - ;;
    *) add ci "$name-bt1" device "$f" - --bt=1 ;;
  esac
done

# Stage-form inputs: the default plan in both sets (in the ci set the
# device code alone but for every third input), the naive kernels in the
# full set.
i=0
for f in "$SRC"/test/Inputs/stage/*.c; do
  name="stage-$(basename "$f" .c)"
  kind=default
  [[ $SET == ci && $((i % 3)) != 0 ]] && kind=default-device
  add all "$name" "$kind" "$f" -
  i=$((i + 1))
  add full "$name-naive" plan "$f" - --naive
done

njobs=$(wc -l <"$JOBLIST")
if [[ $njobs -eq 0 ]]; then
  echo "compile-generated.sh: no job matches NVCC_FILTER='${NVCC_FILTER:-}'" >&2
  exit 2
fi

# ---------------------------------------------------------------- run
echo "compile-generated.sh: the $SET set, $njobs jobs, $JOBS at a time, with $NVCC"
echo "$NVCC_VERSION"
start=$SECONDS
xargs -P "$JOBS" -n 1 bash "$SELF" --one <"$JOBLIST"
elapsed=$((SECONDS - start))

passed=0 failed=0
failures=()
while read -r name; do
  r="$WORK/$name.result"
  if [[ ! -f $r ]]; then
    failures+=("FAIL $name: no result (the job died)")
    failed=$((failed + 1))
    continue
  fi
  line=$(cat "$r")
  case $line in
    PASS*) passed=$((passed + 1)) ;;
    *) failed=$((failed + 1)); failures+=("$line") ;;
  esac
  [[ $line == *"spills, not a default plan"* ]] && echo "note: $line"
done <"$JOBLIST"

for f in "${failures[@]}"; do
  echo "$f"
  name=${f#FAIL }
  name=${name%%:*}
  # The first diagnostics of a failed stencilcc or nvcc call.
  if [[ $f == *" failed"* && -f $WORK/$name.log ]]; then
    grep -iE 'error|fatal' "$WORK/$name.log" | head -n 5 | sed 's/^/    /'
  fi
done
[[ ${NVCC_KEEP:-0} == 1 ]] && echo "work directory kept: $WORK"
{
  echo "nvcc compiles ($SET set): $njobs jobs, $failed failed; ${elapsed} s"
  echo "slowest jobs (s): $(cat "$WORK"/*.time 2>/dev/null | sort -rn | head -n 5 |
    awk '{ printf "%s%s %s", sep, $2, $1; sep = ", " }')"
  echo "$passed passed, $failed failed"
} | tee "$SUMMARY"
[[ $failed -eq 0 ]]
