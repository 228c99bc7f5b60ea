#!/usr/bin/env bash
# Runs generated kernels on the CPU (include/stencilcc/Runtime/CudaEmulation.h)
# against the original C loop, for suite stencils across plans, at sizes no
# block size divides and step counts through head, steady state and tail.
#
#   run-emulated-checks.sh STENCILCC SOURCE_DIR [WORK_DIR]
#
# Prints one line per case and a closing `N passed, M failed`; exits 1 on
# any failure.
set -uo pipefail
STENCILCC=$1
SRC=$2
WORK=${3:-$(mktemp -d)}
mkdir -p "$WORK"
CXX=${CXX:-g++}
CC=${CC:-cc}

# stencil dims radius n | plan flags | steps
CASES=(
  "star2d1r 2 1 41|--bs=32 --sl=16|0 1 3 11"
  "star2d1r 2 1 41|--bt=3 --bs=32 --sl=0 --exchange=scr --rd=2 --ns=2|1 2 7"
  "box2d2r 2 2 41|--bt=3 --bs=32 --sl=16 --exchange=mcr --ns=2|2 11"
  "box2d2r 2 2 41|--bt=2 --bs=32 --sl=16 --opt=none --prefetch=0|5"
  "j2d9pt-gol 2 1 43|--bt=4 --bs=32 --sl=16|3 11"
  "j2d9pt-gol 2 1 43|--bt=3 --bs=32 --sl=0 --exchange=mcr --rd=1|7"
  "gradient2d 2 1 41|--bt=4 --bs=32 --sl=16 --exchange=scr --rd=2|3 11"
  "j2d9pt 2 2 41|--bt=2 --bs=32 --sl=8 --ns=3|5"
  "star3d1r 3 1 19|--bt=2 --bs=8x16 --sl=8|1 5"
  "box3d1r 3 1 19|--bt=2 --bs=8x16 --sl=8 --exchange=mcr --ns=2|1 5"
  "star2d1r 2 1 41|--naive|3"
)

one() { # index, case
  local i=$1 spec=$2
  IFS='|' read -r head flags steps <<<"$spec"
  read -r name dims radius n <<<"$head"
  local fn="kernel_${name//-/_}" status=0
  for real in float double; do
    local d="$WORK/c$i-$real"
    mkdir -p "$d"
    local tag="$name $real [$flags]"
    if ! "$STENCILCC" "$SRC/benchmarks/stencils/$name.c" -DREAL=$real $flags \
        -o "$d/gen.cu" 2>"$d/log" ||
       ! $CC -O1 -std=c11 -w -DREAL=$real -D$fn=ref_$fn \
        -c "$SRC/benchmarks/stencils/$name.c" -o "$d/ref.o" 2>>"$d/log" ||
       ! $CXX -std=c++20 -O1 -w -DREAL=$real -I"$SRC/include" \
        -include stencilcc/Runtime/CudaEmulation.h -x c++ "$d/gen.cu" \
        -x none -c -o "$d/gen.o" 2>>"$d/log" ||
       ! $CXX -std=c++20 -O1 -DREAL=$real -DDIMS=$dims \
        -DRADIUS=$radius -DSTENCIL_FN=$fn -DREFERENCE_FN=ref_$fn \
        "$SRC/test/emulation/check_main.cpp" "$d/gen.o" "$d/ref.o" \
        -lboost_context -o "$d/check" 2>>"$d/log"; then
      echo "FAIL $tag: build failed"; sed 's/^/  /' "$d/log" | head -5
      status=1; continue
    fi
    for s in $steps; do
      if out=$("$d/check" "$n" "$s" 2>&1); then
        echo "PASS $tag steps=$s"
      else
        echo "FAIL $tag steps=$s: $out"; status=1
      fi
    done
  done
  return $status
}
export -f one
export STENCILCC SRC WORK CXX CC

printf '%s\n' "${CASES[@]}" | nl -ba -w1 -s'|' |
  xargs -P "$(nproc)" -I{} bash -c 'one "${1%%|*}" "${1#*|}"' _ {} \
  > "$WORK/results.txt"
cat "$WORK/results.txt"
pass=$(grep -c '^PASS' "$WORK/results.txt")
fail=$(grep -c '^FAIL' "$WORK/results.txt")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
