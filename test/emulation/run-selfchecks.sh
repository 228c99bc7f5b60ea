#!/usr/bin/env bash
# Builds `stencilcc --emit-test` programs with the host compiler and
# include/stencilcc/Runtime/CudaEmulation.h and runs them: the generated
# kernels themselves, on the CPU, against each region's C text. Every
# program runs its own edge cases (T = 0, 1, bT-1, bT, bT+1, 2bT+2, the
# first prime >= 2bT; a tiny grid, one of whole blocks and one of about 2.5
# blocks besides its default of about 1.5 blocks), so one build checks
# them all.
#
#   run-selfchecks.sh [--set=ci|full] STENCILCC SOURCE_DIR [WORK_DIR]
#
# --set=ci (the default; what scripts/test.sh and CI run) keeps every plan
# family and option at least once at small sizes:
#   - each benchmark stencil once, the plans rotating over SCR (reuse
#     degrees 1 to 3), MCR, the cached exchange, queue slots in shared
#     memory (--ns), stream blocks (--sl), --opt=none, --prefetch, the
#     default plan and --naive, tiles no domain size divides;
#   - each benchmark stencil at its default plan, in the other precision;
#   - partial sums (--opt=assoc, 1D to 3D), the streaming partial-sums
#     kernel (--stream-sums, 1, 2 and 4 rows), asynchronous copies
#     (--async-copy, with each exchange) in either stage layout, differences
#     carried along the stream, rows per thread, partial sums value by
#     value (--sum-order), 32-bit plane offsets (run again with
#     --wide-offsets: the 64-bit instance) and the predicated store, the
#     interior and sides loops, the warp-shuffle exchange (run again with
#     --same-boundary: boundary values from registers), register caps,
#     --fast-math;
#   - every accepted input (test/Inputs/accepted) at its default plan, a
#     fifth of them at other plans as well; an input whose default kernels
#     repeat an earlier program's (the same analysis but for the FLOP count,
#     the same plan) checks its translation alone: its main case, at two
#     sweeps of the same plan family.
# --set=full adds today's whole matrix: both precisions of every rotation,
# every accepted input at two plans per dimensionality and with the shuffle
# exchange, the shuffle exchange at its default tiles, and more of each
# plan family.
#
# The host compiler's share of a program is mostly the emulation header and
# the runtime's standard headers: they are precompiled once per run
# (test/emulation/precompiled.h). -O0 (about half of -O1's compile time on
# the unrolled kernels), and -O1 for the warp-shuffle plans, whose
# emulation runs slowly at -O0 (see `one` below).
#
# Prints one line per program run (its plan and its own `N passed, N
# failed`), every failed case, the five slowest programs, and a closing
# `N passed, N failed` over all cases (also in WORK_DIR/summary.txt, which
# scripts/test.sh prints); exits 1 on any failure. SELFCHECK_FILTER=REGEX
# runs only the jobs whose `name|input|flags` line matches.
set -uo pipefail
SET=ci
case ${1:-} in
  --set=ci | --set=full) SET=${1#--set=}; shift ;;
  --set=*) echo "run-selfchecks.sh: unknown set '${1#--set=}' (ci or full)" >&2; exit 2 ;;
esac
if [[ $# -lt 2 ]]; then
  echo "usage: run-selfchecks.sh [--set=ci|full] STENCILCC SOURCE_DIR [WORK_DIR]" >&2
  exit 2
fi
STENCILCC=$1
SRC=$2
WORK=${3:-$(mktemp -d)}
rm -rf "$WORK"
mkdir -p "$WORK"
CXX=${CXX:-g++}
export STENCILCC SRC WORK CXX SET

# ---------------------------------------------------------------- jobs
# One job per line: name|input|stencilcc flags|program options.
jobs=()
# job TIER NAME INPUT FLAGS...: TIER is ci (the CI set only), full (the full
# set only) or all. RUN_OPTIONS, if set, are the program's options.
RUN_OPTIONS=""
job() {
  local tier=$1 name=$2 input=$3
  shift 3
  [[ $tier == all || $tier == "$SET" ]] || return 0
  jobs+=("$name|$input|$*|$RUN_OPTIONS")
}
bench() { echo "benchmarks/stencils/$1.c"; }
accepted() { echo "test/Inputs/accepted/$1.c"; }
other() { [[ $1 == float ]] && echo double || echo float; }

# Plan K (0..7) of the benchmark rotation for a stencil of DIMS dimensions,
# radius R and SHAPE: block sizes are the halo (2 bT r) plus a width no
# block divides.
rotation() { # k dims r shape
  local k=$1 dims=$2 r=$3 shape=$4 mcr="--exchange=mcr"
  # MCR needs neighbours exchanged from several planes: a star stencil has
  # them only without its specialization.
  [[ $shape == star ]] && mcr="--exchange=mcr --opt=none"
  if [[ $dims == 2 ]]; then
    case $k in
      0) echo "--bt=2 --bs=$((4 * r + 13)) --sl=16 --exchange=cached --ns=2" ;;
      1) echo "--bt=3 --bs=$((6 * r + 20)) --sl=0 --exchange=scr --rd=2 --ns=2" ;;
      2) echo "--bt=4 --bs=$((8 * r + 24)) --sl=24 $mcr" ;;
      3) echo "--bt=3 --bs=$((6 * r + 11)) --sl=16 $mcr --ns=3" ;;
      4) echo "--bt=2 --bs=$((4 * r + 16)) --sl=9 --opt=none --prefetch=0" ;;
      5) echo "--bt=3 --bs=$((6 * r + 14)) --sl=20 --exchange=scr --rd=3 --prefetch=1" ;;
      6) echo "" ;; # the default plan
      7) echo "--naive" ;;
    esac
  else
    case $k in
      0) echo "--bt=2 --bs=$((4 * r + 5))x$((4 * r + 9)) --sl=8 --exchange=cached" ;;
      1) echo "--bt=2 --bs=$((4 * r + 6))x$((4 * r + 12)) --sl=0 $mcr --ns=2" ;;
      2) echo "--bt=1 --bs=$((2 * r + 7))x$((2 * r + 10)) --sl=5" ;;
      3) echo "--bt=3 --bs=$((6 * r + 4))x$((6 * r + 8)) --sl=6 --exchange=scr --rd=3" ;;
      4) echo "--bt=2 --bs=$((4 * r + 5))x$((4 * r + 8)) --sl=7 --opt=none --prefetch=0" ;;
      5) echo "--bt=2 --bs=$((4 * r + 6))x$((4 * r + 6)) --sl=0 --exchange=scr --rd=2 --ns=3" ;;
      6) echo "" ;;
      7) echo "--naive" ;;
    esac
  fi
}

# The benchmark suite. CI: each stencil once, the rotation's plan K = i % 8
# in float for the first eight stencils, double for the next eight, and so
# on (2D and 3D stencils each see every plan), and each at its default
# plan in the other precision. Full: both precisions at plans 2i and 2i+1,
# and the default plan in both.
i=0
while read -r name dims radius shape _flops; do
  [[ -z $name || $name == \#* ]] && continue
  real=$( (( (i / 8) % 2 == 0 )) && echo float || echo double)
  job ci "suite-$name-$real" "$(bench "$name")" "-DREAL=$real $(rotation $((i % 8)) "$dims" "$radius" "$shape")"
  # box3d4r's default (the streaming partial sums, 729 reads) is the
  # slowest job of CI's two largest steps, nvcc's above all (about 4 min of
  # one core): CI keeps box3d3r's, the same kernel at radius 3.
  job "$([[ $name == box3d4r ]] && echo full || echo all)" \
    "default-$name-$(other "$real")" "$(bench "$name")" "-DREAL=$(other "$real")"
  job full "default-$name-$real" "$(bench "$name")" "-DREAL=$real"
  for j in 0 1; do
    real=$([[ $j == 0 ]] && echo float || echo double)
    job full "suite-$name-$real" "$(bench "$name")" "-DREAL=$real $(rotation $(((2 * i + j) % 8)) "$dims" "$radius" "$shape")"
  done
  i=$((i + 1))
done <"$SRC/benchmarks/stencils/suite.txt"

# A benchmark stencil's job <prefix>-<name>-<real> from "tier|name|real|flags".
suite_job() {
  local tier name real p
  IFS='|' read -r tier name real p <<<"$2"
  job "$tier" "$1-$name-$real" "$(bench "$name")" "-DREAL=$real $p"
}

# --opt=assoc: 2D box radius 1 and 3, 3D box, a star whose sum is divided
# (j2d9pt), 1D inputs; with stream blocks, queue slots in shared memory, no
# prefetch, the explicit cached exchange.
for spec in \
    "all|box2d1r|float|--bt=3 --bs=26 --sl=16" \
    "full|box2d1r|double|--bt=3 --bs=26 --sl=16" \
    "full|box2d3r|float|--bt=2 --bs=25 --sl=0 --ns=2" \
    "all|box2d3r|double|--bt=2 --bs=25 --sl=0 --ns=2" \
    "full|box3d1r|float|--bt=2 --bs=9x13 --sl=6 --exchange=cached" \
    "all|box3d1r|double|--bt=2 --bs=9x13 --sl=6 --exchange=cached" \
    "full|j2d9pt|float|--bt=3 --bs=23 --sl=20 --prefetch=0" \
    "all|j2d9pt|double|--bt=3 --bs=23 --sl=20 --prefetch=0"; do
  suite_job assoc "$spec"
done
job full assoc-stencil1d_r1 "$(accepted stencil1d_r1)" --opt=assoc --bt=2 --bs=32
job all assoc-stencil1d_r2 "$(accepted stencil1d_r2)" --opt=assoc --bt=3 --bs=40 --ns=1

# --stream-sums: 3D boxes and j3d27pt (a divided sum), 1, 2 and 4 rows per
# thread (rows past the last one clamped), float and double; an input with
# asymmetric reads in every dimension, uneven bounds and a scalar.
for spec in "all|box3d1r|1|float" "full|box3d1r|1|double" \
            "full|box3d2r|2|float" "all|box3d2r|2|double" \
            "all|j3d27pt|4|float" "full|j3d27pt|4|double" \
            "full|box3d1r|4|float" "full|box3d1r|4|double"; do
  IFS='|' read -r tier name rows real <<<"$spec"
  job "$tier" "stream-$name-$rows-$real" "$(bench "$name")" "-DREAL=$real --stream-sums=$rows"
done
for rows in 1 2 4; do
  tier=$([[ $rows == 2 ]] && echo all || echo full)
  job "$tier" "stream-asym3d_scalar-$rows" "$(accepted asym3d_scalar)" "--stream-sums=$rows"
done

# --async-copy: the loads staged in shared memory by cp.async, 1 to 8 planes
# ahead (8 runs past the unrolled period, which then doubles), with each
# exchange scheme, partial sums, queue slots in shared memory and without
# the register prefetch.
for spec in \
    "all|star2d1r|float|--async-copy=1 --bt=3 --bs=29 --sl=16" \
    "all|j2d9pt-gol|double|--async-copy=3 --bt=2 --bs=27 --sl=0 --exchange=mcr --ns=2" \
    "all|box2d2r|float|--async-copy=8 --bt=2 --bs=33 --sl=20 --opt=assoc --prefetch=0" \
    "full|gradient2d|double|--async-copy=5 --bt=4 --bs=31 --sl=9 --exchange=scr --rd=2" \
    "all|star3d1r|float|--async-copy=4 --bt=3 --bs=10x14 --sl=7" \
    "full|star3d2r|double|--async-copy=6 --bt=2 --bs=13x17 --sl=0 --prefetch=0" \
    "full|box3d1r|double|--async-copy=2 --bt=2 --bs=9x13 --sl=6 --opt=assoc" \
    "all|j3d27pt|float|--async-copy=8 --bt=1 --bs=9x12 --sl=5 --exchange=cached"; do
  suite_job async "$spec"
done
job full async-asym3d_scalar "$(accepted asym3d_scalar)" --async-copy=3 --bt=2 --bs=8x16 --sl=8

# --stage-layout=plane: the stage as exchange planes that level 1 reads,
# 2D and 3D, star and general specializations (exchanged planes below and
# above the level's own: a longer ring), reuse degrees 2 and bT (rounds
# that write level 1's location and rounds that do not), bT=1 (no exchange
# plane at all), rows per thread, queue slots in shared memory between the
# exchange and the stage, the interior and sides loops, the predicated
# store.
for spec in \
    "all|star2d1r|float|--stage-layout=plane --async-copy=1 --bt=3 --bs=29 --sl=16" \
    "full|gradient2d|double|--stage-layout=plane --async-copy=5 --bt=4 --bs=31 --sl=9 --rd=2" \
    "full|j2d9pt|float|--stage-layout=plane --async-copy=2 --bt=3 --bs=33 --sl=20 --ns=2 --store=predicated" \
    "all|star2d2r|double|--stage-layout=plane --async-copy=3 --bt=3 --bs=40 --sl=0 --opt=none --rd=3" \
    "all|star3d1r|float|--stage-layout=plane --async-copy=3 --bt=3 --bs=12x14 --sl=7 --rows-per-thread=2 --prefetch=0 --interior-loop=2" \
    "full|star3d2r|double|--stage-layout=plane --async-copy=2 --bt=2 --bs=13x17 --sl=0 --opt=none" \
    "all|star3d1r|double|--stage-layout=plane --async-copy=4 --bt=1 --bs=10x14 --sl=5"; do
  suite_job staged "$spec"
done
job full staged-asym3d_scalar "$(accepted asym3d_scalar)" --stage-layout=plane --async-copy=3 --bt=2 --bs=8x16 --sl=8 --opt=none --exchange=scr

# Differences carried along the stream (Emitter/CarriedDifferences.h):
# gradient2d's negated differences (only squared) and an input's same-sign
# one, 2D and 3D, with SCR (reuse degrees 1 and 2), the cached exchange,
# asynchronous copies in either stage layout, queue slots in shared memory,
# without the register prefetch, one interior loop and two, the predicated
# store; tiles small enough that some lie inside, where the carries run.
suite_job carried "full|gradient2d|float|--bt=3 --bs=22 --sl=16"
suite_job carried-staged "all|gradient2d|double|--bt=4 --bs=28 --sl=0 --rd=2 --async-copy=3 --stage-layout=plane --interior-loop=2 --store=predicated"
suite_job carried-cached "all|gradient2d|float|--bt=2 --bs=20 --sl=0 --exchange=cached --ns=2 --prefetch=0"
suite_job carried-async "full|gradient2d|double|--bt=5 --bs=30 --sl=20 --async-copy=2 --offset-bits=32"
job all carried-stream_differences_2d "$(accepted stream_differences_2d)" --opt=star --bt=3 --bs=22 --sl=16 --interior-loop=2
job full carried-stream_differences_2d-cached "$(accepted stream_differences_2d)" --opt=star --bt=2 --bs=18 --sl=9 --exchange=cached
job full carried-stream_differences_3d "$(accepted stream_differences_3d)" --bt=2 --bs=10x14 --sl=0 --async-copy=2 --interior-loop=2
job all carried-stream_differences_3d-cached "$(accepted stream_differences_3d)" --bt=3 --bs=14x16 --sl=0 --exchange=cached

# --rows-per-thread: 2, 4 and 8 rows per thread with the SCR exchange (star
# and general specializations, reuse degree 2) and partial sums, with and
# without asynchronous copies, tiles no domain size divides.
for spec in \
    "full|star3d1r|float|--rows-per-thread=2 --bt=3 --bs=12x14 --sl=7" \
    "all|star3d2r|double|--rows-per-thread=4 --bt=2 --bs=16x17 --sl=5 --opt=none --rd=2" \
    "full|box3d1r|float|--rows-per-thread=4 --opt=assoc --bt=2 --bs=12x13 --sl=6" \
    "all|box3d1r|double|--rows-per-thread=2 --opt=assoc --bt=3 --bs=16x15 --sl=0 --async-copy=2" \
    "full|j3d27pt|float|--rows-per-thread=2 --opt=assoc --bt=2 --bs=14x13 --sl=7" \
    "all|star3d1r|double|--rows-per-thread=8 --bt=1 --bs=16x10 --sl=9 --interior-loop=1"; do
  suite_job rows "$spec"
done
job full rows-asym3d_scalar "$(accepted asym3d_scalar)" --rows-per-thread=2 --bt=2 --bs=8x16 --sl=8

# --sum-order=value: partial sums added value by value, 2D and 3D, with
# rows per thread, asynchronous copies, a 1D input, and the streaming
# kernel with 1, 2 and 4 rows and a divided sum.
for spec in \
    "full|box3d2r|float|--sum-order=value --opt=assoc --bt=2 --bs=14x13 --sl=5" \
    "full|j3d27pt|double|--sum-order=value --opt=assoc --bt=3 --bs=14x13 --sl=0 --async-copy=2" \
    "all|box3d1r|float|--sum-order=value --opt=assoc --bt=2 --bs=12x13 --sl=6 --rows-per-thread=2" \
    "all|box2d2r|float|--sum-order=value --opt=assoc --bt=2 --bs=40 --sl=16" \
    "full|j2d9pt|double|--sum-order=value --opt=assoc --bt=3 --bs=23 --sl=20"; do
  suite_job order "$spec"
done
job all order-stencil1d_r2 "$(accepted stencil1d_r2)" --sum-order=value --opt=assoc --bt=2 --bs=40
for spec in \
    "full|box3d2r|double|--sum-order=value --stream-sums=1" \
    "full|box3d1r|float|--sum-order=value --stream-sums=2" \
    "all|j3d27pt|double|--sum-order=value --stream-sums=4"; do
  suite_job order-stream "$spec"
done
job full order-stream-asym3d_scalar "$(accepted asym3d_scalar)" --sum-order=value --stream-sums=2

# --offset-bits=32 and --store=predicated: the main kernel's 32-bit plane
# offsets (each offsets-* program runs again with --wide-offsets: the 64-bit
# instance the host otherwise takes only past 2^31 cells) and the predicated
# last-level store, with each exchange scheme, partial sums, rows per
# thread, asynchronous copies, the interior and sides loops, queue slots in
# shared memory and a 1D input.
for spec in \
    "all|star2d1r|float|--offset-bits=32 --bt=4 --bs=29 --sl=16" \
    "all|box2d1r|double|--offset-bits=32 --store=predicated --bt=3 --bs=26 --sl=0 --exchange=cached" \
    "full|j2d9pt|double|--store=predicated --bt=3 --bs=31 --sl=20 --exchange=scr --rd=2" \
    "full|gradient2d|float|--offset-bits=32 --store=predicated --bt=4 --bs=33 --sl=9 --async-copy=4 --interior-loop=2" \
    "full|box2d2r|float|--offset-bits=32 --bt=2 --bs=33 --sl=20 --exchange=mcr --ns=2" \
    "full|star3d1r|float|--offset-bits=32 --rows-per-thread=2 --bt=3 --bs=12x14 --sl=7" \
    "all|star3d2r|double|--offset-bits=32 --store=predicated --bt=2 --bs=13x17 --sl=0 --async-copy=2" \
    "all|box3d1r|float|--offset-bits=32 --store=predicated --opt=assoc --rows-per-thread=2 --bt=2 --bs=12x13 --sl=6 --interior-loop=2" \
    "full|box3d1r|double|--store=predicated --opt=assoc --bt=2 --bs=9x13 --sl=6 --exchange=cached" \
    "full|j3d27pt|float|--offset-bits=32 --opt=assoc --bt=3 --bs=14x13 --sl=0 --sum-order=value"; do
  suite_job offsets "$spec"
done
job all offsets-stencil1d_r2 "$(accepted stencil1d_r2)" --offset-bits=32 --store=predicated --bt=3 --bs=40

# --fast-math: square roots as reciprocal square roots, divisions by
# constants as multiplications, float updates in float (the emulation's
# intrinsics are exact; the differences stay within SPEC's tolerances).
suite_job fast "all|gradient2d|float|--fast-math --bt=3 --bs=24 --sl=16"
suite_job fast "all|j2d9pt|double|--fast-math --bt=2 --bs=30 --sl=0"
suite_job fast "all|j3d27pt|float|--fast-math --opt=assoc --bt=2 --bs=10x13 --sl=6"

# A plan that exchanges nothing through shared memory (every neighbour
# along the stream): its default, and with the interior and sides loops.
job all exchange-free-stream_only test/lit/emit/Inputs/stream_only.c
job all exchange-free-stream_only-loops test/lit/emit/Inputs/stream_only.c --bt=3 --bs=40 --sl=16 --interior-loop=2

# Register caps: __maxnreg__ instead of __launch_bounds__, and blocks per SM.
suite_job caps "all|j2d9pt|double|--bt=3 --bs=30 --sl=16 --max-registers=96"
suite_job caps "all|star3d1r|float|--bt=2 --bs=10x14 --sl=7 --blocks-per-sm=2"

# --exchange=shuffle (2D). CI: one warp or two per block (the grids of
# about 1.5 and 2.5 blocks stay small), 1, 2, 4 and 8 cells per lane, bT 1
# to 4 (4 cells at bT=4 and radius 4 leave eight output lanes). Full: each
# 2D suite stencil in one precision at its default tile, the cells per
# lane, bT and stream blocks rotating; and every accepted 2D input below.
# stencilcc's built-in database of tuned plans (Planner/PlanDatabase.h):
# what a stencil of a tuned shape compiles without options. The ci set
# checks one plan of each kind the database holds besides the warp-shuffle
# exchange (whose emulation at its tuned tiles is slow; the jobs above check
# it): SCR with asynchronous copies and 32-bit offsets, cached partial sums
# with two rows per thread, the streaming partial sums, a blocked stage form
# (benchmarks/stage: its programs include bench_common.h from there); the
# full set also one sweep per launch with two rows per thread (35 s here).
job all database-j2d5pt-double "$(bench j2d5pt)" -DREAL=double
job all database-box3d1r-float "$(bench box3d1r)" -DREAL=float
job all database-star3d4r-float "$(bench star3d4r)" -DREAL=float
job all database-wave2d_o8-double benchmarks/stage/wave2d_o8.c -DREAL=double
job full database-star3d3r-float "$(bench star3d3r)" -DREAL=float
for name in star2d1r box2d2r j2d9pt-gol star3d1r j3d27pt gradient2d; do
  job full "database-$name-float" "$(bench "$name")" -DREAL=float
  job full "database-$name-double" "$(bench "$name")" -DREAL=double
done

job all shuffle-star2d1r-float "$(bench star2d1r)" -DREAL=float --exchange=shuffle --bt=3 --sl=16 --bs=64
job all shuffle-box2d2r-double "$(bench box2d2r)" -DREAL=double --exchange=shuffle --cells=2 --bt=2 --sl=0 --bs=64
job all shuffle-j2d9pt-gol-float "$(bench j2d9pt-gol)" -DREAL=float --exchange=shuffle --cells=8 --bt=2 --sl=9 --bs=32
job all shuffle-star2d4r-double "$(bench star2d4r)" -DREAL=double --exchange=shuffle --bt=4 --sl=20 --bs=32
i=0
while read -r name dims _radius _shape _flops; do
  [[ -z $name || $name == \#* || $dims != 2 ]] && continue
  real=$([[ $((i % 2)) == 0 ]] && echo float || echo double)
  case $((i % 4)) in
    0) p="--exchange=shuffle --bt=3 --sl=16" ;;
    1) p="--exchange=shuffle --cells=2 --bt=2 --sl=0" ;;
    2) p="--exchange=shuffle --cells=8 --bt=2 --sl=9" ;;
    3) p="--exchange=shuffle --cells=1 --bt=1 --bs=64 --sl=20" ;;
  esac
  job full "shuffle-wide-$name-$real" "$(bench "$name")" "-DREAL=$real $p"
  i=$((i + 1))
done <"$SRC/benchmarks/stencils/suite.txt"

# Accepted inputs: each at its default plan; and at two plans per
# dimensionality, alternating (2D: and the shuffle exchange), every input in
# the full set, every fifth (every sixth 2D one with the shuffle) in CI:
# five is odd, so CI still alternates the two plans.
# In CI, an input whose default kernels repeat an earlier one's (see
# `one`) checks its translation alone.
i=0 s=0
for f in "$SRC"/test/Inputs/accepted/*.c; do
  base=$(basename "$f")
  job all "accepted-default-${base%.c}" "test/Inputs/accepted/$base"
  # A file whose regions differ in dimensions keeps the default block sizes.
  dims=$(awk -v f="$base" '$1 == f { print $3 }' \
    "$SRC/test/Inputs/accepted/expected.txt" | sort -u | paste -sd+)
  case "$dims-$((i % 2))" in
    1-0) p="--bt=2 --bs=32 --exchange=cached" ;;
    1-1) p="--bt=3 --bs=40 --exchange=scr --rd=2" ;;
    2-0) p="--bt=2 --bs=32 --sl=16" ;;
    2-1) p="--bt=3 --bs=40 --sl=0 --exchange=scr --rd=2 --ns=2" ;;
    3-0) p="--bt=2 --bs=8x16 --sl=8" ;;
    3-1) p="--bt=1 --bs=8x12 --sl=0" ;;
    *) p="--bt=2 --sl=8" ;;
  esac
  tier=$([[ $((i % 5)) == 0 ]] && echo all || echo full)
  job "$tier" "accepted-${base%.c}" "test/Inputs/accepted/$base" "$p"
  if [[ $dims == 2 ]]; then
    # Every sixth 2D input in CI, with one warp or two per block; the
    # rotation counts those apart so that CI sees every cells and bT.
    key=$(( s % 6 == 0 ? s / 6 : s ))
    p="--exchange=shuffle --cells=$((1 << (key % 4))) --bt=$((1 + key % 3)) --sl=$((9 * (key % 2)))"
    if [[ $((s % 6)) == 0 ]]; then
      job all "accepted-shuffle-${base%.c}" "test/Inputs/accepted/$base" "$p --bs=$((32 << (key % 2)))"
    else
      job full "accepted-shuffle-${base%.c}" "test/Inputs/accepted/$base" "$p"
    fi
    s=$((s + 1))
  fi
  i=$((i + 1))
done

# Stage-form inputs (test/Inputs/stage, docs/stage-form.md): each at its
# default plan in both sets; the naive kernels and other blocking degrees
# in the full set.
for f in "$SRC"/test/Inputs/stage/*.c; do
  base=$(basename "$f" .c)
  job all "stage-default-$base" "test/Inputs/stage/$base.c"
  job full "stage-naive-$base" "test/Inputs/stage/$base.c" --naive
done
# Blocked plans with tiles small enough for several blocks in each
# dimension at the check's sizes (--bt counts sweeps: whole steps). One per
# dimensionality in CI; the full set adds 1 to 3 steps per launch.
stage() { echo "test/Inputs/stage/$1.c"; }
job all stage-tiles-polybench_fdtd_2d "$(stage polybench_fdtd_2d)" --bt=8 --bs=16 --sl=8
job all stage-tiles-diffusion3d_varcoef "$(stage diffusion3d_varcoef)" --bt=2 --bs=6x8 --sl=4
job all stage-tiles-pathfinder "$(stage pathfinder)" --bt=3 --bs=40
# Periodic dimensions (a torus): halo cells wrap across many small tiles
# and, at the tiny grid, around the grid more than once.
job all stage-tiles-periodic_3d_field "$(stage periodic_3d_field)" --bt=3 --bs=5x7 --sl=4
job full stage-tiles-periodic_1d "$(stage periodic_1d)" --bt=4 --bs=24
job full stage-tiles-periodic_clamped_2d "$(stage periodic_clamped_2d)" --bt=5 --bs=12 --sl=6
for steps in 1 2 3; do
  job full "stage-tiles-hotspot-$steps" "$(stage hotspot)" --bt=$steps --bs=16 --sl=8
  job full "stage-tiles-wave2d_o8-$steps" "$(stage wave2d_o8)" --bt=$steps --bs=24 --sl=12
  job full "stage-tiles-levels4-$steps" "$(stage levels4)" --bt=$steps --bs=20 --sl=10
  job full "stage-tiles-pipeline_three-$steps" "$(stage pipeline_three)" --bt=$((3 * steps)) --bs=16 --sl=8
  job full "stage-tiles-boundary_slice_3d-$steps" "$(stage boundary_slice_3d)" --bt=$((2 * steps)) --bs=6x8 --sl=4
  job full "stage-tiles-periodic_2d-$steps" "$(stage periodic_2d)" --bt=$steps --bs=10 --sl=6
done

# Naive kernels of thousands of terms read them through a table
# (Emitter/TermTableKernel.h): grouped by factor, and with a table of
# literal coefficients.
job all term-table-rings test/Inputs/term-table/box3d8r_rings.c --naive
job all term-table-fitted test/Inputs/term-table/box3d8r_fitted.c --naive

# Integer element types (test/Inputs/accepted/*_int.c, life3d_cell.c,
# integer_ops.c, unsigned_hash.c; test/Inputs/stage/*_int.c, image_filter_u8.c,
# mixed_int_float.c; compared bit for bit), beyond each input's default plan:
# in CI the star, cached and shuffle exchanges, partial sums (an integer sum
# of products), rows per thread and stage-form tiles; in the full set MCR,
# asynchronous copies, the interior and sides loops and the naive kernel.
acc() { echo "test/Inputs/accepted/$1.c"; }
job all int-star-integer_ops "$(acc integer_ops)" --bt=3 --bs=40 --opt=star --rd=2
job all int-cached-life2d_int "$(acc life2d_int)" --bt=4 --bs=32 --sl=16 --exchange=cached
job all int-shuffle-life2d_int "$(acc life2d_int)" --exchange=shuffle --cells=2 --bt=2 --bs=64 --sl=9
job all int-assoc-box_blur_int "$(acc box_blur_int)" --opt=assoc --bt=3 --bs=32 --sl=12
job all int-scr-life3d_cell "$(acc life3d_cell)" --bt=2 --bs=8x16 --sl=8 --rows-per-thread=2
job full int-mcr-life2d_int "$(acc life2d_int)" --exchange=mcr --bt=2 --bs=40
job full int-async-life2d_int "$(acc life2d_int)" --async-copy=2 --bt=3 --bs=48 --sl=12
job full int-interior-life2d_int "$(acc life2d_int)" --bt=3 --bs=40 --sl=16 --interior-loop=2
job full int-shuffle-box_blur_int "$(acc box_blur_int)" --exchange=shuffle --cells=4 --bt=3 --bs=32
job full int-naive-life3d_cell "$(acc life3d_cell)" --naive
job all int-stage-tiles-image_filter_u8 "$(stage image_filter_u8)" --bt=4 --bs=16 --sl=8
job full int-stage-tiles-pathfinder_int "$(stage pathfinder_int)" --bt=5 --bs=48
job full int-stage-tiles-mixed_int_float "$(stage mixed_int_float)" --bt=4 --bs=16 --sl=8

# ---------------------------------------------------------------- one job
# The headers every program includes, precompiled (see precompiled.h) at
# each level programs are built at: the build tree's (SELFCHECK_PCH_DIR,
# with O0/ and O1/ each holding precompiled.h and its .gch), else made
# here; where that fails (another compiler), each program parses them
# itself.
PCH_DIR=${SELFCHECK_PCH_DIR:-}
if [[ -z $PCH_DIR || ! -f $PCH_DIR/O0/precompiled.h.gch || ! -f $PCH_DIR/O1/precompiled.h.gch ]]; then
  PCH_DIR="$WORK/.pch"
  if ! note=$(bash "$SRC/test/emulation/precompile-headers.sh" "$CXX" "$SRC" "$PCH_DIR" 2>&1); then
    echo "note: no precompiled header ($note); building without"
    PCH_DIR=""
  fi
fi
# Through ccache where it is installed: a rerun compiles only the programs
# whose generated text changed (with the same precompiled header).
CCACHE=""
if [[ ${STENCILCC_TEST_CCACHE:-1} != 0 ]] && command -v ccache >/dev/null; then
  CCACHE=ccache
  export CCACHE_SLOPPINESS=pch_defines,time_macros
fi
export PCH_DIR CCACHE

# Runs a built program once with the given options; one result line.
run_program() { # name flags options...
  local name=$1 flags=$2 d="$WORK/$1" label rc summary out
  shift 2
  label="$name${1:+ $*}"
  out="$d/out${1:+-${1#--}}"
  "$d/check" "$@" >"$out" 2>&1
  rc=$?
  summary=$(tail -n 1 "$out")
  if [[ $rc -eq 0 ]]; then
    echo "OK    $label [$flags]: $summary"
  else
    echo "FAIL  $label [$flags]: exit $rc, $summary"
    grep -E '^(FAIL|SKIP)' "$out" | sed 's/^/      /'
    tail -n 3 "$out" | grep -vE '^(PASS|FAIL|SKIP|[0-9]+ passed)' | sed 's/^/      /'
  fi
}

# The shape of a program's kernels: every region's analysis line but its
# FLOP count, and its plan line. A job that runs the edge cases claims its
# shape (a directory per shape; jobs start in order, two at a time, the
# benchmark stencils' before the accepted inputs').
claim_kernel_shape() { # job directory; false where already claimed
  local key
  key=$(grep -E '^// (analysis|plan): ' "$1/check.cu" |
    sed -E 's/, [0-9.]+ FLOP\/cell//' | md5sum | cut -c1-16)
  mkdir -p "$WORK/.kernel-shapes"
  mkdir "$WORK/.kernel-shapes/$key" 2>/dev/null
}

# An accepted input's default kernels that repeat an earlier job's shape
# differ from them only in the update's expression, which is what is left
# to check: the main case alone, and where the plan runs more than two
# sweeps a launch, at two, with the same exchange and specialization (a
# fifth of the build); the edge cases of that shape ran with the job that
# claimed it. Sets flags and options of the caller.
translation_only() { # job directory
  local d=$1 bt extra=""
  claim_kernel_shape "$d" && return 0
  options="$options --no-edge-cases"
  # --bt applies to every region: only where all have the same plan.
  [[ $(grep '^// plan: ' "$d/check.cu" | sort -u | wc -l) == 1 ]] || return 0
  local plan
  plan=$(grep -m1 '^// plan: ' "$d/check.cu")
  bt=$(sed -nE 's/^\/\/ plan: bT=([0-9]+) .*/\1/p' <<<"$plan")
  [[ -n $bt && $bt -gt 2 ]] || return 0
  [[ $plan =~ shuffle\(cells=([0-9]+)\) ]] && extra="--exchange=shuffle --cells=${BASH_REMATCH[1]}"
  [[ $plan == *" cached("* ]] && extra="--exchange=cached"
  [[ $plan == *" MCR"* ]] && extra="--exchange=mcr"
  [[ $plan =~ opt=([a-z]+) ]] && extra="$extra --opt=${BASH_REMATCH[1]}"
  # shellcheck disable=SC2086
  if "$STENCILCC" --emit-test "$SRC/$input" --plan-cache=none --bt=2 $extra \
       -o "$d/two.cu" >"$d/log" 2>&1; then
    mv "$d/two.cu" "$d/check.cu"
    flags="--plan-cache=none --bt=2 $extra"
  fi
  flags="$flags (translation)"
}

one() { # name|input|flags|program options
  local name input flags options d start built
  IFS='|' read -r name input flags options <<<"$1"
  d="$WORK/$name"
  mkdir -p "$d"
  start=$(date +%s%N)
  # A job without plan options checks the model's default plan; the
  # database-* jobs check the built-in database's tuned plans.
  [[ $flags != *--* && $name != database-* ]] && flags="$flags --plan-cache=none"
  # shellcheck disable=SC2086
  if ! "$STENCILCC" --emit-test "$SRC/$input" $flags -o "$d/check.cu" \
       >"$d/log" 2>&1; then
    echo "ERROR $name [$flags]: stencilcc failed: $(grep -m1 error "$d/log")"
    return
  fi
  if [[ $SET == ci && $name == accepted-default-* ]]; then
    translation_only "$d"
  elif [[ $options != *--no-edge-cases* ]]; then
    claim_kernel_shape "$d" || true
  fi
  # -O0, except for a program that runs all its cases on a plan with the
  # warp-shuffle exchange: its emulation switches fibres at every shuffle,
  # and at -O0 the switch's library code (not inlined) is most of the run.
  # Measured on the ci set, one core at a time: most such programs took
  # 1.2x to 3x less in all at -O1; the others mostly lost, their unrolled
  # kernels building slower than their small grids run (the whole set:
  # 1186 s at -O0, 974 s this way, 1199 s all at -O1).
  local level=O0 pch
  [[ $options != *--no-edge-cases* ]] &&
    grep -qE '^// plan: .*shuffle\(' "$d/check.cu" && level=O1
  pch=${PCH_DIR:+$PCH_DIR/$level/precompiled.h}
  # shellcheck disable=SC2086
  if ! $CCACHE $CXX -std=c++20 -$level -w -I"$SRC/include" -I"$SRC/benchmarks/stage" \
       -include "${pch:-stencilcc/Runtime/CudaEmulation.h}" \
       -x c++ -c "$d/check.cu" -o "$d/check.o" >>"$d/log" 2>&1 ||
     ! $CXX "$d/check.o" -lboost_context -o "$d/check" >>"$d/log" 2>&1; then
    echo "ERROR $name [$flags]: build failed: $(grep -m1 error "$d/log")"
    return
  fi
  rm -f "$d/check.o"
  built=$(date +%s%N)
  # shellcheck disable=SC2086
  run_program "$name" "$flags" $options
  # The same build, the other paths its plan has.
  [[ $flags == *--offset-bits=32* ]] && run_program "$name" "$flags" --wide-offsets
  # Blocked stage-form kernels index cells in 32 bits where the grid fits:
  # the tile programs check the 64-bit instance too.
  [[ $name == stage-tiles-* ]] && run_program "$name" "$flags" --wide-offsets
  # (Not the full set's shuffle plans at their default tiles, whose grids
  # are 16 times the ci set's: one run of those took over 10 minutes.)
  [[ $flags == *--exchange=shuffle* && $name != shuffle-wide-* &&
     $flags != *"(translation)" ]] &&
    run_program "$name" "$flags" --same-boundary
  # Milliseconds in all, then generating and building, then running.
  echo "$(( ($(date +%s%N) - start) / 1000000 )) $name" \
    "$(( (built - start) / 1000000 )) $(( ($(date +%s%N) - built) / 1000000 ))" >"$d/ms"
}
export -f one run_program translation_only claim_kernel_shape

# ---------------------------------------------------------------- run
start=$SECONDS
if [[ -n ${SELFCHECK_FILTER:-} ]]; then
  mapfile -t jobs < <(printf '%s\n' "${jobs[@]}" | grep -E -- "$SELFCHECK_FILTER")
  if [[ ${#jobs[@]} -eq 0 ]]; then
    echo "run-selfchecks.sh: no job matches SELFCHECK_FILTER='$SELFCHECK_FILTER'" >&2
    exit 1
  fi
fi
echo "run-selfchecks.sh: the $SET set, ${#jobs[@]} programs, $(nproc) at a time"
printf '%s\n' "${jobs[@]}" |
  xargs -d '\n' -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} >"$WORK/results.txt"
sort -k2,2 "$WORK/results.txt"

# Totals over the cases of every run that reached its summary line.
totals=$(cat "$WORK"/*/out* 2>/dev/null |
  awk '/^[0-9]+ passed, [0-9]+ failed/ { p += $1; f += $3 } END { print p + 0, f + 0 }')
read -r cases_passed cases_failed <<<"$totals"
programs=${#jobs[@]}
runs=$(grep -cE '^(OK|FAIL) ' "$WORK/results.txt")
failed=$(grep -c '^FAIL ' "$WORK/results.txt")
unbuilt=$(grep -c '^ERROR ' "$WORK/results.txt")
slowest=$(cat "$WORK"/*/ms 2>/dev/null | sort -rn | head -n 5 |
  awk '{ printf "%s%s %.1f", sep, $2, $1 / 1000; sep = ", " }')
{
  echo "emulated self-checks ($SET set): $programs programs, $runs runs, $failed runs with failed cases, $unbuilt not built (each counted as a failed case); $((SECONDS - start)) s"
  echo "slowest programs (s, build and runs): $slowest"
  echo "$cases_passed passed, $((cases_failed + unbuilt)) failed"
} | tee "$WORK/summary.txt"
[[ $failed -eq 0 && $unbuilt -eq 0 && $cases_failed -eq 0 && $programs -gt 0 ]]
