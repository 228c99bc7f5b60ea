#!/usr/bin/env bash
# profile-ncu.sh: hardware-counter profile of generated kernels, ON the GPU machine, after
# benchmarks/run-gpu.sh has built them (same $BENCH_BUILD). For each entry: one timed call of
# the entry's binary under Nsight Compute (ncu, clocks left alone), profiling the first launch
# of the kernel whose name matches KERNEL_REGEX, with the metrics that say where the cycles go
# (SM, shared-memory, L2 and DRAM throughput, issue-slot use, active warps, FMA and MUFU pipe
# use, warp stall reasons per issued instruction), and the opcode counts of the steady-state loops of the entry's SASS (cuobjdump, through
# benchmarks/sass-loops.py; the listing itself is kept with KEEP_SASS=1).
#
#   benchmarks/profile-ncu.sh [--stage] STEM:KERNEL_REGEX[:N:STEPS] ...
#
# N and STEPS of the timed call default to 512 and 40 in 3D (names with '3d'), 16384 and 90 in
# 2D (whole multiples of the usual bT, so that the steady-state kernel launches). Writes
# $OUT/ncu-<stem>.txt and $OUT/loops-<stem>.txt; prints the metrics.
# --stage: the stage-form programs benchmarks/run-stage-gpu.sh built ($STAGE_BUILD/by-stem/<stem>,
# STEM a file of benchmarks/gen-stage less .cu), called as `<binary> N STEPS`.
set -euo pipefail
STAGE=0
if [[ ${1:-} == --stage ]]; then STAGE=1; shift; fi
BUILD=${BENCH_BUILD:-/tmp/stencilcc-bench}
((STAGE)) && BUILD=${STAGE_BUILD:-/tmp/stencilcc-stage}
OUT=${OUT:-$BUILD/out}
mkdir -p "$OUT"
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
CUOBJDUMP=${CUOBJDUMP:-$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)}
[[ $# -ge 1 ]] || { sed -n '2,12p' "$0"; exit 2; }
metrics=$(tr '\n' ',' <<'EOF' | sed 's/,$//'
sm__throughput.avg.pct_of_peak_sustained_elapsed
smsp__issue_active.avg.pct_of_peak_sustained_active
smsp__inst_executed.sum
smsp__warps_active.avg.per_cycle_active
l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed
dram__throughput.avg.pct_of_peak_sustained_elapsed
lts__t_sectors.avg.pct_of_peak_sustained_elapsed
sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active
sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active
smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio
smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio
smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio
smsp__average_warps_issue_stalled_wait_per_issue_active.ratio
smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio
smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio
smsp__average_warps_issue_stalled_selected_per_issue_active.ratio
smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio
smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio
smsp__average_warps_issue_stalled_drain_per_issue_active.ratio
smsp__average_warps_issue_stalled_membar_per_issue_active.ratio
smsp__average_warps_issue_stalled_branch_resolving_per_issue_active.ratio
smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio
smsp__average_warps_issue_stalled_sleeping_per_issue_active.ratio
smsp__average_warps_issue_stalled_tex_throttle_per_issue_active.ratio
smsp__cycles_active.avg
gpc__cycles_elapsed.max
sm__cycles_elapsed.avg.per_second
EOF
)
for spec in "$@"; do
  IFS=: read -r stem kre n steps <<<"$spec"
  if [[ -z ${n:-} ]]; then
    if [[ $stem == *3d* ]]; then n=512 steps=40; else n=16384 steps=90; fi
  fi
  bin=$BUILD/bin/$stem obj=$BUILD/obj/$stem.o args=(time "$n" "$steps" 1)
  ((STAGE)) && bin=$BUILD/by-stem/$stem obj=$bin args=("$n" "$steps")
  [[ -x $bin ]] || { echo "profile-ncu.sh: $bin not built (run benchmarks/run-gpu.sh or run-stage-gpu.sh first)" >&2; continue; }
  "$CUOBJDUMP" --dump-sass "$obj" >"$OUT/sass-$stem.txt" 2>&1 || true
  python3 "$(dirname "$0")/sass-loops.py" "$OUT/sass-$stem.txt" >"$OUT/loops-$stem.txt" || true
  [[ ${KEEP_SASS:-0} == 1 ]] || rm -f "$OUT/sass-$stem.txt"
  echo "== $stem (kernel ~ $kre, n=$n steps=$steps)"
  "$NCU" --clock-control none -k "regex:$kre" -c 1 --metrics "$metrics" \
    "$bin" "${args[@]}" >"$OUT/ncu-$stem.txt" 2>&1 || echo "  ncu failed (rc $?)"
  grep -E '^\s+(sm__|smsp__|l1tex__|dram__|lts__|gpc__)' "$OUT/ncu-$stem.txt" |
    sed -E 's/smsp__average_warps_issue_stalled_/stall_/; s/_per_issue_active.ratio//' | awk '{print "  " $1, $(NF)}' || grep -E 'WARNING|ERROR|Available|^[0-9]+\.' "$OUT/ncu-$stem.txt"
done
