#!/usr/bin/env bash
# sass-dump.sh: the SASS loops (benchmarks/sass-loops.py) of every file in benchmarks/gen, for the
# device machine: nvcc -cubin, cuobjdump --dump-sass, sass-loops.py; outputs under $OUT.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
OUT=${OUT:-/tmp/sass-out}; mkdir -p "$OUT"
PATH=/usr/local/cuda/bin:$PATH
while read -r name real planid _ _ _ _ file _; do
  stem=$(basename "$file" .cu)
  ( nvcc -O3 -arch=sm_90 -cubin -Xptxas -v -DREAL="$real" -o "$OUT/$stem.cubin" "$file" >"$OUT/$stem.ptxas.txt" 2>&1 &&
    cuobjdump --dump-sass "$OUT/$stem.cubin" >"$OUT/$stem.sass" &&
    python3 benchmarks/sass-loops.py "$OUT/$stem.sass" 200 >"$OUT/loops-$stem.txt"; rm -f "$OUT/$stem.cubin" ) &
done <benchmarks/gen/manifest.txt
wait
for f in "$OUT"/loops-*.txt; do echo "== $f"; cat "$f"; done
