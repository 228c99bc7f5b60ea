#!/usr/bin/env bash
# run.sh, on a GPU machine after generate.sh: one GPU's GCells/s on the
# default star2d1r (32768 columns) and star3d1r (1024^2 planes) kernels
# against the rows of the grid (a rank's slab at 1 to 16 GPUs), and
# star2d1r's plan at stream blocks of 128, 512 and 1024 rows (the default
# 256) at 8192 and 32768 rows; 480 steps, median of 3.
set -u
cd "$(dirname "$0")/gen"
nvidia-smi --query-gpu=name --format=csv,noheader
for p in s2 s3 s2-sl128 s2-sl512 s2-sl1024; do nvcc -O3 -arch=sm_90 $p.cu -o $p & done; wait
t() { ./"$1" --time --param=rows="$2" --param=dimsize="$3" --steps=480 --reps=3 | grep -o 'gcells_per_s=[0-9.]*'; }
for r in 2048 4096 8192 16384 32768; do echo "2d rows=$r $(t s2 $r 32768)"; done
for r in 64 128 256 512 1024; do echo "3d rows=$r $(t s3 $r 1024)"; done
for r in 8192 32768; do
  for sl in 128 512 1024; do echo "2d sl=$sl rows=$r $(t s2-sl$sl $r 32768)"; done
done
