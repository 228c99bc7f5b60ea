#!/usr/bin/env bash
# One GPU: star2d1r's default plan (guided segments) on 8192 and 32768 rows
# of 32768 with the segment count along the stream set by hand (SEGMENTS,
# a hand edit of gen/s2.cu's grid into gen/s2seg.cu): whole waves of
# blocks against the plan's ceil(rows / 256).
cd "$(dirname "$0")/gen" || exit 1
sed 's|^  const dim3 grid(\(.*\), (unsigned)(\(((upper\[0\].*256)\));$|  const unsigned seg_env = getenv("SEGMENTS") ? (unsigned)atoi(getenv("SEGMENTS")) : 0u;\n  const dim3 grid(\1, seg_env ? seg_env : (unsigned)(\2);|' s2.cu >s2seg.cu
grep -q seg_env s2seg.cu || { echo "seg-count.sh: no grid line to edit in s2.cu" >&2; exit 1; }
nvcc -O3 -arch=sm_90 s2seg.cu -o s2seg || exit 1
for x in "8192 0" "8192 30" "8192 33" "8192 40" "8192 20" "8192 24" "32768 0" "32768 120" "32768 100"; do
  set -- $x
  echo "rows=$1 segments=${2/#0/default} $(SEGMENTS=$2 ./s2seg --time --param=rows=$1 --param=dimsize=32768 --steps=480 --reps=3 | grep -o 'gcells_per_s=[0-9.]*')"
done
