#!/usr/bin/env bash
# Builds the `stencilcc --emit-test` program of every benchmark stencil
# (float and double) and of every accepted input with the host compiler and
# include/stencilcc/Runtime/CudaEmulation.h, and runs it: the generated
# kernels themselves, on the CPU, against each region's C text, with the
# program's own edge cases (T = 0, 1, bT-1, bT, bT+1, 2bT+1, 2bT+2, the
# first prime >= 2bT; a tiny grid and one of whole blocks besides its default
# of about 1.5 blocks).
# Plans are spread over the jobs: bT 1..4, SCR with RD 1..3, MCR, the
# cached exchange (1D, 2D with --ns, 3D), queue slots in shared memory
# (--ns), stream blocks (--sl), --opt=none, --prefetch, the default plan,
# --naive; and --opt=assoc (partial sums) for a few stencils of each shape,
# the streaming partial-sums kernel (--stream-sums) and asynchronous copies
# (--async-copy, also with --stage-layout=plane), differences carried along
# the stream, the warp-shuffle exchange
# (--exchange=shuffle), 32-bit plane offsets and the predicated store
# besides the rotation.
#
#   run-selfchecks.sh STENCILCC SOURCE_DIR [WORK_DIR]
#
# Prints one line per program (its plan and its own `N passed, N failed`),
# every failed case, and a closing `N passed, N failed` over all cases
# (also in WORK_DIR/summary.txt, which scripts/test.sh prints); exits 1 on
# any failure. SELFCHECK_FILTER=REGEX runs only matching jobs.
set -uo pipefail
STENCILCC=$1
SRC=$2
WORK=${3:-$(mktemp -d)}
rm -rf "$WORK"
mkdir -p "$WORK"
CXX=${CXX:-g++}
export STENCILCC SRC WORK CXX

# One job per line: name|input|stencilcc flags
jobs=()
# Suite: each stencil gets one plan per precision from a rotation; block
# sizes are the halo (2 bT r) plus a width no block divides.
i=0
while read -r name dims radius shape _flops; do
  [[ -z $name || $name == \#* ]] && continue
  r=$radius
  # MCR needs neighbours exchanged from several planes: a star stencil has
  # them only without its specialization.
  mcr="--exchange=mcr"
  [[ $shape == star ]] && mcr="--exchange=mcr --opt=none"
  for j in 0 1; do
    real=$([[ $j == 0 ]] && echo float || echo double)
    k=$(( (2 * i + j) % 8 ))
    # shellcheck disable=SC2249
    if [[ $dims == 2 ]]; then
      case $k in
        0) p="--bt=2 --bs=$((4 * r + 13)) --sl=16 --exchange=cached --ns=2" ;;
        1) p="--bt=3 --bs=$((6 * r + 20)) --sl=0 --exchange=scr --rd=2 --ns=2" ;;
        2) p="--bt=4 --bs=$((8 * r + 24)) --sl=24 $mcr" ;;
        3) p="--bt=3 --bs=$((6 * r + 11)) --sl=16 $mcr --ns=3" ;;
        4) p="--bt=2 --bs=$((4 * r + 16)) --sl=9 --opt=none --prefetch=0" ;;
        5) p="--bt=3 --bs=$((6 * r + 14)) --sl=20 --exchange=scr --rd=3 --prefetch=1" ;;
        6) p="" ;; # the default plan
        7) p="--naive" ;;
      esac
    else
      case $k in
        0) p="--bt=2 --bs=$((4 * r + 5))x$((4 * r + 9)) --sl=8 --exchange=cached" ;;
        1) p="--bt=2 --bs=$((4 * r + 6))x$((4 * r + 12)) --sl=0 $mcr --ns=2" ;;
        2) p="--bt=1 --bs=$((2 * r + 7))x$((2 * r + 10)) --sl=5" ;;
        3) p="--bt=3 --bs=$((6 * r + 4))x$((6 * r + 8)) --sl=6 --exchange=scr --rd=3" ;;
        4) p="--bt=2 --bs=$((4 * r + 5))x$((4 * r + 8)) --sl=7 --opt=none --prefetch=0" ;;
        5) p="--bt=2 --bs=$((4 * r + 6))x$((4 * r + 6)) --sl=0 --exchange=scr --rd=2 --ns=3" ;;
        6) p="" ;;
        7) p="--naive" ;;
      esac
    fi
    jobs+=("suite-$name-$real|benchmarks/stencils/$name.c|-DREAL=$real $p")
  done
  i=$((i + 1))
done <"$SRC/benchmarks/stencils/suite.txt"

# --opt=assoc: 2D box radius 1 and 3, 3D box, a star whose sum is divided
# (j2d9pt), each in float and double, and 1D inputs; with stream blocks,
# queue slots in shared memory, no prefetch, the explicit cached exchange.
for spec in \
    "box2d1r|--bt=3 --bs=26 --sl=16" \
    "box2d3r|--bt=2 --bs=25 --sl=0 --ns=2" \
    "box3d1r|--bt=2 --bs=9x13 --sl=6 --exchange=cached" \
    "j2d9pt|--bt=3 --bs=23 --sl=20 --prefetch=0"; do
  IFS='|' read -r name p <<<"$spec"
  for real in float double; do
    jobs+=("assoc-$name-$real|benchmarks/stencils/$name.c|-DREAL=$real --opt=assoc $p")
  done
done
# --stream-sums: 3D boxes and j3d27pt (a divided sum), 1, 2 and 4 rows per
# thread (rows past the last one clamped), float and double.
for spec in "box3d1r|1" "box3d2r|2" "j3d27pt|4" "box3d1r|4"; do
  IFS='|' read -r name rows <<<"$spec"
  for real in float double; do
    jobs+=("stream-$name-$rows-$real|benchmarks/stencils/$name.c|-DREAL=$real --stream-sums=$rows")
  done
done
# A suite stencil's job <prefix>-<name>-<real> from "name|real|plan flags".
suite_job() {
  local name real p
  IFS='|' read -r name real p <<<"$2"
  jobs+=("$1-$name-$real|benchmarks/stencils/$name.c|-DREAL=$real $p")
}
# --async-copy: the loads staged in shared memory by cp.async, 1 to 8 planes
# ahead (8 runs past the unrolled period, which then doubles), with each
# exchange scheme, partial sums, queue slots in shared memory and without
# the register prefetch.
for spec in \
    "star2d1r|float|--async-copy=1 --bt=3 --bs=29 --sl=16" \
    "j2d9pt-gol|double|--async-copy=3 --bt=2 --bs=27 --sl=0 --exchange=mcr --ns=2" \
    "box2d2r|float|--async-copy=8 --bt=2 --bs=33 --sl=20 --opt=assoc --prefetch=0" \
    "gradient2d|double|--async-copy=5 --bt=4 --bs=31 --sl=9 --exchange=scr --rd=2" \
    "star3d1r|float|--async-copy=4 --bt=3 --bs=10x14 --sl=7" \
    "star3d2r|double|--async-copy=6 --bt=2 --bs=13x17 --sl=0 --prefetch=0" \
    "box3d1r|double|--async-copy=2 --bt=2 --bs=9x13 --sl=6 --opt=assoc" \
    "j3d27pt|float|--async-copy=8 --bt=1 --bs=9x12 --sl=5 --exchange=cached"; do
  suite_job async "$spec"
done
jobs+=("async-asym3d_scalar|test/Inputs/accepted/asym3d_scalar.c|--async-copy=3 --bt=2 --bs=8x16 --sl=8")
# --stage-layout=plane: the stage as exchange planes that level 1 reads,
# 2D and 3D, star and general specializations (exchanged planes below and
# above the level's own: a longer ring), reuse degrees 2 and bT (rounds
# that write level 1's location and rounds that do not), bT=1 (no exchange
# plane at all), rows per thread, queue slots in shared memory between the
# exchange and the stage, the interior and sides loops, the predicated
# store.
for spec in \
    "star2d1r|float|--stage-layout=plane --async-copy=1 --bt=3 --bs=29 --sl=16" \
    "gradient2d|double|--stage-layout=plane --async-copy=5 --bt=4 --bs=31 --sl=9 --rd=2" \
    "j2d9pt|float|--stage-layout=plane --async-copy=2 --bt=3 --bs=33 --sl=20 --ns=2 --store=predicated" \
    "star2d2r|double|--stage-layout=plane --async-copy=3 --bt=3 --bs=40 --sl=0 --opt=none --rd=3" \
    "star3d1r|float|--stage-layout=plane --async-copy=3 --bt=3 --bs=12x14 --sl=7 --rows-per-thread=2 --prefetch=0 --interior-loop=2" \
    "star3d2r|double|--stage-layout=plane --async-copy=2 --bt=2 --bs=13x17 --sl=0 --opt=none" \
    "star3d1r|double|--stage-layout=plane --async-copy=4 --bt=1 --bs=10x14 --sl=5"; do
  suite_job staged "$spec"
done
jobs+=("staged-asym3d_scalar|test/Inputs/accepted/asym3d_scalar.c|--stage-layout=plane --async-copy=3 --bt=2 --bs=8x16 --sl=8 --opt=none --exchange=scr")
# Differences carried along the stream (Emitter/CarriedDifferences.h):
# gradient2d's negated differences (only squared) and an input's same-sign
# one, 2D and 3D, with SCR (reuse degrees 1 and 2), the cached exchange,
# asynchronous copies in either stage layout, queue slots in shared memory,
# without the register prefetch, one interior loop and two, the predicated
# store; tiles small enough that some lie inside, where the carries run.
suite_job carried "gradient2d|float|--bt=3 --bs=22 --sl=16"
suite_job carried-staged "gradient2d|double|--bt=4 --bs=28 --sl=0 --rd=2 --async-copy=3 --stage-layout=plane --interior-loop=2 --store=predicated"
suite_job carried-cached "gradient2d|float|--bt=2 --bs=20 --sl=0 --exchange=cached --ns=2 --prefetch=0"
suite_job carried-async "gradient2d|double|--bt=5 --bs=30 --sl=20 --async-copy=2 --offset-bits=32"
jobs+=("carried-stream_differences_2d|test/Inputs/accepted/stream_differences_2d.c|--opt=star --bt=3 --bs=22 --sl=16 --interior-loop=2")
jobs+=("carried-stream_differences_2d-cached|test/Inputs/accepted/stream_differences_2d.c|--opt=star --bt=2 --bs=18 --sl=9 --exchange=cached")
jobs+=("carried-stream_differences_3d|test/Inputs/accepted/stream_differences_3d.c|--bt=2 --bs=10x14 --sl=0 --async-copy=2 --interior-loop=2")
jobs+=("carried-stream_differences_3d-cached|test/Inputs/accepted/stream_differences_3d.c|--bt=3 --bs=14x16 --sl=0 --exchange=cached")
# --rows-per-thread: 2, 4 and 8 rows per thread with the SCR exchange (star
# and general specializations, reuse degree 2) and partial sums, with and
# without asynchronous copies, tiles no domain size divides.
for spec in \
    "star3d1r|float|--rows-per-thread=2 --bt=3 --bs=12x14 --sl=7" \
    "star3d2r|double|--rows-per-thread=4 --bt=2 --bs=16x17 --sl=5 --opt=none --rd=2" \
    "box3d1r|float|--rows-per-thread=4 --opt=assoc --bt=2 --bs=12x13 --sl=6" \
    "box3d1r|double|--rows-per-thread=2 --opt=assoc --bt=3 --bs=16x15 --sl=0 --async-copy=2" \
    "j3d27pt|float|--rows-per-thread=2 --opt=assoc --bt=2 --bs=14x13 --sl=7" \
    "star3d1r|double|--rows-per-thread=8 --bt=1 --bs=16x10 --sl=9 --interior-loop=1"; do
  suite_job rows "$spec"
done
jobs+=("rows-asym3d_scalar|test/Inputs/accepted/asym3d_scalar.c|--rows-per-thread=2 --bt=2 --bs=8x16 --sl=8")
# --sum-order=value: partial sums added value by value, 2D and 3D, with
# rows per thread, asynchronous copies and a 1D input.
for spec in \
    "box3d2r|float|--sum-order=value --opt=assoc --bt=2 --bs=14x13 --sl=5" \
    "j3d27pt|double|--sum-order=value --opt=assoc --bt=3 --bs=14x13 --sl=0 --async-copy=2" \
    "box3d1r|float|--sum-order=value --opt=assoc --bt=2 --bs=12x13 --sl=6 --rows-per-thread=2" \
    "box2d2r|float|--sum-order=value --opt=assoc --bt=2 --bs=40 --sl=16" \
    "j2d9pt|double|--sum-order=value --opt=assoc --bt=3 --bs=23 --sl=20"; do
  suite_job order "$spec"
done
jobs+=("order-stencil1d_r2|test/Inputs/accepted/stencil1d_r2.c|--sum-order=value --opt=assoc --bt=2 --bs=40")
# The streaming kernel value by value: 1, 2 and 4 rows, a divided sum.
for spec in \
    "box3d2r|double|--sum-order=value --stream-sums=1" \
    "box3d1r|float|--sum-order=value --stream-sums=2" \
    "j3d27pt|double|--sum-order=value --stream-sums=4"; do
  suite_job order-stream "$spec"
done
jobs+=("order-stream-asym3d_scalar|test/Inputs/accepted/asym3d_scalar.c|--sum-order=value --stream-sums=2")
# --offset-bits=32 and --store=predicated: the main kernel's 32-bit plane
# offsets (the host's 64-bit fallback under -DSTENCILCC_WIDE_OFFSETS, the
# emulated-wide-offsets test) and the predicated last-level store, with
# each exchange scheme, partial sums, rows per thread, asynchronous copies,
# the interior and sides loops, queue slots in shared memory and a 1D input.
for spec in \
    "star2d1r|float|--offset-bits=32 --bt=4 --bs=29 --sl=16" \
    "box2d1r|double|--offset-bits=32 --store=predicated --bt=3 --bs=26 --sl=0 --exchange=cached" \
    "j2d9pt|double|--store=predicated --bt=3 --bs=31 --sl=20 --exchange=scr --rd=2" \
    "gradient2d|float|--offset-bits=32 --store=predicated --bt=4 --bs=33 --sl=9 --async-copy=4 --interior-loop=2" \
    "box2d2r|float|--offset-bits=32 --bt=2 --bs=33 --sl=20 --exchange=mcr --ns=2" \
    "star3d1r|float|--offset-bits=32 --rows-per-thread=2 --bt=3 --bs=12x14 --sl=7" \
    "star3d2r|double|--offset-bits=32 --store=predicated --bt=2 --bs=13x17 --sl=0 --async-copy=2" \
    "box3d1r|float|--offset-bits=32 --store=predicated --opt=assoc --rows-per-thread=2 --bt=2 --bs=12x13 --sl=6 --interior-loop=2" \
    "box3d1r|double|--store=predicated --opt=assoc --bt=2 --bs=9x13 --sl=6 --exchange=cached" \
    "j3d27pt|float|--offset-bits=32 --opt=assoc --bt=3 --bs=14x13 --sl=0 --sum-order=value"; do
  suite_job offsets "$spec"
done
jobs+=("offsets-stencil1d_r2|test/Inputs/accepted/stencil1d_r2.c|--offset-bits=32 --store=predicated --bt=3 --bs=40")
# An input with asymmetric reads in every dimension, uneven bounds and a scalar.
for rows in 1 2 4; do
  jobs+=("stream-asym3d_scalar-$rows|test/Inputs/accepted/asym3d_scalar.c|--stream-sums=$rows")
done
jobs+=("assoc-stencil1d_r1|test/Inputs/accepted/stencil1d_r1.c|--opt=assoc --bt=2 --bs=32")
jobs+=("assoc-stencil1d_r2|test/Inputs/accepted/stencil1d_r2.c|--opt=assoc --bt=3 --bs=40 --ns=1")

# --exchange=shuffle (2D): each 2D suite stencil in one precision, the
# cells per lane, bT and stream blocks rotating (4 cells at bT=4 leave one
# output lane at radius 4: an edge case of the halo lanes); and every
# accepted 2D input below with the other 2D plans.
i=0
while read -r name dims radius shape _flops; do
  [[ -z $name || $name == \#* || $dims != 2 ]] && continue
  real=$([[ $((i % 2)) == 0 ]] && echo float || echo double)
  case $((i % 4)) in
    0) p="--exchange=shuffle --bt=3 --sl=16" ;;
    1) p="--exchange=shuffle --cells=2 --bt=2 --sl=0" ;;
    2) p="--exchange=shuffle --cells=8 --bt=2 --sl=9" ;;
    3) p="--exchange=shuffle --cells=1 --bt=1 --bs=64 --sl=20" ;;
  esac
  jobs+=("shuffle-$name-$real|benchmarks/stencils/$name.c|-DREAL=$real $p")
  i=$((i + 1))
done <"$SRC/benchmarks/stencils/suite.txt"

# Accepted inputs: two plans per dimensionality, alternating (2D: and the
# shuffle exchange).
i=0
for f in "$SRC"/test/Inputs/accepted/*.c; do
  base=$(basename "$f")
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
  jobs+=("accepted-${base%.c}|test/Inputs/accepted/$base|$p")
  [[ $dims == 2 ]] &&
    jobs+=("accepted-shuffle-${base%.c}|test/Inputs/accepted/$base|--exchange=shuffle --cells=$((1 << (i % 3))) --bt=$((1 + i % 3)) --sl=$((9 * (i % 2)))")
  i=$((i + 1))
done

one() { # name|input|flags
  local name input flags d
  IFS='|' read -r name input flags <<<"$1"
  d="$WORK/$name"
  mkdir -p "$d"
  # shellcheck disable=SC2086
  if ! "$STENCILCC" --emit-test "$SRC/$input" $flags -o "$d/check.cu" \
       >"$d/log" 2>&1; then
    echo "ERROR $name [$flags]: stencilcc failed: $(grep -m1 error "$d/log")"
    return
  fi
  # -O0: a tenth of -O1's compile time on the unrolled kernels, and the
  # small grids run in milliseconds either way.
  if ! $CXX -std=c++20 -O0 -w -I"$SRC/include" \
       -include stencilcc/Runtime/CudaEmulation.h -x c++ "$d/check.cu" \
       -x none -lboost_context -o "$d/check" >>"$d/log" 2>&1; then
    echo "ERROR $name [$flags]: build failed: $(grep -m1 error "$d/log")"
    return
  fi
  "$d/check" >"$d/out" 2>&1
  local rc=$? summary
  summary=$(tail -n 1 "$d/out")
  if [[ $rc -eq 0 ]]; then
    echo "OK    $name [$flags]: $summary"
  else
    echo "FAIL  $name [$flags]: exit $rc, $summary"
    grep -E '^(FAIL|SKIP)' "$d/out" | sed 's/^/      /'
    tail -n 3 "$d/out" | grep -vE '^(PASS|FAIL|SKIP|[0-9]+ passed)' | sed 's/^/      /'
  fi
}
export -f one

start=$SECONDS
if [[ -n ${SELFCHECK_FILTER:-} ]]; then
  # The pattern sees whole job lines: name|input|flags.
  mapfile -t jobs < <(printf '%s\n' "${jobs[@]}" | grep -E -- "$SELFCHECK_FILTER")
  if [[ ${#jobs[@]} -eq 0 ]]; then
    echo "run-selfchecks.sh: no job matches SELFCHECK_FILTER='$SELFCHECK_FILTER'" >&2
    exit 1
  fi
fi
printf '%s\n' "${jobs[@]}" |
  xargs -d '\n' -P "$(nproc)" -I{} bash -c 'one "$1"' _ {} >"$WORK/results.txt"
sort -k2,2 "$WORK/results.txt"

# Totals over the cases of every program that ran to its summary line.
cases_passed=$(cat "$WORK"/*/out 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/ { p += $1 } END { print p + 0 }')
cases_failed=$(cat "$WORK"/*/out 2>/dev/null | awk '/^[0-9]+ passed, [0-9]+ failed/ { f += $3 } END { print f + 0 }')
programs=$(wc -l <"$WORK/results.txt")
failed=$(grep -c '^FAIL ' "$WORK/results.txt")
unbuilt=$(grep -c '^ERROR ' "$WORK/results.txt")
{
  echo "emulated self-checks: $programs programs, $failed with failed cases, $unbuilt not built (each counted as a failed case); $((SECONDS - start)) s"
  echo "$cases_passed passed, $((cases_failed + unbuilt)) failed"
} | tee "$WORK/summary.txt"
[[ $failed -eq 0 && $unbuilt -eq 0 && $cases_failed -eq 0 && $programs -gt 0 ]]
