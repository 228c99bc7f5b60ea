#!/usr/bin/env bash
# One GPU, after generate.sh: Nsight Compute's speed-of-light, occupancy,
# scheduler, warp-state and memory sections of one steady launch of
# star2d1r's default kernel (bT 12) at 8192 and at 32768 rows of 32768,
# into $OUT/ncu-rows<R>.txt.
cd "$(dirname "$0")/gen" && nvcc -O3 -arch=sm_90 s2.cu -o s2 || exit 1
for r in 8192 32768; do
  ncu --section SpeedOfLight --section Occupancy --section SchedulerStats \
    --section WarpStateStats --section MemoryWorkloadAnalysis --section LaunchStats \
    --metrics smsp__inst_executed.sum,smsp__thread_inst_executed.sum \
    -k regex:bt12 --launch-skip 2 --launch-count 1 \
    ./s2 --time --param=rows=$r --param=dimsize=32768 --steps=60 --reps=1 >"${OUT:-.}/ncu-rows$r.txt" 2>&1
  grep -E "Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Issued Warp|Waves Per SM|L2 Hit|No Eligible|Active Warps Per|inst_executed" "${OUT:-.}/ncu-rows$r.txt" | sed "s/^/rows=$r /"
done
