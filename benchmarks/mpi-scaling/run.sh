#!/usr/bin/env bash
# run.sh [--only "NAME..."] [--ranks "1 2 4"] [--steps T] [--reps R]
#        [--depths "S..."] [--variants "shallow host"] [--modes "strong weak cube slice"]
#        [--envs "NAME=V[,NAME=V]..."] [--run-timeout S] [--emulate INCLUDE_DIR] [--small]:
# on a GPU machine with several GPUs (OpenMPI, nvcc, NCCL), the --mpi
# programs of gen.tar.xz (generate.sh), each built twice with nvcc and MPI's
# flags: with NCCL (nccl.h found, -lnccl) and host-staged
# (-DSTENCILCC_MPI_HOST_STAGED). Each is checked against the C loop under
# mpirun with the most ranks (every edge case, small grids, an exchange
# after every launch, then at the runtime's depth), then timed (the self-check's --time: the kernels and
# exchanges between two barriers, median of R after a warm-up):
#   strong  the NCCL build on 1, 2, ... ranks at 2D 32768², 3D 1024³, the
#           steps between exchanges the runtime's choice; at the most ranks
#           also an exchange after every launch (shallow), the exchange
#           after the launch rather than beside it (serial:
#           STENCILCC_MPI_OVERLAP=0) and the host-staged build, and each
#           --depths S as steps per exchange (STENCILCC_MPI_EXCHANGE_STEPS=S:
#           how the choice compares; weak runs them too), and each --envs item's environment
#           (NCCL's settings, say; --run-timeout S, default 240, bounds
#           each run: NCCL_P2P_USE_CUDA_MEMCPY=1 hung at 4 ranks);
#   weak    a fixed slab per rank: the slab form of the stencil (generate.sh:
#           its streaming extent `rows` a parameter of its own) at rows =
#           ranks x 16384 by 16384 (2D), ranks x 512 by 512² (3D), so each
#           rank's share is 1 rank's grid; at the most ranks also serial;
#   cube    the older weak scaling: every extent grows with the ranks
#           (k^(1/d), a multiple of 32), so the slab gets thinner;
#   slice   what one GPU does with the slab of the strong run at the most
#           ranks, without MPI's exchange: the slab form on 1 rank at rows
#           = the strong grid / ranks, and the same plus the ghost rows the
#           strong run chose (both sides), against 1 rank on the whole grid.
# --variants and --modes leave runs out (a short device budget). Full logs
# in $OUT/logs.tar.gz (STENCILCC_MPI_VERBOSE: the runtime's choice of steps
# per exchange and its predicted split); each line of the table is printed
# and added to $OUT/table.txt as it finishes (a run cut short keeps what it
# had), and the last lines printed are the whole table, each speed also as
# a ratio to 1 rank of the same run.
#   --emulate DIR  build with mpicxx and the CUDA emulation header instead
#                  (test/mpi/nccl-over-mpi standing in for NCCL): a test of
#                  this script on a machine without GPUs, with --small sizes
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
ENVS='' RUN_TIMEOUT=240 RANKS="1 2 4" STEPS=1000 REPS=2 EMULATE='' SMALL=0 ONLY='' DEPTHS='' VARIANTS='shallow serial host' MODES='strong weak'
while [[ $# -gt 0 ]]; do
  case $1 in
    --only) ONLY=$2; shift ;;
    --ranks) RANKS=$2; shift ;;
    --steps) STEPS=$2; shift ;;
    --reps) REPS=$2; shift ;;
    --depths) DEPTHS=$2; shift ;;
    --envs) ENVS=$2; shift ;;
    --run-timeout) RUN_TIMEOUT=$2; shift ;;
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
  for cu in "$WORK"/gen/*.cu; do [[ $cu == *-slab.cu ]] || names+=("$(basename "$cu" .cu)"); done
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
  [[ -e $WORK/gen/$s-slab.cu && ( " $MODES " == *" weak "* || " $MODES " == *" slice "* ) ]] &&
    build "$s-slab" nccl &
done
wait

# timed NAME VARIANT RANKS N [ENV...]: GCells/s of one timed run ('?' if
# none); N is the size parameter, or ROWSxN for a slab form
timed() {
  local s=$1 v=$2 k=$3 n=$4 log size
  shift 4
  size=(--n="$n")
  [[ $n == *x* ]] && size=(--param=rows="${n%x*}" --param=dimsize="${n#*x}")
  log="$OUT/$s.$v.np$k.n$n${1:+.${1//=/-}}.txt"
  env "$@" timeout "$RUN_TIMEOUT" mpirun -np "$k" "$WORK/$s.$v" --time "${size[@]}" --steps="$STEPS" --reps="$REPS" \
    >"$log" 2>&1
  sed -n 's/.*gcells_per_s=\([0-9.]*\).*/\1/p' "$log" | head -n1 | grep . || echo '?'
}
efficiency() { awk -v g="$1" -v b="$2" -v k="$3" 'BEGIN { if (b > 0 && g > 0) printf "%.0f%%", 100 * g / (b * k); else print "-" }'; }
ratio() { awk -v g="$1" -v b="$2" 'BEGIN { if (b > 0 && g > 0) printf "%.2f", g / b; else print "-" }'; }

table=()
for s in "${names[@]}"; do
  ok=1
  for v in $BUILDS; do
    if [[ ! -x $WORK/$s.$v ]]; then
      table+=("$s: $v build failed ($OUT/$s.$v.build.log)"); ok=0; continue
    fi
    # An exchange after every launch, and at the runtime's own depth
    # (several launches between exchanges, each updating fewer ghost rows).
    STENCILCC_MPI_EXCHANGE_STEPS=launch timeout 240 mpirun -np "$MOST" "$WORK/$s.$v" >"$OUT/$s.$v.check.txt" 2>&1
    timeout 240 mpirun -np "$MOST" "$WORK/$s.$v" >"$OUT/$s.$v.check-depth.txt" 2>&1
    table+=("$s $v check, $MOST ranks: $(grep -m1 'passed,' "$OUT/$s.$v.check.txt" || echo 'no report'); at the runtime's depth: $(grep -m1 'passed,' "$OUT/$s.$v.check-depth.txt" || echo 'no report')")
    echo "${table[-1]}" | tee -a "$OUT/table.txt"
    grep -q '^[0-9]* passed, 0 failed' "$OUT/$s.$v.check.txt" || ok=0
    grep -q '^[0-9]* passed, 0 failed' "$OUT/$s.$v.check-depth.txt" || ok=0
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
    for e in $ENVS; do
      # shellcheck disable=SC2086
      gc=$(timed "$s" nccl "$MOST" "$strong" ${e//,/ })
      line+="; np$MOST $e $gc (x$(ratio "$gc" "$base"))"
    done
    for depth in $DEPTHS; do
      gc=$(timed "$s" nccl "$MOST" "$strong" STENCILCC_MPI_EXCHANGE_STEPS="$depth")
      line+="; np$MOST S=$depth $gc (x$(ratio "$gc" "$base"))"
    done
    table+=("$line GCells/s")
    echo "$line GCells/s" | tee -a "$OUT/table.txt"
  fi
  if [[ " $MODES " == *" weak "* && -x $WORK/$s-slab.nccl ]]; then
    line="$s weak (slab of $weak per rank):" base=''
    for k in $RANKS; do
      gc=$(timed "$s-slab" nccl "$k" "$((k * weak))x$weak")
      [[ -z $base ]] && base=$gc
      line+=" np$k $((k * weak))x$weak $gc ($(efficiency "$gc" "$base" "$k"))"
    done
    if [[ " $VARIANTS " == *" serial "* ]]; then
      gc=$(timed "$s-slab" nccl "$MOST" "$((MOST * weak))x$weak" STENCILCC_MPI_OVERLAP=0)
      line+="; np$MOST serial $gc ($(efficiency "$gc" "$base" "$MOST"))"
    fi
    for depth in $DEPTHS; do
      gc=$(timed "$s-slab" nccl "$MOST" "$((MOST * weak))x$weak" STENCILCC_MPI_EXCHANGE_STEPS="$depth")
      line+="; np$MOST S=$depth $gc ($(efficiency "$gc" "$base" "$MOST"))"
    done
    table+=("$line GCells/s (efficiency)")
    echo "$line GCells/s (efficiency)" | tee -a "$OUT/table.txt"
  fi
  if [[ " $MODES " == *" slice "* && -x $WORK/$s-slab.nccl ]]; then
    # the ghost rows a side the strong run at the most ranks chose
    ghost=$(sed -n 's/.*(\([0-9]*\) ghost rows a side).*/\1/p' "$OUT/$s.nccl.np$MOST.n$strong.txt" 2>/dev/null | head -n1)
    whole=$(timed "$s" nccl 1 "$strong")
    rows=$((strong / MOST))
    gc=$(timed "$s-slab" nccl 1 "${rows}x$strong")
    line="$s slice: 1 GPU, ${strong}-grid $whole; ${rows} rows $gc (x$(ratio "$gc" "$whole"))"
    if [[ -n $ghost ]]; then
      gc=$(timed "$s-slab" nccl 1 "$((rows + 2 * ghost))x$strong")
      # cells of the slab alone per second: the ghost rows are overhead
      gc=$(awk -v g="$gc" -v r="$rows" -v G="$ghost" 'BEGIN { if (g > 0) printf "%.5g", g * r / (r + 2 * G); else print "?" }')
      line+="; $rows + 2x$ghost ghost rows $gc per slab cell (x$(ratio "$gc" "$whole"))"
    fi
    table+=("$line GCells/s")
    echo "$line GCells/s" | tee -a "$OUT/table.txt"
  fi
  if [[ " $MODES " == *" cube "* ]]; then
    line="$s cube weak:" base=''
    for k in $RANKS; do
      # w * k^(1/d), a multiple of 32 (rows of whole vectors, as at 1 rank)
      d=3
      [[ $s == star2d* ]] && d=2
      u=$((weak >= 256 ? 32 : 1))
      n=$(awk -v w="$weak" -v k="$k" -v d="$d" -v u="$u" 'BEGIN { printf "%d", int(w * exp(log(k) / d) / u + 0.5) * u }')
      gc=$(timed "$s" nccl "$k" "$n")
      [[ -z $base ]] && base=$gc
      # efficiency: the speed per rank against one rank's
      eff=$(efficiency "$gc" "$base" "$k")
      line+=" np$k n=$n $gc ($eff)"
    done
    if [[ " $VARIANTS " == *" serial "* ]]; then
      gc=$(timed "$s" nccl "$MOST" "$n" STENCILCC_MPI_OVERLAP=0)
      eff=$(efficiency "$gc" "$base" "$MOST")
      line+="; np$MOST serial $gc ($eff)"
    fi
    table+=("$line GCells/s (efficiency)")
    echo "$line GCells/s (efficiency)" | tee -a "$OUT/table.txt"
  fi
done
echo "== --mpi scaling: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1 || echo emulated), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l) GPUs, steps $STEPS, median of $REPS"
printf '%s\n' "${table[@]}"
# The logs as one file (the device tool returns few files).
tar -C "$OUT" -czf "$WORK/logs.tar.gz" --exclude=logs.tar.gz . && mv "$WORK/logs.tar.gz" "$OUT/" &&
  find "$OUT" \( -name '*.txt' -o -name '*.log' \) ! -name table.txt -delete
