#!/usr/bin/env bash
# run.sh [--ranks "1 2 4"] [--steps T] [--emulate INCLUDE_DIR] [--small]:
# on a GPU machine with several GPUs (OpenMPI, nvcc), the --mpi programs of
# gen.tar.xz (generate.sh): each built with nvcc and MPI's flags, checked
# against the C loop under mpirun with 2 ranks (all edge cases, small
# grids), then timed (the self-check's --time: the kernels and exchanges
# between two barriers, median of 3 after a warm-up) on 1, 2, ... ranks:
# strong scaling at 2D 32768², 3D 1024³, and weak scaling (the grid grows
# with the ranks: each rank's slab stays that of 1 rank at 2D 16384², 3D
# 512³). Full logs under $OUT; the last lines are the table.
#   --emulate DIR  build with mpicxx and the CUDA emulation header instead
#                  (a test of this script on a machine without GPUs), with
#                  --small sizes
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
RANKS="1 2 4" STEPS=1000 EMULATE='' SMALL=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --ranks) RANKS=$2; shift ;;
    --steps) STEPS=$2; shift ;;
    --emulate) EMULATE=$(cd "$2" && pwd); shift ;;
    --small) SMALL=1 ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$OUT"
WORK=$(mktemp -d)
tar -C "$WORK" -xJf "$HERE/gen.tar.xz"
MPI_COMPILE=$(mpicxx --showme:compile)
MPI_LINK=$(mpicxx --showme:link)
table=()
for cu in "$WORK"/gen/*.cu; do
  s=$(basename "$cu" .cu)
  if [[ -n $EMULATE ]]; then
    # shellcheck disable=SC2086
    mpicxx -std=c++20 -O1 -w -I"$EMULATE" -include stencilcc/Runtime/CudaEmulation.h \
      -x c++ "$cu" -x none -lboost_context -o "$WORK/$s" >"$OUT/$s.build.log" 2>&1
  else
    # shellcheck disable=SC2086
    nvcc -O3 -arch=sm_90 $MPI_COMPILE "$cu" -o "$WORK/$s" $MPI_LINK >"$OUT/$s.build.log" 2>&1
  fi || { table+=("$s: build failed ($OUT/$s.build.log)"); continue; }
  mpirun --oversubscribe -np 2 "$WORK/$s" >"$OUT/$s.check.txt" 2>&1
  check=$(grep -m1 'passed,' "$OUT/$s.check.txt" || echo "check failed")
  [[ $s == star2d* ]] && { strong=32768; weak=16384; } || { strong=1024; weak=512; }
  [[ $SMALL == 1 ]] && { strong=$((strong / 64)); weak=$((weak / 64)); }
  for mode in strong weak; do
    line="$s $mode ($check):"
    base=''
    for k in $RANKS; do
      if [[ $mode == strong ]]; then
        n=$strong
      elif [[ $s == star2d* ]]; then
        n=$(awk -v w="$weak" -v k="$k" 'BEGIN { printf "%d", w * sqrt(k) + 0.5 }')
      else
        n=$(awk -v w="$weak" -v k="$k" 'BEGIN { printf "%d", w * exp(log(k) / 3) + 0.5 }')
      fi
      log="$OUT/$s.$mode.np$k.txt"
      mpirun --oversubscribe -np "$k" "$WORK/$s" --time --n="$n" --steps="$STEPS" --reps=3 >"$log" 2>&1
      ms=$(sed -n 's/.*median_ms=\([0-9.]*\).*/\1/p' "$log" | head -n1)
      gc=$(sed -n 's/.*gcells_per_s=\([0-9.]*\).*/\1/p' "$log" | head -n1)
      [[ -z $base && -n $gc ]] && base=$gc
      ratio=$(awk -v g="${gc:-0}" -v b="${base:-0}" 'BEGIN { if (b > 0) printf "%.2f", g / b; else print "-" }')
      line+=" np=$k n=$n ${ms:-?} ms ${gc:-?} GCells/s (x$ratio)"
    done
    table+=("$line")
  done
done
echo "== --mpi scaling: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1 || echo emulated), steps $STEPS"
printf '%s\n' "${table[@]}" | tee "$OUT/table.txt"
