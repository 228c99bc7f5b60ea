#!/usr/bin/env bash
# generate-stage.sh: write, here (where stencilcc is), every CUDA file that
# benchmarks/run-stage-gpu.sh builds and runs on a GPU machine for the stage-form
# benchmarks (benchmarks/stage/*.c, docs/stage-form.md) and checks.
#
# Usage (from anywhere; paths are relative to the repository root):
#   benchmarks/generate-stage.sh [--jobs N] [--filter REGEX]
#                                [--variant NAME LABEL FLAGS]...
#
#   --variant NAME LABEL FLAGS  also write <NAME>-<real>-<LABEL>.cu, the
#       benchmark program NAME compiled with the stencilcc FLAGS (one string,
#       e.g. '--bt 4 --bs 1016'), in each precision NAME is timed in; its
#       manifest line has plan LABEL. run-stage-gpu.sh times it beside the
#       default and naive files and compares its checksums with naive's.
#       For exploring plans by hand; LABEL must not be default or naive.
#
# Writes benchmarks/gen-stage/ and packs it into benchmarks/gen-stage.tar.xz,
# which is what travels to the GPU machine (run-stage-gpu.sh unpacks it):
#   <name>-<real>-default.cu   stencilcc benchmarks/stage/<name>.c -DREAL=<real>
#   <name>-<real>-naive.cu     the same with --naive
#                              (the timing programs: each benchmark's own main()
#                              takes the size and the steps from argv)
#   check-<name>-<real>-<plan>.cu        stencilcc --emit-test of the same
#   check-input-<base>-<plan>.cu         stencilcc --emit-test of every
#                              test/Inputs/stage/<base>.c, default plan and --naive
#   bench_common.h             a copy of benchmarks/stage/bench_common.h, the
#                              driver helpers every program (so every .cu above)
#                              includes as "bench_common.h": nvcc finds it next
#                              to the .cu, and gen-stage.tar.xz carries it
#   manifest.txt               one line per file (columns below)
#   rejected.txt               inputs stencilcc rejected with a diagnostic
#                              (exit 1), with its first error
#   stencilcc.txt              the stencilcc and the source revision used
#
# manifest.txt columns (`#` lines are comments):
#   kind name real plan dims sweeps_per_step size steps grid_sweeps_per_step file
#   kind       time (a benchmark program to time) or check (an --emit-test program)
#   name       the program (benchmarks/stage/<name>.c) or input/<base> for a
#              test input
#   real       float or double (a test input: its element type; two types: a+b)
#   plan       default or naive
#   dims       spatial dimensions (a test input with several regions: a+b)
#   sweeps_per_step  statements per time step (docs/stage-form.md's sweeps)
#   size steps the argv of a timing run (N, T): a grid of N^dims (pathfinder:
#              N columns, W of T+1 rows) and T time steps; `-` for checks
#   grid_sweeps_per_step  statements per step that sweep the whole grid, the
#              count behind GCell/s (fdtd2d: 3 of its 4; `-` for checks)
#   file       the file, in gen-stage/
#
# Timing sizes: 2D 16384^2, 3D 512^3, 1D 2^24, 1000 sweeps: ping-pong programs
# (two sweeps a step) T = 500, one-statement programs T = 1000, fdtd2d
# T = 1000 steps (4 statements each, one of them a single row); pathfinder
# 2^22 columns, T = 1000 (W: 1001 x 2^22 floats, 16.8 GB on host and device).
# Precisions timed: both, except pathfinder (fminf: float only). Every program
# is checked (--emit-test) in both precisions except pathfinder (float).
#
# Environment: STENCILCC (default build/tools/stencilcc/stencilcc).
# Exit status: 0 when every benchmark file was written (test inputs that stencilcc
# rejects with a diagnostic are listed in rejected.txt and do not fail the run);
# 1 when stencilcc rejected or crashed on a benchmark program or crashed on an
# input; 2 on a usage error.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
STENCILCC=${STENCILCC:-build/tools/stencilcc/stencilcc}
GEN=benchmarks/gen-stage
JOBS=$(nproc 2>/dev/null || echo 2) FILTER=''
VARIANTS=() # "name|label|flags"
usage() { echo "usage: $0 [--jobs N] [--filter REGEX] [--variant NAME LABEL FLAGS]..." >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --jobs) JOBS=$2; shift 2 ;;
    --filter) FILTER=$2; shift 2 ;;
    --variant)
      [[ $# -ge 4 && $3 =~ ^[A-Za-z0-9_.+]+$ && $3 != default && $3 != naive ]] || usage
      VARIANTS+=("$2|$3|$4"); shift 4 ;;
    *) usage ;;
  esac
done
[[ -x $STENCILCC ]] || { echo "generate-stage.sh: no stencilcc at $STENCILCC (ninja -C build stencilcc)" >&2; exit 2; }

# name  timed-reals  checked-reals  dims  sweeps/step  grid-sweeps/step  size  steps
BENCH=(
  "jacobi2d_pp     float,double float,double 2 2 2 16384    500"
  "jacobi2d_t2     float,double float,double 2 1 1 16384    1000"
  "jacobi2d_swap   float,double float,double 2 1 1 16384    1000"
  "heat3d_pp       float,double float,double 3 2 2 512      500"
  "heat3d_t2       float,double float,double 3 1 1 512      1000"
  "jacobi1d_pp     float,double float,double 1 2 2 16777216 500"
  "jacobi1d_t2     float,double float,double 1 1 1 16777216 1000"
  "fdtd2d          float,double float,double 2 4 3 16384    1000"
  "hotspot         float,double float,double 2 1 1 16384    1000"
  "wave2d_o8       float,double float,double 2 1 1 16384    1000"
  "wave3d_o8       float,double float,double 3 1 1 512      1000"
  "diffusion3d_var float,double float,double 3 1 1 512      1000"
  "relax19_3d      float,double float,double 3 1 1 512      1000"
  "heat7_rhs_3d    float,double float,double 3 1 1 512      1000"
  "box27_rhs_3d    float,double float,double 3 1 1 512      1000"
  "star13_rhs_3d   float,double float,double 3 1 1 512      1000"
  "pathfinder      float        float        1 1 1 4194304  1000"
)
declare -A listed=()
for b in "${BENCH[@]}"; do read -r name _ <<<"$b"; listed[$name]=1; done
for f in benchmarks/stage/*.c; do
  base=$(basename "$f" .c)
  if [[ -z ${listed[$base]:-} ]]; then
    echo "generate-stage.sh: $f is not in the BENCH table of this script" >&2
    exit 2
  fi
done

rm -rf "$GEN" "$GEN.tar.xz"
mkdir -p "$GEN"
cp benchmarks/stage/bench_common.h "$GEN/"

# One job per line: kind|name|real|plan|dims|sps|size|steps|gsps|file|fatal|input|flags
jobs=()
for b in "${BENCH[@]}"; do
  read -r name treals creals dims sps gsps size steps <<<"$b"
  src=benchmarks/stage/$name.c
  for plan in default naive; do
    flags=""
    [[ $plan == naive ]] && flags="--naive"
    for real in ${treals//,/ }; do
      jobs+=("time|$name|$real|$plan|$dims|$sps|$size|$steps|$gsps|$name-$real-$plan.cu|1|$src|-DREAL=$real $flags")
    done
    for real in ${creals//,/ }; do
      jobs+=("check|$name|$real|$plan|$dims|$sps|-|-|-|check-$name-$real-$plan.cu|1|$src|--emit-test -DREAL=$real $flags")
    done
  done
  for v in "${VARIANTS[@]}"; do
    IFS='|' read -r vname label flags <<<"$v"
    [[ $vname == "$name" ]] || continue
    for real in ${treals//,/ }; do
      jobs+=("time|$name|$real|$label|$dims|$sps|$size|$steps|$gsps|$name-$real-$label.cu|1|$src|-DREAL=$real $flags")
    done
  done
done
for v in "${VARIANTS[@]}"; do
  IFS='|' read -r vname _ <<<"$v"
  [[ -n ${listed[$vname]:-} ]] || { echo "generate-stage.sh: --variant: no benchmark program '$vname'" >&2; exit 2; }
done
# The test inputs: dims, element type and statements per step from --analyze.
facts() { # file -> "real dims sps" (several regions: joined with +)
  "$STENCILCC" --analyze "$1" --format=json 2>/dev/null | python3 -c '
import json, sys
try:
    rs = json.load(sys.stdin)["regions"]
except Exception:
    print("? ? ?"); sys.exit(0)
j = lambda k: "+".join(str(x) for x in k) if k else "?"
print(j(sorted({r.get("element_type", "?") for r in rs})), j([r.get("dimensions", "?") for r in rs]),
      j([len(r.get("stages", [])) or 1 for r in rs]))' 2>/dev/null || echo "? ? ?"
}
for f in test/Inputs/stage/*.c; do
  base=$(basename "$f" .c)
  read -r real dims sps < <(facts "$f")
  for plan in default naive; do
    flags=""
    [[ $plan == naive ]] && flags="--naive"
    jobs+=("check|input/$base|$real|$plan|$dims|$sps|-|-|-|check-input-$base-$plan.cu|0|$f|--emit-test $flags")
  done
done
if [[ -n $FILTER ]]; then
  mapfile -t jobs < <(printf '%s\n' "${jobs[@]}" | awk -F'|' -v re="$FILTER" '$10 ~ re')
fi
((${#jobs[@]} > 0)) || { echo "generate-stage.sh: no file matches --filter '$FILTER'" >&2; exit 2; }

one() { # job line
  local kind name real plan dims sps size steps gsps file fatal input flags rc
  IFS='|' read -r kind name real plan dims sps size steps gsps file fatal input flags <<<"$1"
  # shellcheck disable=SC2086
  "$STENCILCC" "$input" $flags -o "$GEN/$file" >"$GEN/$file.log" 2>&1
  rc=$?
  if ((rc == 0)); then
    rm -f "$GEN/$file.log"
    echo "$kind $name $real $plan $dims $sps $size $steps $gsps $file" >"$GEN/$file.line"
  else
    echo "$file (exit $rc): $input $flags :: $(grep -m1 'error' "$GEN/$file.log" || tail -n 1 "$GEN/$file.log")" >"$GEN/$file.rejected"
    rm -f "$GEN/$file"
    # a benchmark program must compile; a test input may be rejected with a
    # diagnostic (exit 1), not crash
    if ((fatal || rc != 1)); then echo "$file" >"$GEN/$file.fatal"; fi
  fi
  return 0
}
export -f one
export STENCILCC GEN
printf '%s\n' "${jobs[@]}" | xargs -d '\n' -P "$JOBS" -I{} bash -c 'one "$1"' _ {}

# The manifest, in the order of the job list (timing files first).
rev=$(git rev-parse --short HEAD 2>/dev/null || echo '?')
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo " (with uncommitted changes)" || true)
{
  echo "stencilcc: $("$STENCILCC" --version 2>&1 | grep -m1 -i version | sed 's/^ *//')"
  echo "source: $rev$dirty"
  echo "generated: $(date -u '+%F %T UTC') on $(hostname)"
} >"$GEN/stencilcc.txt"
{
  echo "# stage-form benchmarks and checks; $(sed -n 2p "$GEN/stencilcc.txt"); $(sed -n 1p "$GEN/stencilcc.txt")"
  echo "# kind name real plan dims sweeps_per_step size steps grid_sweeps_per_step file"
  for j in "${jobs[@]}"; do
    IFS='|' read -r _ _ _ _ _ _ _ _ _ file _ <<<"$j"
    if [[ -f $GEN/$file.line ]]; then cat "$GEN/$file.line"; rm -f "$GEN/$file.line"; fi
  done
} >"$GEN/manifest.txt"
: >"$GEN/rejected.txt"
if compgen -G "$GEN/*.rejected" >/dev/null; then
  cat "$GEN"/*.rejected | sort >"$GEN/rejected.txt"
  rm -f "$GEN"/*.rejected
fi
fatal=0
if compgen -G "$GEN/*.fatal" >/dev/null; then
  fatal=$(cat "$GEN"/*.fatal | wc -l)
  rm -f "$GEN"/*.fatal
fi
tar -C benchmarks -cJf "$GEN.tar.xz" gen-stage
made=$(grep -vc '^#' "$GEN/manifest.txt" || true)
ntime=$(grep -c '^time ' "$GEN/manifest.txt" || true)
echo "generate-stage.sh: $made of ${#jobs[@]} files in $GEN ($ntime timing, $((made - ntime)) checks;" \
  "$(du -sh "$GEN" | cut -f1)); packed: $GEN.tar.xz ($(du -h "$GEN.tar.xz" | cut -f1))"
if [[ -s $GEN/rejected.txt ]]; then
  echo "rejected ($(wc -l <"$GEN/rejected.txt"), in $GEN/rejected.txt):"
  cut -c1-200 "$GEN/rejected.txt" | sed 's/^/  /'
fi
if ((fatal > 0)); then
  echo "generate-stage.sh: $fatal benchmark file(s) not generated or stencilcc crashed (see above)" >&2
  exit 1
fi
