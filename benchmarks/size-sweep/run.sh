#!/usr/bin/env bash
# run.sh [--gen NAME] [--builds "LABEL:FLAGS ..."] [--check "LABEL ..."] [--sizes2d "N..."]
#        [--sizes3d "N..."] [--steps T] [--reps R] [--jobs J]
# On the GPU machine: builds every program of NAME.tar.xz (generate.sh; default gen) once per
# build LABEL, nvcc with that build's FLAGS (commas for spaces; the first build is the baseline),
# checks the builds named by --check (default: all) against the C loop at the self-check's
# sizes, then times each build at every size of the program's dimension (the self-check's
# --time: kernels only, median of R runs). Prints a table of GCells/s, each with its ratio to
# the first build at the same size, and the geometric mean of those ratios; logs under $OUT.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
GEN=gen
BUILDS="default:"
CHECK=""
SIZES2D="16384"
SIZES3D="512"
STEPS=1000
REPS=3
JOBS=16
OUT=${OUT:-/tmp/size-sweep-out}
while [[ $# -gt 0 ]]; do
  case $1 in
    --gen) GEN=$2; shift ;;
    --builds) BUILDS=$2; shift ;;
    --check) CHECK=$2; shift ;;
    --sizes2d) SIZES2D=$2; shift ;;
    --sizes3d) SIZES3D=$2; shift ;;
    --steps) STEPS=$2; shift ;;
    --reps) REPS=$2; shift ;;
    --jobs) JOBS=$2; shift ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
export PATH=$PATH:/usr/local/cuda/bin
mkdir -p "$OUT"
WORK=$(mktemp -d)
tar -C "$WORK" -xJf "$HERE/$GEN.tar.xz"
labels=()
for b in $BUILDS; do labels+=("${b%%:*}"); done
[[ -z $CHECK ]] && CHECK="${labels[*]}"

# Every (program, build) compile, JOBS at a time.
build_one() { # WORK OUT ID LABEL [FLAGS]
  local flags=${5:-}
  nvcc -O3 -arch=sm_90 -Xptxas -v ${flags//,/ } "$1/gen/$3.cu" -o "$1/$3.$4" \
    >"$2/$3.$4.build.log" 2>&1 || true
}
export -f build_one
while read -r id _; do
  for b in $BUILDS; do
    # No trailing blank: xargs -L would join the next line to this one.
    f=${b#*:}
    echo "$WORK $OUT $id ${b%%:*}${f:+ $f}"
  done
done <"$WORK/gen/manifest.txt" | xargs -P "$JOBS" -L 1 bash -c 'build_one "$@"' _
: >"$OUT/table.txt"
: >"$OUT/ratios.txt"
while read -r id name real dims plan; do
  sizes=$SIZES2D
  [[ $dims == 3 ]] && sizes=$SIZES3D
  echo "$id ($name $real) [$plan]" | tee -a "$OUT/table.txt"
  base=()
  for label in "${labels[@]}"; do
    exe="$WORK/$id.$label"
    if [[ ! -x $exe ]]; then
      echo "  $label: build failed" | tee -a "$OUT/table.txt"
      continue
    fi
    check=unchecked
    if [[ " $CHECK " == *" $label "* ]]; then
      timeout 300 "$exe" >"$OUT/$id.$label.check.txt" 2>&1 && check=passed || check=FAILED
    fi
    row="  $label (check $check):"
    i=0
    for n in $sizes; do
      timeout 300 "$exe" --time --n="$n" --steps="$STEPS" --reps="$REPS" \
        >"$OUT/$id.$label.n$n.txt" 2>&1 || true
      g=$(sed -n 's/.*gcells_per_s=\([0-9.]*\).*/\1/p' "$OUT/$id.$label.n$n.txt" | head -n1)
      g=${g:-0}
      [[ -z ${base[$i]:-} ]] && base[$i]=$g
      r=$(awk -v a="$g" -v b="${base[$i]}" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", a / b; else print "-" }')
      [[ $label != "${labels[0]}" && $r != - ]] && echo "$label $r" >>"$OUT/ratios.txt"
      row+=" n=$n $(printf '%.1f' "$g") (x$r)"
      i=$((i + 1))
    done
    echo "$row" | tee -a "$OUT/table.txt"
  done
done <"$WORK/gen/manifest.txt"
for label in "${labels[@]:1}"; do
  awk -v l="$label" '$1 == l { s += log($2); n++; if (min == "" || $2 < min) min = $2; if ($2 > max) max = $2 }
    END { if (n) printf "%s against %s: geometric mean x%.3f over %d timings (min x%.3f, max x%.3f)\n", l, base, exp(s / n), n, min, max }' \
    base="${labels[0]}" "$OUT/ratios.txt" | tee -a "$OUT/table.txt"
done
echo "== GCells/s (x ratio to build '${labels[0]}' at the same size), steps $STEPS, median of $REPS, $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)"
cat "$OUT/table.txt"
