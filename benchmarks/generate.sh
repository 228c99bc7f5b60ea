#!/usr/bin/env bash
# generate.sh: run stencilcc over the benchmark stencils and plans, writing benchmarks/gen/.
#
# Usage (from anywhere; paths are relative to the repository root):
#   benchmarks/generate.sh [suite|matrix|perf|all] [--filter REGEX] [--jobs N] [--keep]
#
#   suite   all 21 stencils of benchmarks/stencils/suite.txt x {float,double} x plans
#           {default (--plan-cache=none: the model's default, not the built-in
#           database's tuned plan), bt1 (--bt=1), naive (--naive), assoc (--opt=assoc),
#           hybrid (--ns=2 and MCR, or SCR with RD=2 for star stencils)}       (210 plans)
#   matrix  the correctness matrix: star2d1r box2d2r j2d9pt-gol gradient2d star3d1r box3d1r
#           x {float,double} x bT {1,2,3,4,7} (2D) / {1,2,3} (3D)
#           x {--exchange=scr --rd=1 | --exchange=scr --rd=2 | --exchange=mcr |
#              --exchange=cached} x {--ns=0,--ns=2} x {--sl=0,--sl=64}          (832 plans)
#   perf    the performance report's plans (benchmarks/report.py): all 21 suite stencils
#           x {float,double} x {tuned (--plan-cache benchmarks/plan-cache.json: the cached
#           plan of the stencil, else its default), fastmath (tuned's flags and --fast-math),
#           bt1 (--bt=1), naive (--naive)}, and for the radius-1 stencils a temporal-degree
#           sweep btsweep<K> (--bt=K) for K in {1,2,3,4,5,6,8,10,12} (2D) / {1,2,3,4,5,6} (3D)
#           (294 plans). A fastmath file that differs from its tuned one only in the plan
#           description (the text ' fast-math' that stencilcc appends to it) is deleted and
#           left out of the manifest, and listed in benchmarks/gen/fastmath-same.txt (below).
#           Also writes benchmarks/gen/predictions.tsv (below). Not part of 'all'.
#   all     suite and matrix (the default)
#   --filter REGEX  keep only the entries whose file stem <name>_<real>_<planid> matches
#                   (grep -E)
#   --jobs N        parallel stencilcc runs (default 2)
#   --keep          do not empty benchmarks/gen/ first (the manifest is still rewritten and
#                   lists only this run's files)
#
# Environment: STENCILCC=path to the stencilcc binary (default build/tools/stencilcc/stencilcc).
#
# Writes:
#   benchmarks/gen/<name>_<real>_<planid>.cu   one per accepted plan
#   benchmarks/gen/manifest.txt   one line per file:
#       <name> <real> <planid> <dims> <radius> <flops> <fn> <file> <plan flags...>
#   benchmarks/gen/skipped.txt    one line per plan stencilcc rejected (exit 1) or crashed on:
#       <name> <real> <planid> rc=<rc> <plan flags...> :: <stencilcc's first error line>
#   benchmarks/gen/stencilcc.log  every stencilcc command line and its full message.
#   benchmarks/gen/predictions.tsv  (perf only) the performance model's prediction for each
#       generated plan, from 'stencilcc --plan-only <same flags> --format=json'
#       (regions[0].default, and gpu.global_gb_per_s); tab-separated, with a header line:
#       stem gcells_pred gflops_pred bottleneck global_gbs global_bytes_per_cell flags summary
#       '-' where the model has no prediction: naive plans (it does not model them; a tuned
#       plan that the plan cache makes --naive or --stream-sums gets its flags and summary, '-'
#       for the numbers)
#       and plans --plan-only rejects. A fastmath row is the model's prediction for the plan
#       without --fast-math (the model does not model it).
#   benchmarks/gen/fastmath-same.txt  (perf only) one line per dropped fastmath plan:
#       <stem> same as <tuned stem> (--fast-math changes nothing)
# Exit status: 0, or 1 if stencilcc crashed (exit status other than 0 and 1, or exit 0 with no
# output file) on some plan, or if no file was generated.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SELF="$ROOT/benchmarks/generate.sh"
cd "$ROOT"

SUITE_FILE=benchmarks/stencils/suite.txt
GEN=benchmarks/gen
STENCILCC=${STENCILCC:-build/tools/stencilcc/stencilcc}

# ---------------------------------------------------------------- one job (internal)
# Invoked through xargs as: generate.sh --one <seq> <name> <real> <planid> [flags...]
if [[ ${1:-} == --one ]]; then
  shift
  seq=$1 name=$2 real=$3 planid=$4
  shift 4
  flags=("$@")
  read -r _ dims radius _shape flops < <(awk -v n="$name" '$1 == n' "$SUITE_FILE")
  fn="kernel_${name//-/_}"
  file="$GEN/${name}_${real}_${planid}.cu"
  part="$GEN/.parts/$seq"
  set +e
  msg=$("$STENCILCC" "benchmarks/stencils/$name.c" "-DREAL=$real" -o "$file" "${flags[@]}" 2>&1)
  rc=$?
  set -e
  {
    echo "=== $name $real $planid: $STENCILCC benchmarks/stencils/$name.c -DREAL=$real -o $file ${flags[*]} (rc=$rc)"
    [[ -n $msg ]] && printf '%s\n' "$msg"
  } >"$part.log"
  if [[ $rc -ne 0 ]]; then rm -f "$file"; fi # never keep a stale file of a failed plan
  if [[ $rc -eq 0 && -s $file ]]; then
    line="$name $real $planid $dims $radius $flops $fn $file ${flags[*]}"
    echo "${line% }" >"$part.manifest"
  else
    first=$(printf '%s\n' "$msg" | grep -m1 -E 'error' || true)
    [[ -z $first ]] && first=$(printf '%s\n' "$msg" | head -n1)
    [[ $rc -eq 0 ]] && first="exit 0 but no output file; $first"
    [[ $rc -gt 128 ]] && first="killed by signal $((rc - 128)); $first"
    echo "$name $real $planid rc=$rc ${flags[*]} :: $first" >"$part.skipped"
    # exit 1 is a rejection (recorded, not an error); anything else is a crash
    if [[ $rc -ne 1 ]]; then echo "CRASH" >"$part.crash"; fi
  fi
  exit 0
fi

# ---------------------------------------------------------------- options
set_name=all
filter=''
jobs=2
keep=0
while [[ $# -gt 0 ]]; do
  case $1 in
    suite|matrix|perf|all) set_name=$1 ;;
    --filter) filter=$2; shift ;;
    --filter=*) filter=${1#*=} ;;
    --jobs) jobs=$2; shift ;;
    --jobs=*) jobs=${1#*=} ;;
    --keep) keep=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$SELF" | sed '$d'; exit 0 ;;
    *) echo "generate.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

if [[ ! -x $STENCILCC ]]; then
  echo "generate.sh: no stencilcc binary at '$STENCILCC' (build it, or set STENCILCC)" >&2
  exit 2
fi

# ---------------------------------------------------------------- job list
joblist=$(mktemp)
trap 'rm -f "$joblist"' EXIT
seq=0
add() { # name real planid flags...
  local stem="$1_$2_$3"
  if [[ -n $filter ]] && ! grep -qE -- "$filter" <<<"$stem"; then return 0; fi
  seq=$((seq + 1))
  printf '%05d %s\n' "$seq" "$*" >>"$joblist"
}

if [[ $set_name == suite || $set_name == all ]]; then
  while read -r name dims _radius shape _rest; do
    [[ -z $name || $name == \#* ]] && continue
    for real in float double; do
      add "$name" "$real" default --plan-cache=none
      add "$name" "$real" bt1 --bt=1
      add "$name" "$real" naive --naive
      # The hybrid plan of the correctness proof: queue slots in shared
      # memory and the other exchange scheme (MCR where it applies, else
      # SCR with RD=2, at bT=2 so that RD=2 is valid for every star).
      # Partial sums (paper 001's associative optimization); stencilcc
      # rejects it, recorded in skipped.txt, where the update is no sum of
      # products.
      add "$name" "$real" assoc --opt=assoc
      if [[ $shape == star ]]; then
        if [[ $dims == 3 ]]; then wide=(--bs=32x32); else wide=(); fi
        add "$name" "$real" hybrid --bt=2 --ns=2 --exchange=scr --rd=2 "${wide[@]}"
      else
        add "$name" "$real" hybrid --ns=2 --exchange=mcr
      fi
    done
  done <"$SUITE_FILE"
fi

if [[ $set_name == matrix || $set_name == all ]]; then
  for name in star2d1r box2d2r j2d9pt-gol gradient2d star3d1r box3d1r; do
    dims=$(awk -v n="$name" '$1 == n { print $2 }' "$SUITE_FILE")
    if [[ $dims == 2 ]]; then bts="1 2 3 4 7"; else bts="1 2 3"; fi
    for real in float double; do
      for bt in $bts; do
        for ex in scr1 scr2 mcr cached; do
          case $ex in
            scr1) exflags="--exchange=scr --rd=1" ;;
            scr2) exflags="--exchange=scr --rd=2" ;;
            mcr) exflags="--exchange=mcr" ;;
            cached) exflags="--exchange=cached" ;;
          esac
          for ns in 0 2; do
            for sl in 0 64; do
              # shellcheck disable=SC2086
              add "$name" "$real" "bt$bt-$ex-ns$ns-sl$sl" "--bt=$bt" $exflags "--ns=$ns" "--sl=$sl"
            done
          done
        done
      done
    done
  done
fi

if [[ $set_name == perf ]]; then
  while read -r name dims radius _shape _rest; do
    [[ -z $name || $name == \#* ]] && continue
    for real in float double; do
      add "$name" "$real" tuned --plan-cache benchmarks/plan-cache.json
      # The same plan with --fast-math (AN5D's figures were built with nvcc
      # --use_fast_math); kept below only where it changes the generated code.
      add "$name" "$real" fastmath --plan-cache benchmarks/plan-cache.json --fast-math
      add "$name" "$real" bt1 --bt=1
      add "$name" "$real" naive --naive
      # GFLOP/s against bT (paper 001 Fig. 8) for the radius-1 stencils only,
      # where the useful temporal degrees reach furthest; the planner rejects
      # the degrees that do not fit, recorded in skipped.txt.
      if [[ $radius == 1 ]]; then
        if [[ $dims == 3 ]]; then sweep="1 2 3 4 5 6"; else sweep="1 2 3 4 5 6 8 10 12"; fi
        for k in $sweep; do add "$name" "$real" "btsweep$k" "--bt=$k"; done
      fi
    done
  done <"$SUITE_FILE"
fi

njobs=$(wc -l <"$joblist")
if [[ $njobs -eq 0 ]]; then
  echo "generate.sh: no plan matches (set '$set_name', filter '$filter')" >&2
  exit 2
fi

# ---------------------------------------------------------------- run
if [[ $keep -eq 0 ]]; then rm -rf "$GEN"; fi
mkdir -p "$GEN"
rm -rf "$GEN/.parts"
mkdir -p "$GEN/.parts"
echo "generate.sh: $njobs plans ($set_name${filter:+, filter $filter}), $jobs at a time, with $STENCILCC"
t0=$SECONDS
xargs -r -P "$jobs" -L 1 "$SELF" --one <"$joblist"

# ---------------------------------------------------------------- collect, in job order
: >"$GEN/manifest.txt"
: >"$GEN/skipped.txt"
: >"$GEN/stencilcc.log"
crashes=0
for part in "$GEN"/.parts/*.log; do
  base=${part%.log}
  cat "$part" >>"$GEN/stencilcc.log"
  [[ -f $base.manifest ]] && cat "$base.manifest" >>"$GEN/manifest.txt"
  [[ -f $base.skipped ]] && cat "$base.skipped" >>"$GEN/skipped.txt"
  [[ -f $base.crash ]] && crashes=$((crashes + 1))
done
rm -rf "$GEN/.parts"

# ---------------------------------------------------------------- fastmath = tuned? (perf)
# Keep a fastmath plan only where --fast-math changes the generated code: compare its file
# with the tuned one after deleting every ' fast-math' (stencilcc appends it to the '// plan:'
# line and to a host comment). Where they are equal, the fastmath file is deleted, left out
# of the manifest and listed in fastmath-same.txt. Where the tuned plan is not in this run
# (--filter), there is nothing to compare with and the fastmath plan is kept.
nfmsame=0
if [[ $set_name == perf ]]; then
  : >"$GEN/fastmath-same.txt"
  declare -A fm_drop=()
  while read -r name real planid _dims _radius _flops _fn file flags; do
    [[ ${planid:-} == fastmath ]] || continue
    tstem="${name}_${real}_tuned"
    ref=
    if awk -v n="$name" -v r="$real" '$1 == n && $2 == r && $3 == "tuned" { f = 1 } END { exit !f }' \
         "$GEN/manifest.txt"; then
      ref="$GEN/$tstem.cu"
    fi
    if [[ -n $ref && -f $ref ]] && cmp -s <(sed 's/ fast-math//g' "$file") <(sed 's/ fast-math//g' "$ref"); then
      rm -f "$file"
      fm_drop[$file]=1
      nfmsame=$((nfmsame + 1))
      echo "$(basename "$file" .cu) same as $tstem (--fast-math changes nothing)" >>"$GEN/fastmath-same.txt"
    fi
  done <"$GEN/manifest.txt"
  if [[ $nfmsame -gt 0 ]]; then
    while read -r line; do
      read -r _ _ _ _ _ _ _ file _ <<<"$line"
      [[ -n ${fm_drop[$file]:-} ]] || printf '%s\n' "$line"
    done <"$GEN/manifest.txt" >"$GEN/.manifest.new"
    mv "$GEN/.manifest.new" "$GEN/manifest.txt"
  fi
fi

# ---------------------------------------------------------------- model predictions (perf)
# One row per generated entry, so that report.py can set each measurement
# against what the model predicts for the same flags.
npredfail=0
if [[ $set_name == perf ]]; then
  pred="$GEN/predictions.tsv"
  printf 'stem\tgcells_pred\tgflops_pred\tbottleneck\tglobal_gbs\tglobal_bytes_per_cell\tflags\tsummary\n' >"$pred"
  nodata() { printf '%s\t-\t-\t-\t-\t-\t-\t-\n' "$1"; }
  while read -r name real planid _dims _radius _flops _fn file flags; do
    [[ -z ${name:-} ]] && continue
    stem=$(basename "$file" .cu)
    if [[ $planid == naive ]]; then nodata "$stem" >>"$pred"; continue; fi
    read -ra fl <<<"${flags:-}"
    set +e
    json=$("$STENCILCC" --plan-only "benchmarks/stencils/$name.c" "-DREAL=$real" "${fl[@]}" --format=json 2>"$GEN/.plan-only.err")
    rc=$?
    set -e
    {
      echo "=== $name $real $planid: $STENCILCC --plan-only benchmarks/stencils/$name.c -DREAL=$real ${fl[*]} --format=json (rc=$rc)"
      cat "$GEN/.plan-only.err"
    } >>"$GEN/stencilcc.log"
    if [[ $rc -eq 0 ]] && python3 -c '
import json, sys
stem = sys.argv[1]
d = json.load(sys.stdin)
p = d["regions"][0]["default"]
if p.get("naive") or p.get("modelled") is False:
    # the plan cache chose the naive or the streaming partial-sums kernel: the model has no
    # figures for it
    row = [stem, "-", "-", "-", "-", "-", p.get("flags") or "--naive", p.get("summary") or "-"]
else:
    row = [stem, p["gcells_per_s"], p["gflop_per_s"], p["bottleneck"], d["gpu"]["global_gb_per_s"],
           p["global_bytes_per_cell"], p["flags"], p["summary"]]
print("\t".join(str(x) for x in row))
' "$stem" <<<"$json" >"$GEN/.plan-only.row" 2>>"$GEN/stencilcc.log"; then
      cat "$GEN/.plan-only.row" >>"$pred"
    else
      nodata "$stem" >>"$pred"
      npredfail=$((npredfail + 1))
    fi
  done <"$GEN/manifest.txt"
  rm -f "$GEN/.plan-only.err" "$GEN/.plan-only.row"
fi

ngen=$(wc -l <"$GEN/manifest.txt")
nskip=$(wc -l <"$GEN/skipped.txt")
size=$(du -sk "$GEN" | cut -f1)
echo "generate.sh: $ngen generated, $nskip skipped (rejected: $((nskip - crashes)), crashed: $crashes)" \
     "in $((SECONDS - t0)) s; $GEN is ${size} KiB"
if [[ $nskip -gt 0 ]]; then
  echo "skipped (first 10 of $nskip; all in $GEN/skipped.txt, messages in $GEN/stencilcc.log):"
  head -n 10 "$GEN/skipped.txt" | cut -c1-200
fi
if [[ $set_name == perf ]]; then
  echo "generate.sh: $nfmsame fastmath plans equal to their tuned plan, dropped (listed in $GEN/fastmath-same.txt)"
  echo "generate.sh: $GEN/predictions.tsv written; --plan-only failed on $npredfail non-naive plans (see $GEN/stencilcc.log)"
fi
if [[ $size -gt 40960 ]]; then
  echo "generate.sh: warning: $GEN is over 40 MiB; the device call carries at most 64 MiB" >&2
fi
if [[ $crashes -gt 0 ]]; then
  echo "generate.sh: error: stencilcc crashed (exit status other than 0/1) on $crashes plans:" >&2
  grep -vE ' rc=1 ' "$GEN/skipped.txt" | head -n 10 >&2
  exit 1
fi
if [[ $ngen -eq 0 ]]; then
  echo "generate.sh: error: nothing was generated" >&2
  exit 1
fi
