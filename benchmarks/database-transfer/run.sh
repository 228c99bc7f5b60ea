#!/usr/bin/env bash
# run.sh (on the GPU machine, after generate.py here): other-coefficient copies of six suite stencils: the built-in database's plan (db) against
# the model's default (model, --plan-cache=none): check, then time (16384^2 / 512^3, 100 steps).
cd "$(dirname "$0")/gen"
OUT=${OUT:-/tmp/dbout}; mkdir -p "$OUT" /tmp/dbb
PATH=/usr/local/cuda/bin:$PATH
ls *.cu | xargs -P 16 -I{} bash -c 'nvcc -O3 -arch=sm_90 -o /tmp/dbb/$(basename {} .cu) {} > /tmp/dbb/$(basename {} .cu).log 2>&1 || echo "BUILD FAIL {}"'
echo "built at $SECONDS s"
for f in *.cu; do s=$(basename $f .cu)
  case $s in *3d*) n=512;; *) n=16384;; esac
  chk=$(timeout 120 /tmp/dbb/$s 2>&1 | tail -1)
  t=$(timeout 120 /tmp/dbb/$s --time --n=$n --steps=100 --reps=3 2>&1 | grep TIME | head -1)
  echo "$s | $chk | $t"
done | tee $OUT/table.txt
