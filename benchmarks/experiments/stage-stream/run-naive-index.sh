#!/usr/bin/env bash
# run-naive-index.sh: on a GPU, each program of naive-index.tar.xz
# (generate-naive-index.sh) built once with nvcc, checked against its C
# loop with int and with long cell indices, then timed both ways in the
# same call (the self-check's --time; 3D n=512, 2D n=8192, 200 steps,
# median of 3): the table's ratio is long / int time.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT"
WORK=$(mktemp -d)
tar -C "$WORK" -xJf "$HERE/naive-index.tar.xz"
for cu in "$WORK"/naive-index/*.cu; do
  nvcc -O3 -arch=sm_90 -Xptxas -v "$cu" -o "${cu%.cu}" >"$OUT/$(basename "$cu" .cu).build.log" 2>&1 &
done
wait
rows=()
for cu in "$WORK"/naive-index/*.cu; do
  name=$(basename "$cu" .cu) bin=${cu%.cu}
  [[ -x $bin ]] || { rows+=("$name: build failed"); continue; }
  check=$("$bin" 2>&1 | tail -n1) wide=$("$bin" --wide-offsets 2>&1 | tail -n1)
  dims=$(grep -m1 -o 'plan: naive' "$cu" >/dev/null && grep -c 'blockIdx.z' "$cu" || true)
  n=8192
  [[ $dims -gt 0 ]] && n=512
  gi=$("$bin" --time --n=$n --steps=200 --reps=3 2>&1 | sed -n 's/.*g[a-z]*_per_s=\([0-9.]*\).*/\1/p' | head -n1)
  gl=$("$bin" --time --wide-offsets --n=$n --steps=200 --reps=3 2>&1 | sed -n 's/.*g[a-z]*_per_s=\([0-9.]*\).*/\1/p' | head -n1)
  r=$(awk -v a="$gi" -v b="$gl" 'BEGIN { if (a > 0 && b > 0) printf "%.3f", a / b; else print "-" }')
  rows+=("$(printf '%-18s n=%-5s int %8s  long %8s GCells/s  int/long %s | check: %s | wide: %s' "$name" "$n" "$gi" "$gl" "$r" "$check" "$wide")")
done
echo "== naive stage kernels, int against long cell indices: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)"
printf '%s\n' "${rows[@]}" | tee "$OUT/table.txt"
