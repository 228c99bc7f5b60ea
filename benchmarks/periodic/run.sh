#!/usr/bin/env bash
# run.sh [--steps T] [--reps R] [--no-checks]: on a GPU machine, builds generate.sh's
# self-checks with nvcc (-Xptxas -v; a spill is reported), checks each
# against its C loop, then times each default plan and its --naive twin
# (--time: median of R after a warm-up) at 2D 16384², 3D 512³, 1D 2^24,
# T steps (--no-checks: times only). One line per program as it finishes, then a table: GCells/s of
# the default (blocked) plan, of naive, and their ratio. Logs under $OUT.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
STEPS=1000 REPS=3 CHECKS=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --no-checks) CHECKS=0 ;;
    --steps) STEPS=$2; shift ;;
    --reps) REPS=$2; shift ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$OUT/logs"
# Binaries stay in bin/ (ignored by git): a later call on the same warm
# machine builds only what changed.
BIN=$HERE/bin
mkdir -p "$BIN"
for cu in "$HERE"/gen/*.cu; do
  n=$(basename "$cu" .cu)
  [[ $BIN/$n -nt $cu ]] && continue
  nvcc -O3 -arch=sm_90 -w -Xptxas -v "$cu" -o "$BIN/$n" >"$BIN/$n.build.log" 2>&1 &
done
wait
cp "$BIN"/*.build.log "$OUT/logs/"
size() { # the main case's --n for the program's rank
  case $1 in
    *1d*) echo 16777216 ;;
    *3d*) echo 512 ;;
    *) echo 16384 ;;
  esac
}
# The self-check's --time line: `TIME ... gpoints_per_s=G ...` (cells updated
# per second, in billions).
gcells() { grep -m1 '^TIME' "$1" | sed -n 's/.*gpoints_per_s=\([0-9.]*\).*/\1/p'; }
table=()
for cu in "$HERE"/gen/*.cu; do
  n=$(basename "$cu" .cu)
  [[ $n == *-naive ]] && continue
  line="$n:"
  for v in "$n" "$n-naive"; do
    if [[ ! -x $BIN/$v ]]; then line+=" $v build failed"; continue; fi
    grep -q '[1-9][0-9]* bytes spill stores' "$OUT/logs/$v.build.log" && line+=" ($v spills)"
    if ((CHECKS)); then
      timeout 120 "$BIN/$v" >"$OUT/logs/$v.check.log" 2>&1
      line+=" check $(tail -n1 "$OUT/logs/$v.check.log");"
    fi
    timeout 240 "$BIN/$v" --time --n="$(size "$n")" --steps="$STEPS" --reps="$REPS" \
      >"$OUT/logs/$v.time.log" 2>&1
  done
  d=$(gcells "$OUT/logs/$n.time.log") nv=$(gcells "$OUT/logs/$n-naive.time.log")
  ratio=$(awk -v a="${d:-0}" -v b="${nv:-0}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  echo "$line default ${d:--} naive ${nv:--} GCells/s (x$ratio)"
  table+=("$(printf '%-28s %10s %10s %7s' "$n" "${d:--}" "${nv:--}" "$ratio")")
done
tar -C "$OUT" -czf "$OUT/logs.tar.gz" logs && rm -rf "$OUT/logs"
echo "== $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1), $STEPS steps, median of $REPS"
printf '%-28s %10s %10s %7s\n' program default naive ratio
printf '%s\n' "${table[@]}"
