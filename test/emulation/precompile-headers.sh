#!/usr/bin/env bash
# precompile-headers.sh COMPILER SOURCE_DIR DIR: precompiles
# test/emulation/precompiled.h (the emulation header and the self-check
# runtime's standard headers) with COMPILER (g++, mpicxx) at each level the
# emulated programs are built at, into DIR/O0 and DIR/O1 (precompiled.h and
# its .gch: GCC uses one only at the level it was made at). Used by the
# build tree (test/CMakeLists.txt), run-selfchecks.sh (where that has
# none) and test/mpi/run-mpi-selfchecks.sh. Exits 1, with the compiler's first line
# on stderr, where that fails (another compiler): build without them.
set -uo pipefail
COMPILER=$1 SRC=$2 DIR=$3
for level in O0 O1; do
  mkdir -p "$DIR/$level"
  cp "$SRC/test/emulation/precompiled.h" "$DIR/$level/"
  # -c: mpicxx would otherwise link.
  # shellcheck disable=SC2086
  if ! $COMPILER -std=c++20 -$level -w -I"$SRC/include" -x c++-header -c \
       "$DIR/$level/precompiled.h" -o "$DIR/$level/precompiled.h.gch" \
       >"$DIR/log" 2>&1; then
    head -n 1 "$DIR/log" >&2
    exit 1
  fi
done
