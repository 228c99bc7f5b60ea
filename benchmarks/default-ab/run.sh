#!/usr/bin/env bash
# run.sh [--steps T] [--reps R]: on a GPU machine, the pairs generate.sh
# wrote: builds both forms with nvcc (16 at a time), checks the new one
# against its C loop, times both in the same call (--time: median of R
# after a warm-up, 2D 16384², 3D 512³, 1D 2^24), and prints one line per
# pair, then the table: GCells/s old and new, new / old, and the
# geometric mean. Logs under $OUT.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
STEPS=200 REPS=3
while [[ $# -gt 0 ]]; do
  case $1 in
    --steps) STEPS=$2; shift ;;
    --reps) REPS=$2; shift ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p "$OUT/logs"
BIN=$(mktemp -d)
ls "$HERE"/gen/*.cu | xargs -P 16 -I{} sh -c \
  'n=$(basename {} .cu); nvcc -O3 -arch=sm_90 -w -Xptxas -v -I'"$HERE"'/../stage {} -o '"$BIN"'/$n >'"$OUT"'/logs/$n.build.log 2>&1'
size() { # the main case's --n, from the rank generate.sh wrote
  case $(cat "$HERE/gen/$1.dims" 2>/dev/null) in
    1) echo 16777216 ;; 3) echo 512 ;; *) echo 16384 ;;
  esac
}
rate() { grep -m1 '^TIME' "$1" | sed -n 's/.*g[a-z]*_per_s=\([0-9.]*\).*/\1/p'; }
table=() logsum=0 count=0
for cu in "$HERE"/gen/*.new.cu; do
  n=$(basename "$cu" .new.cu)
  line="$n:"
  if [[ -x $BIN/$n.new ]]; then
    timeout 120 "$BIN/$n.new" >"$OUT/logs/$n.check.log" 2>&1
    line+=" check $(tail -n1 "$OUT/logs/$n.check.log");"
  else
    line+=" new build failed;"
  fi
  grep -q '[1-9][0-9]* bytes spill stores' "$OUT/logs/$n.new.build.log" && line+=" new spills;"
  for v in old new; do
    [[ -x $BIN/$n.$v ]] && timeout 240 "$BIN/$n.$v" --time --n="$(size "$n")" \
      --steps="$STEPS" --reps="$REPS" >"$OUT/logs/$n.$v.time.log" 2>&1
  done
  o=$(rate "$OUT/logs/$n.old.time.log" 2>/dev/null) w=$(rate "$OUT/logs/$n.new.time.log" 2>/dev/null)
  r=$(awk -v a="${w:-0}" -v b="${o:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", a / b; else print "-" }')
  [[ $r != - ]] && logsum=$(awk -v s="$logsum" -v r="$r" 'BEGIN { print s + log(r) }') && count=$((count + 1))
  echo "$line old ${o:--} new ${w:--} GCells/s (x$r)"
  table+=("$(printf '%-34s %10s %10s %7s' "$n" "${o:--}" "${w:--}" "$r")")
done
tar -C "$OUT" -czf "$OUT/logs.tar.gz" logs && rm -rf "$OUT/logs"
echo "== $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1), $STEPS steps, median of $REPS"
printf '%-34s %10s %10s %7s\n' program old new new/old
printf '%s\n' "${table[@]}"
awk -v s="$logsum" -v c="$count" 'BEGIN { if (c) printf "geometric mean new/old over %d: %.3f\n", c, exp(s / c) }'
