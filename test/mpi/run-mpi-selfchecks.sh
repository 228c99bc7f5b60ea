#!/usr/bin/env bash
# run-mpi-selfchecks.sh STENCILCC SOURCE_DIR [WORK_DIR]: the --mpi host code
# on the CPU. Each input's `stencilcc --emit-test --mpi` program is built
# with mpicxx and the CUDA emulation header and run under mpirun
# (oversubscribed: CI has 2 cores): with 1 rank on every case of the
# self-check (T = 0, 1, bT-1, bT, bT+1, 2bT+2, a prime; a tiny grid, whose
# slabs would be thinner than the halo, and larger ones), the reference;
# with 3 ranks on every case, exchanging after every launch
# (STENCILCC_MPI_EXCHANGE_STEPS=launch); and with 2 ranks on the main case
# at 11 steps, exchanging every 7 steps (deeper ghost zones, a depth that is
# no multiple of bT, several launches between exchanges, each updating
# fewer ghost rows than the one before). Every rank runs each case, rank 0 compares the
# gathered result with the C loop, and its report must be the one-rank
# run's, line for line (but for the note that fewer ranks took part in a
# tiny grid). 1D, 2D and 3D, star and box, bT 1 to 4 and the default plans,
# naive kernels, a reach that differs below and above, levels written the
# other way round and a time loop from 1 (the level the next step reads
# after an exchange), float, double and int, PolyBench's ping-pongs
# (two statements, two arrays: B = f(A); A = f(B)), and short stream
# segments (--sl), so that the launch before an exchange splits into the
# segments next to the cuts and the others (the exchange between them). Programs marked nccl
# are built and run a second time on the runtime's NCCL path, with
# test/mpi/nccl-over-mpi/nccl.h carrying ncclSend/ncclRecv over MPI.
# Then --mpi-local: test/mpi/local/skew2d_local.c, an MPI program whose
# ranks own different numbers of rows, at four plans and as a C file with
# --c-output, on 1, 2 and 3 ranks.
#
# Exits 1 on any failed case or build, and where mpicxx or mpirun is missing
# (scripts/setup.sh installs them).
set -uo pipefail
STENCILCC=$1
SRC=$2
WORK=${3:-$(mktemp -d)}
if ! command -v mpicxx >/dev/null || ! command -v mpirun >/dev/null; then
  echo "run-mpi-selfchecks.sh: no mpicxx or mpirun (Debian: libopenmpi-dev openmpi-bin, which scripts/setup.sh installs)" >&2
  exit 1
fi
rm -rf "$WORK"
mkdir -p "$WORK"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1

# name|input|flags[|nccl]
jobs=(
  "star1d-default|test/Inputs/accepted/stencil1d_r1.c||nccl"
  "star1d-r2-bt3|test/Inputs/accepted/stencil1d_r2.c|--bt=3 --bs=64"
  "star2d-default|benchmarks/stencils/star2d1r.c||nccl"
  "star2d-bt1|benchmarks/stencils/star2d1r.c|--bt=1 --bs=64"
  "box2d2r-bt2-double|benchmarks/stencils/box2d2r.c|--bt=2 --bs=64 -DREAL=double"
  "j2d9pt-naive|benchmarks/stencils/j2d9pt.c|--naive"
  "asym-i-bt4|test/Inputs/accepted/asym_i.c|--bt=4 --bs=64"
  "star3d1r-bt4|benchmarks/stencils/star3d1r.c|--bt=4 --bs=16x32|nccl"
  "box3d1r-bt2|benchmarks/stencils/box3d1r.c|--bt=2 --bs=8x32"
  "box3d2r-naive-double|benchmarks/stencils/box3d2r.c|--naive -DREAL=double"
  "zero-radius-dim|test/Inputs/accepted/zero_radius_dim.c|"
  "swapped-levels|test/Inputs/accepted/swapped_levels.c|--bt=3 --bs=64"
  "time-from-one|test/Inputs/accepted/time_from_one.c|--bt=2 --bs=64"
  "life2d-int|test/Inputs/accepted/life2d_int.c|--bt=3 --bs=64"
  "jacobi2d-pingpong|test/Inputs/stage/polybench_jacobi_2d.c|"
  "heat3d-pingpong-bt2|test/Inputs/stage/polybench_heat_3d.c|--bt=2 --bs=16x32"
  "star2d-split-sl8|benchmarks/stencils/star2d1r.c|--bt=2 --bs=64 --sl=8"
  "star2d-shuffle-split-sl8|benchmarks/stencils/star2d1r.c|--exchange=shuffle --bt=3 --sl=8"
  "box3d1r-split-sl6|benchmarks/stencils/box3d1r.c|--bt=3 --bs=8x32 --sl=6|nccl"
)

# The emulation header and the standard headers, precompiled with mpicxx
# at both levels programs are built at (as in test/emulation: -O1 for
# warp-shuffle plans, whose emulation is slow at -O0); without them where
# that fails.
PCH_DIR="$WORK/.pch"
if ! note=$(bash "$SRC/test/emulation/precompile-headers.sh" mpicxx "$SRC" "$PCH_DIR" 2>&1); then
  echo "note: no precompiled header ($note); building without"
  PCH_DIR=""
fi

# build CU BINARY VARIANT LOG: the generated program with mpicxx and the
# CUDA emulation header; the nccl variant takes the runtime's NCCL path.
build() {
  local include='' level=O0 pch
  [[ $3 == nccl ]] && include="-I$SRC/test/mpi/nccl-over-mpi"
  grep -qE '^// plan: .*shuffle\(' "$1" && level=O1
  pch=${PCH_DIR:+$PCH_DIR/$level/precompiled.h}
  # shellcheck disable=SC2086
  mpicxx -std=c++20 -$level -w -I"$SRC/include" $include \
    -include "${pch:-stencilcc/Runtime/CudaEmulation.h}" -x c++ "$1" -x none \
    -lboost_context -o "$2" >>"$4" 2>&1
}

# check NAME FLAGS BINARY LABEL: the runs of one built program against the
# one-rank reference in its directory.
check() {
  local name=$1 flags=$2 bin=$3 label=$4 d np out expected got cases
  d=$(dirname "$bin")
  for np in 2 3; do
    if [[ $np == 3 ]]; then
      cases='' expected=$(grep -v 'passed,' "$d/np1.txt")
      out=$(STENCILCC_MPI_EXCHANGE_STEPS=launch timeout 600 mpirun -np 3 "$bin" 2>&1)
    else
      cases='--no-edge-cases --steps=11' expected=$(head -n1 "$d/np1-steps11.txt")
      out=$(STENCILCC_MPI_EXCHANGE_STEPS=7 timeout 600 mpirun -np 2 "$bin" $cases 2>&1)
    fi
    echo "$out" >"$d/$label-np$np.txt"
    got=$(grep -v -e '^stencilcc: note: ' -e 'passed,' <<<"$out")
    if ! grep -q '^[0-9]* passed, 0 failed' <<<"$out" || grep -q '^FAIL' <<<"$out"; then
      echo "FAIL  $name [$flags] $label -np $np: $(grep -m1 -e '^FAIL' -e 'passed,' <<<"$out" || tail -n1 <<<"$out")"
    elif [[ $got != "$expected" ]]; then
      echo "FAIL  $name [$flags] $label -np $np: passed, but not as with one rank: $(diff <(echo "$expected") <(echo "$got") | grep -m1 '^>' | cut -c1-160)"
    else
      echo "OK    $name [$flags] $label -np $np: $(grep -m1 'passed,' <<<"$out"), as with one rank"
    fi
  done
}

one() { # name|input|flags[|nccl]
  local name input flags nccl d variant
  IFS='|' read -r name input flags nccl <<<"$1"
  d="$WORK/$name"
  mkdir -p "$d"
  # shellcheck disable=SC2086
  if ! "$STENCILCC" --emit-test --mpi --plan-cache=none "$SRC/$input" $flags \
       -o "$d/check.cu" >"$d/log" 2>&1; then
    echo "ERROR $name [$flags]: stencilcc failed: $(grep -m1 error "$d/log")"
    return
  fi
  for variant in host-staged ${nccl:+nccl}; do
    if ! build "$d/check.cu" "$d/$variant" "$variant" "$d/log"; then
      echo "ERROR $name [$flags] $variant: build failed: $(grep -m1 error "$d/log")"
      continue
    fi
    # One rank is the reference: a cell's value does not depend on how
    # the grid is cut, so 2 and 3 ranks must report the very same lines
    # (errors near a cut that stay within the check's tolerance still show).
    if [[ $variant == host-staged ]]; then
      timeout 600 mpirun -np 1 "$d/$variant" >"$d/np1.txt" 2>&1
      timeout 600 mpirun -np 1 "$d/$variant" --no-edge-cases --steps=11 >"$d/np1-steps11.txt" 2>&1
    fi
    check "$name" "$flags" "$d/$variant" "$variant"
  done
}
# --mpi-local: a program that owns its decomposition (test/mpi/local),
# each rank its own rows, checked by the program itself against the plain
# C loop on the whole grid. The c-output job keeps the program C (mpicc)
# and its kernels in the .cu, as an MPI C code builds.
local_one() { # name|flags[|nccl]
  local name flags nccl d variant np out cflags=()
  IFS='|' read -r name flags nccl <<<"$1"
  d="$WORK/local-$name"
  mkdir -p "$d"
  [[ $name == c-output ]] && cflags=(--c-output="$d/skew.c")
  # shellcheck disable=SC2086
  if ! "$STENCILCC" --mpi-local --plan-cache=none "$SRC/test/mpi/local/skew2d_local.c" $flags \
       "${cflags[@]}" -o "$d/skew.cu" -- $(mpicc --showme:incdirs | sed 's/^/-I/; s/ / -I/g') \
       >"$d/log" 2>&1; then
    echo "ERROR local-$name [$flags]: stencilcc failed: $(grep -m1 error "$d/log")"
    return
  fi
  for variant in host-staged ${nccl:+nccl}; do
    if [[ $name == c-output ]]; then
      if ! { mpicc -O0 -w -c "$d/skew.c" -o "$d/skew.o" &&
             mpicxx -std=c++20 -O0 -w -I"$SRC/include" -include stencilcc/Runtime/CudaEmulation.h \
               -x c++ -c "$d/skew.cu" -o "$d/kernels.o" &&
             mpicxx "$d/skew.o" "$d/kernels.o" -lboost_context -lm -o "$d/$variant"; } >>"$d/log" 2>&1; then
        echo "ERROR local-$name $variant: build failed: $(grep -m1 error "$d/log")"
        continue
      fi
    elif ! build "$d/skew.cu" "$d/$variant" "$variant" "$d/log"; then
      echo "ERROR local-$name [$flags] $variant: build failed: $(grep -m1 error "$d/log")"
      continue
    fi
    for np in 1 2 3; do
      # 3 ranks exchange after every launch, 2 as the runtime chooses.
      out=$( ( [[ $np == 3 ]] && export STENCILCC_MPI_EXCHANGE_STEPS=launch
               timeout 300 mpirun -np "$np" "$d/$variant" 13 ) 2>&1)
      echo "$out" >"$d/$variant-np$np.txt"
      if grep -q '^PASS' <<<"$out"; then
        echo "OK    local-$name [$flags] $variant -np $np: $(grep -m1 '^PASS' <<<"$out")"
      else
        echo "FAIL  local-$name [$flags] $variant -np $np: $(grep -m1 -e '^FAIL' -e error <<<"$out" || tail -n1 <<<"$out")"
      fi
    done
  done
}
local_jobs=(
  "default||nccl"
  "bt3|--bt=3 --bs=64"
  "bt4-shuffle|--exchange=shuffle --bt=4"
  "naive|--naive"
  "c-output|"
)

export -f one check local_one build
export STENCILCC SRC WORK PCH_DIR

start=$SECONDS
{
  printf '%s\n' "${jobs[@]}" | xargs -d '\n' -P "$(nproc)" -I{} bash -c 'one "$1"' _ {}
  printf '%s\n' "${local_jobs[@]}" | xargs -d '\n' -P "$(nproc)" -I{} bash -c 'local_one "$1"' _ {}
} | tee "$WORK/results.txt"
failed=$(grep -cv '^OK' "$WORK/results.txt" || true)
echo "mpi self-checks: ${#jobs[@]} programs ($(printf '%s\n' "${jobs[@]}" | grep -c '|nccl$') also on the NCCL path), 2 and 3 ranks each, and ${#local_jobs[@]} --mpi-local builds on 1-3 ranks; $failed failed runs; $((SECONDS - start)) s"
[[ $failed -eq 0 ]]
