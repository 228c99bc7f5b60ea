#!/usr/bin/env bash
# run.sh [--only "NAME..."] [--ranks "1 2 4"] [--steps T] [--reps R]
#        [--depths "S..."] [--variants "shallow host"] [--modes "strong weak"]
#        [--emulate INCLUDE_DIR] [--small]:
# on a GPU machine with several GPUs (OpenMPI, nvcc, NCCL), the --mpi
# programs of gen.tar.xz (generate.sh), each built twice with nvcc and MPI's
# flags: with NCCL (nccl.h found, -lnccl) and host-staged
# (-DSTENCILCC_MPI_HOST_STAGED). Each is checked against the C loop under
# mpirun with the most ranks (every edge case, small grids, an exchange
# after every launch), then timed (the self-check's --time: the kernels and
# exchanges between two barriers, median of R after a warm-up):
#   strong  the NCCL build on 1, 2, ... ranks at 2D 32768², 3D 1024³, the
#           steps between exchanges the runtime's choice; at the most ranks
#           also an exchange after every launch (shallow), the exchange
#           after the launch rather than beside it (serial:
#           STENCILCC_MPI_OVERLAP=0) and the host-staged build, and each
#           --depths S as steps per exchange (STENCILCC_MPI_EXCHANGE_STEPS=S:
#           how the choice compares);
#   weak    the grid grows with the ranks so that each rank's share stays
#           that of 1 rank at 2D 16384², 3D 512³ (to a multiple of 32); at
#           the most ranks also serial.
# --variants and --modes leave runs out (a short device budget). Full logs
# in $OUT/logs.tar.gz (STENCILCC_MPI_VERBOSE: the runtime's choice of steps
# per exchange and its predicted split); $OUT/table.txt grows a line per
# stencil and mode as they finish, and the last lines printed are the table,
# each speed also as a ratio to 1 rank of the same run.
#   --emulate DIR  build with mpicxx and the CUDA emulation header instead
#                  (test/mpi/nccl-over-mpi standing in for NCCL): a test of
#                  this script on a machine without GPUs, with --small sizes
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
RANKS="1 2 4" STEPS=1000 REPS=2 EMULATE='' SMALL=0 ONLY='' DEPTHS='' VARIANTS='shallow serial host' MODES='strong weak'
while [[ $# -gt 0 ]]; do
  case $1 in
    --only) ONLY=$2; shift ;;
    --ranks) RANKS=$2; shift ;;
    --steps) STEPS=$2; shift ;;
    --reps) REPS=$2; shift ;;
    --depths) DEPTHS=$2; shift ;;
    --variants) VARIANTS=$2; shift ;;
    --modes) MODES=$2; shift ;;
    --emulate) EMULATE=$(cd "$2" && pwd); shift ;;
    --small) SMALL=1 ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
export NCCL_NVLS_ENABLE=0 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1 STENCILCC_MPI_VERBOSE=1
mkdir -p "$OUT"
: >"$OUT/table.txt"
WORK=$(mktemp -d)
tar -C "$WORK" -xJf "$HERE/gen.tar.xz"
MPI_COMPILE=$(mpicxx --showme:compile)
MPI_LINK=$(mpicxx --showme:link)
MOST=$(tr ' ' '\n' <<<"$RANKS" | sort -n | tail -n1)
NCCL_FLAGS='-lnccl'
if [[ -z $EMULATE && ! -e /usr/include/nccl.h ]]; then
  echo "run.sh: no /usr/include/nccl.h: the nccl build is host-staged too" >&2
  NCCL_FLAGS=''
fi

# The stencils in --only's order, else all.
names=()
if [[ -n $ONLY ]]; then
  for s in $ONLY; do [[ -e $WORK/gen/$s.cu ]] && names+=("$s"); done
else
  for cu in "$WORK"/gen/*.cu; do names+=("$(basename "$cu" .cu)"); done
fi

build() { # name variant
  local s=$1 v=$2 flags=''
  [[ $v == host ]] && flags=-DSTENCILCC_MPI_HOST_STAGED
  if [[ -n $EMULATE ]]; then
    [[ $v == nccl ]] && flags="-I$EMULATE/../test/mpi/nccl-over-mpi"
    # shellcheck disable=SC2086
    mpicxx -std=c++20 -O1 -w -I"$EMULATE" $flags -include stencilcc/Runtime/CudaEmulation.h \
      -x c++ "$WORK/gen/$s.cu" -x none -lboost_context -o "$WORK/$s.$v"
  else
    [[ $v == nccl ]] && flags=$NCCL_FLAGS
    # shellcheck disable=SC2086
    nvcc -O3 -arch=sm_90 $MPI_COMPILE $flags "$WORK/gen/$s.cu" -o "$WORK/$s.$v" $MPI_LINK
  fi >"$OUT/$s.$v.build.log" 2>&1
}
BUILDS=nccl
[[ " $VARIANTS " == *" host "* ]] && BUILDS='nccl host'
for s in "${names[@]}"; do
  for v in $BUILDS; do build "$s" "$v" & done
done
wait

# timed NAME VARIANT RANKS N [ENV...]: GCells/s of one timed run ('?' if none)
timed() {
  local s=$1 v=$2 k=$3 n=$4 log
  shift 4
  log="$OUT/$s.$v.np$k.n$n${1:+.${1//=/-}}.txt"
  env "$@" timeout 240 mpirun -np "$k" "$WORK/$s.$v" --time --n="$n" --steps="$STEPS" --reps="$REPS" \
    >"$log" 2>&1
  sed -n 's/.*gcells_per_s=\([0-9.]*\).*/\1/p' "$log" | head -n1 | grep . || echo '?'
}
ratio() { awk -v g="$1" -v b="$2" 'BEGIN { if (b > 0 && g > 0) printf "%.2f", g / b; else print "-" }'; }

table=()
for s in "${names[@]}"; do
  ok=1
  for v in $BUILDS; do
    if [[ ! -x $WORK/$s.$v ]]; then
      table+=("$s: $v build failed ($OUT/$s.$v.build.log)"); ok=0; continue
    fi
    STENCILCC_MPI_EXCHANGE_STEPS=launch timeout 240 mpirun -np "$MOST" "$WORK/$s.$v" >"$OUT/$s.$v.check.txt" 2>&1
    table+=("$s $v check, $MOST ranks: $(grep -m1 'passed,' "$OUT/$s.$v.check.txt" || echo 'no report')")
    echo "${table[-1]}" >>"$OUT/table.txt"
    grep -q '^[0-9]* passed, 0 failed' "$OUT/$s.$v.check.txt" || ok=0
  done
  [[ $ok == 1 ]] || continue
  [[ $s == star2d* ]] && { strong=32768; weak=16384; } || { strong=1024; weak=512; }
  [[ $SMALL == 1 ]] && { strong=$((strong / 64)); weak=$((weak / 64)); }
  if [[ " $MODES " == *" strong "* ]]; then
    line="$s strong n=$strong:" base=''
    for k in $RANKS; do
      gc=$(timed "$s" nccl "$k" "$strong")
      [[ -z $base ]] && base=$gc
      line+=" np$k $gc (x$(ratio "$gc" "$base"))"
    done
    if [[ " $VARIANTS " == *" shallow "* ]]; then
      gc=$(timed "$s" nccl "$MOST" "$strong" STENCILCC_MPI_EXCHANGE_STEPS=launch)
      line+="; np$MOST shallow $gc (x$(ratio "$gc" "$base"))"
    fi
    if [[ " $VARIANTS " == *" serial "* ]]; then
      gc=$(timed "$s" nccl "$MOST" "$strong" STENCILCC_MPI_OVERLAP=0)
      line+="; np$MOST serial $gc (x$(ratio "$gc" "$base"))"
    fi
    if [[ " $VARIANTS " == *" host "* ]]; then
      gc=$(timed "$s" host "$MOST" "$strong")
      line+="; np$MOST host-staged $gc (x$(ratio "$gc" "$base"))"
    fi
    for depth in $DEPTHS; do
      gc=$(timed "$s" nccl "$MOST" "$strong" STENCILCC_MPI_EXCHANGE_STEPS="$depth")
      line+="; np$MOST S=$depth $gc (x$(ratio "$gc" "$base"))"
    done
    table+=("$line GCells/s")
    echo "$line GCells/s" >>"$OUT/table.txt"
  fi
  if [[ " $MODES " == *" weak "* ]]; then
    line="$s weak:" base=''
    for k in $RANKS; do
      # w * k^(1/d), a multiple of 32 (rows of whole vectors, as at 1 rank)
      d=3
      [[ $s == star2d* ]] && d=2
      u=$((weak >= 256 ? 32 : 1))
      n=$(awk -v w="$weak" -v k="$k" -v d="$d" -v u="$u" 'BEGIN { printf "%d", int(w * exp(log(k) / d) / u + 0.5) * u }')
      gc=$(timed "$s" nccl "$k" "$n")
      [[ -z $base ]] && base=$gc
      # efficiency: the speed per rank against one rank's
      eff=$(awk -v g="$gc" -v b="$base" -v k="$k" 'BEGIN { if (b > 0 && g > 0) printf "%.0f%%", 100 * g / (b * k); else print "-" }')
      line+=" np$k n=$n $gc ($eff)"
    done
    if [[ " $VARIANTS " == *" serial "* ]]; then
      gc=$(timed "$s" nccl "$MOST" "$n" STENCILCC_MPI_OVERLAP=0)
      eff=$(awk -v g="$gc" -v b="$base" -v k="$MOST" 'BEGIN { if (b > 0 && g > 0) printf "%.0f%%", 100 * g / (b * k); else print "-" }')
      line+="; np$MOST serial $gc ($eff)"
    fi
    table+=("$line GCells/s (efficiency)")
    echo "$line GCells/s (efficiency)" >>"$OUT/table.txt"
  fi
done
echo "== --mpi scaling: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1 || echo emulated), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l) GPUs, steps $STEPS, median of $REPS"
printf '%s\n' "${table[@]}"
# The logs as one file (the device tool returns few files).
tar -C "$OUT" -czf "$WORK/logs.tar.gz" --exclude=logs.tar.gz . && mv "$WORK/logs.tar.gz" "$OUT/" &&
  find "$OUT" \( -name '*.txt' -o -name '*.log' \) ! -name table.txt -delete
