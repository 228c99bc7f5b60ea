#!/usr/bin/env bash
# generate.sh STENCILCC LIST [NAME]: self-checking programs (--emit-test) of hand-picked plans,
# packed as NAME.tar.xz here (default gen) for the GPU machine, where run.sh builds, checks and
# times each at several grid sizes. LIST has one plan per line: <id> <stencil> <float|double>
# [plan flags...] (the stencil from benchmarks/stencils/; no flags: the default plan).
set -euo pipefail
STENCILCC=$(realpath "$1")
LIST=$(realpath "$2")
NAME=${3:-gen}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
rm -rf "$HERE/gen" && mkdir -p "$HERE/gen"
: >"$HERE/gen/manifest.txt"
while read -r id name real flags; do
  [[ -z ${id:-} || $id == \#* ]] && continue
  # shellcheck disable=SC2086
  "$STENCILCC" --emit-test "-DREAL=$real" "$ROOT/benchmarks/stencils/$name.c" -o "$HERE/gen/$id.cu" $flags
  dims=$(grep -m1 '^// analysis:' "$HERE/gen/$id.cu" | sed 's/.*: \([0-9]\)D.*/\1/')
  echo "$id $name $real $dims $(grep -m1 '^// plan:' "$HERE/gen/$id.cu" | sed 's|^// plan: ||')" >>"$HERE/gen/manifest.txt"
done <"$LIST"
tar -C "$HERE" -cJf "$HERE/$NAME.tar.xz" gen
rm -rf "$HERE/gen"
echo "wrote $HERE/$NAME.tar.xz ($(tar -tJf "$HERE/$NAME.tar.xz" | grep -c '\.cu$') programs)"
