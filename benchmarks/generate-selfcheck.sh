#!/usr/bin/env bash
# generate-selfcheck.sh: write the `stencilcc --emit-test` programs that
# benchmarks/run-selfcheck-gpu.sh builds and runs on a GPU machine.
#
# Usage (from anywhere; paths are relative to the repository root):
#   benchmarks/generate-selfcheck.sh [--matrix | --integer | --sanitize] [--filter REGEX] [--jobs N]
#
# Programs (one per line of the manifest):
#   suite-<name>-<real>-default   the 21 suite stencils x {float,double}, default plan
#   suite-<name>-<real>-hybrid    the same with a hybrid queue and another exchange:
#                                 --ns=2 and MCR (box), --ns=2 --rd=2 (star; 3D
#                                 stars of radius 3 and 4, whose bT is 1: --ns=2)
#   accepted-<file>-default       every test/Inputs/accepted/*.c, default plan
# With --matrix, instead, the plan matrix on an input with an asymmetric radius
# (asym_i.c: i-2..i+1 along the streaming dimension) and a 1D input (stencil1d_r2.c):
#   matrix-<file>-bt<B>-<scr1|scr2|mcr|cached>-ns<0|2>-sl<0|64>
#                                 bT {1,2,3,4,7}; mcr with --opt=none (both are stars);
#                                 plans stencilcc rejects (RD=2 at bT=1, MCR on the 1D
#                                 input's one exchanged plane) are listed and left out;
#                                 1D has no stream to split: sl0 only
# With --integer, instead, the integer-element inputs at the plan families that
# apply (docs/user-guide.md, input contract):
#   int-<file>-<default|cached|shuffle|mcr|async|scr|rows2|assoc|star|naive>
#                                 test/Inputs/accepted/{life2d_int,life3d_cell,
#                                 box_blur_int,integer_ops,unsigned_hash}.c and
#                                 test/Inputs/stage/{pathfinder_int,image_filter_u8,
#                                 mixed_int_float}.c
# With --sanitize, instead, one plan of each kernel family and every stage-form
# input, for run-selfcheck-gpu.sh --sanitize (compute-sanitizer):
#   san-<family>                  SCR, MCR, cached, partial sums, warp shuffle,
#                                 streaming partial sums, asynchronous copies in
#                                 either stage layout, the interior and sides loops,
#                                 rows per thread, 32-bit offsets and the predicated
#                                 store, naive (suite stencils, float)
#   san-stage-<file>              every test/Inputs/stage/*.c, default plan
# --filter REGEX keeps the ids that match (grep -E).
#
# Writes benchmarks/gen-selfcheck/<id>.cu, benchmarks/gen-selfcheck/manifest.txt
# (`<id> <dims> <stencilcc flags...>`), and benchmarks/gen-selfcheck.tar.xz, the
# same directory packed (a few MiB instead of tens), which is what to carry to the
# device machine. Both paths are ignored by git.
# Environment: STENCILCC=path to stencilcc (default build/tools/stencilcc/stencilcc).
# Exit status 1 when stencilcc fails on any program (with --matrix: crashes or exits
# with a status other than 1; a diagnostic rejecting a plan is listed in rejected.txt).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
STENCILCC=${STENCILCC:-build/tools/stencilcc/stencilcc}
GEN=benchmarks/gen-selfcheck
FILTER='' JOBS=2 MATRIX=0 INTEGER=0 SANITIZE=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --filter) FILTER=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --matrix) MATRIX=1; shift ;;
    --integer) INTEGER=1; shift ;;
    --sanitize) SANITIZE=1; shift ;;
    *) echo "usage: $0 [--matrix | --integer | --sanitize] [--filter REGEX] [--jobs N]" >&2; exit 2 ;;
  esac
done
[[ -x $STENCILCC ]] || { echo "generate-selfcheck.sh: no stencilcc at $STENCILCC" >&2; exit 2; }

rm -rf "$GEN" "$GEN.tar.xz"
mkdir -p "$GEN"
list=()
if ((MATRIX)); then
  for base in asym_i stencil1d_r2; do
    dims=2 sls="0 64"
    [[ $base == stencil1d_r2 ]] && dims=1 sls=0
    for bt in 1 2 3 4 7; do
      for ex in scr1 scr2 mcr cached; do
        case $ex in
          scr1) exflags="--exchange=scr --rd=1" ;;
          scr2) exflags="--exchange=scr --rd=2" ;;
          # Both are stars, whose one exchanged plane per level leaves MCR
          # nothing to keep: --opt=none exchanges the streaming neighbours too.
          mcr) exflags="--exchange=mcr --opt=none" ;;
          *) exflags="--exchange=$ex" ;;
        esac
        for ns in 0 2; do
          for sl in $sls; do
            list+=("matrix-$base-bt$bt-$ex-ns$ns-sl$sl $dims test/Inputs/accepted/$base.c --bt=$bt $exflags --ns=$ns --sl=$sl")
          done
        done
      done
    done
  done
fi
if ((INTEGER)); then
  acc=test/Inputs/accepted stage=test/Inputs/stage
  list+=(
    "int-life2d_int-default 2 $acc/life2d_int.c"
    "int-life2d_int-cached 2 $acc/life2d_int.c --bt=4 --exchange=cached"
    "int-life2d_int-shuffle 2 $acc/life2d_int.c --exchange=shuffle --bt=3"
    "int-life2d_int-mcr 2 $acc/life2d_int.c --exchange=mcr --bt=2"
    "int-life2d_int-async 2 $acc/life2d_int.c --async-copy=2 --bt=3"
    "int-life2d_int-naive 2 $acc/life2d_int.c --naive"
    "int-life3d_cell-default 3 $acc/life3d_cell.c"
    "int-life3d_cell-scr 3 $acc/life3d_cell.c --bt=2 --bs=16x32"
    "int-life3d_cell-rows2 3 $acc/life3d_cell.c --bt=2 --bs=32x32 --rows-per-thread=2"
    "int-life3d_cell-naive 3 $acc/life3d_cell.c --naive"
    "int-box_blur_int-default 2 $acc/box_blur_int.c"
    "int-box_blur_int-assoc 2 $acc/box_blur_int.c --opt=assoc --bt=2"
    "int-box_blur_int-shuffle 2 $acc/box_blur_int.c --exchange=shuffle --bt=2"
    "int-box_blur_int-cached 2 $acc/box_blur_int.c --opt=none --exchange=cached --bt=3"
    "int-integer_ops-default 1 $acc/integer_ops.c"
    "int-integer_ops-star 1 $acc/integer_ops.c --opt=star --bt=4 --rd=2"
    "int-integer_ops-naive 1 $acc/integer_ops.c --naive"
    "int-unsigned_hash-default 1 $acc/unsigned_hash.c"
    "int-unsigned_hash-cached 1 $acc/unsigned_hash.c --exchange=cached --bt=4"
    "int-pathfinder_int-default 1 $stage/pathfinder_int.c"
    "int-pathfinder_int-naive 1 $stage/pathfinder_int.c --naive"
    "int-image_filter_u8-default 2 $stage/image_filter_u8.c"
    "int-image_filter_u8-naive 2 $stage/image_filter_u8.c --naive"
    "int-mixed_int_float-default 2 $stage/mixed_int_float.c"
    "int-mixed_int_float-naive 2 $stage/mixed_int_float.c --naive")
elif ((SANITIZE)); then
  s=benchmarks/stencils
  list+=(
    "san-scr 2 $s/star2d1r.c --exchange=scr --rd=2 --bt=4 --ns=2"
    "san-mcr 2 $s/box2d1r.c --exchange=mcr --opt=none --bt=3"
    "san-cached 2 $s/box2d1r.c --exchange=cached --opt=none --bt=3"
    "san-assoc 3 $s/box3d1r.c --opt=assoc --bt=2"
    "san-shuffle 2 $s/star2d2r.c --exchange=shuffle --bt=3"
    "san-stream-sums 3 $s/box3d2r.c --stream-sums=2"
    "san-async-thread 3 $s/star3d1r.c --async-copy=4 --bt=2"
    "san-async-plane 2 $s/star2d1r.c --async-copy=2 --stage-layout=plane --bt=3"
    "san-interior 2 $s/j2d5pt.c --interior-loop=1 --bt=4"
    "san-sides 3 $s/star3d1r.c --interior-loop=2 --bt=3"
    "san-rows 3 $s/star3d2r.c --rows-per-thread=2 --bt=2 --bs=32x32"
    "san-offsets-store 2 $s/j2d9pt.c --offset-bits=32 --store=predicated --bt=3"
    "san-naive 3 $s/star3d1r.c --naive"
    "san-int-shuffle 2 test/Inputs/accepted/life2d_int.c --exchange=shuffle --bt=3")
  for f in test/Inputs/stage/*.c; do
    dims=$("$STENCILCC" --analyze "$f" | awk '$1 == "grid" { d = $2 + 0; if (d > m) m = d } END { print m }')
    list+=("san-stage-$(basename "$f" .c) $dims $f")
  done
fi
((MATRIX || INTEGER || SANITIZE)) || while read -r name dims radius shape _flops; do
  [[ -z $name || $name == \#* ]] && continue
  hybrid="--ns=2 --exchange=mcr"
  [[ $shape == star ]] && hybrid="--ns=2 --exchange=scr --rd=2"
  # Their default bT is 1: no second level to share an exchange location.
  [[ $shape == star && $dims == 3 && $radius -ge 3 ]] && hybrid="--ns=2"
  for real in float double; do
    list+=("suite-$name-$real-default $dims benchmarks/stencils/$name.c -DREAL=$real")
    list+=("suite-$name-$real-hybrid $dims benchmarks/stencils/$name.c -DREAL=$real $hybrid")
  done
done <benchmarks/stencils/suite.txt
((MATRIX || INTEGER || SANITIZE)) || for f in test/Inputs/accepted/*.c; do
  base=$(basename "$f" .c)
  dims=$(awk -v f="$base.c" '$1 == f { print $3 }' test/Inputs/accepted/expected.txt | sort -n | tail -n 1)
  list+=("accepted-$base-default $dims $f")
done
if [[ -n $FILTER ]]; then
  mapfile -t list < <(printf '%s\n' "${list[@]}" | awk -v re="$FILTER" '$1 ~ re')
fi

one() { # id dims input flags...
  local id=$1 dims=$2 input=$3
  shift 3
  "$STENCILCC" --emit-test "$input" "$@" -o "$GEN/$id.cu" >"$GEN/$id.log" 2>&1
  local rc=$?
  if ((rc == 0)); then
    rm -f "$GEN/$id.log"
    echo "$id $dims $*"
  elif ((rc == 1 && MATRIX)); then
    # A plan the matrix asks for that stencilcc rejects with a diagnostic.
    echo "$id $* :: $(grep -m1 'error:' "$GEN/$id.log" | sed 's/.*error: //')" >"$GEN/$id.rejected"
    rm -f "$GEN/$id.log"
  else
    echo "generate-selfcheck.sh: stencilcc failed (exit $rc) on $id:" >&2
    sed 's/^/  /' "$GEN/$id.log" | head -n 5 >&2
  fi
}
export -f one
export STENCILCC GEN MATRIX
# shellcheck disable=SC2016
printf '%s\n' "${list[@]}" | xargs -d '\n' -P "$JOBS" -I{} bash -c 'one $1' _ {} |
  sort >"$GEN/manifest.txt"
made=$(wc -l <"$GEN/manifest.txt")
rejected=0
if compgen -G "$GEN/*.rejected" >/dev/null; then
  cat "$GEN"/*.rejected | sort >"$GEN/rejected.txt"
  rm -f "$GEN"/*.rejected
  rejected=$(wc -l <"$GEN/rejected.txt")
fi
tar -C benchmarks -cJf "$GEN.tar.xz" gen-selfcheck
echo "generate-selfcheck.sh: $made of ${#list[@]} programs in $GEN ($(du -sh "$GEN" | cut -f1))," \
     "$rejected rejected plans in $GEN/rejected.txt; packed: $GEN.tar.xz ($(du -h "$GEN.tar.xz" | cut -f1))"
[[ $((made + rejected)) -eq ${#list[@]} && $made -gt 0 ]]
