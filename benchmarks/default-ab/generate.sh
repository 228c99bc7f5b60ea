#!/usr/bin/env bash
# generate.sh OLD NEW [FLAGS...]: for a change to the default plan, the
# --emit-test self-checks of every held-out stencil (float and double, or
# its own type), every accepted input, the stage-form benchmarks and
# inputs, compiled by two stencilcc
# binaries with FLAGS (say --plan-cache=none: the model's default without
# the database); the pairs whose generated code differs go to gen/ as
# NAME.old.cu and NAME.new.cu, with NAME.dims (ignored by git; the device
# call carries it).
set -euo pipefail
OLD=$(realpath "$1") NEW=$(realpath "$2")
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
rm -rf "$HERE/gen" && mkdir -p "$HERE/gen"
TMP=$(mktemp -d)
pair() { # NAME INPUT FLAGS...
  local name=$1 input=$2
  shift 2
  "$OLD" --emit-test "$@" "$input" -o "$TMP/$name.old.cu" 2>/dev/null || return 0
  "$NEW" --emit-test "$@" "$input" -o "$TMP/$name.new.cu" 2>/dev/null || return 0
  if ! cmp -s "$TMP/$name.old.cu" "$TMP/$name.new.cu"; then
    mv "$TMP/$name.old.cu" "$TMP/$name.new.cu" "$HERE/gen/"
    # The timing size follows the first region's rank (run.sh).
    "$NEW" --analyze --format=json "$@" "$input" 2>/dev/null |
      python3 -c 'import json, sys; print(json.load(sys.stdin)["regions"][0]["dimensions"])' \
        >"$HERE/gen/$name.dims"
    echo "$name: $(grep -m1 '^// plan' "$HERE/gen/$name.old.cu") -> $(grep -m1 '^// plan' "$HERE/gen/$name.new.cu")"
  fi
}
for dir in benchmarks/heldout benchmarks/stage test/Inputs/accepted test/Inputs/stage; do
  prefix=$(echo "$dir" | cut -d/ -f2- | tr / -)
  for f in "$ROOT/$dir"/*.c; do
    n=$prefix-$(basename "$f" .c)
    if grep -Eq '#\s*define\s+REAL\b|bench_common\.h' "$f"; then
      for real in float double; do pair "$n-$real" "$f" -DREAL=$real "$@"; done
    else
      pair "$n" "$f" "$@"
    fi
  done
done
rm -rf "$TMP"
echo "$(ls "$HERE"/gen/*.new.cu 2>/dev/null | wc -l) programs differ"
