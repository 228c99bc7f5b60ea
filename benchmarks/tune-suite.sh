#!/usr/bin/env bash
# tune-suite.sh: the empirical plan search (stencilcc --tune-emit / run.sh / --tune-ingest)
# over the benchmark suite, split the way the device machine needs it: stencilcc runs here,
# the runner on the GPU machine, which has nvcc but no Clang.
#
#   benchmarks/tune-suite.sh emit [--steps T] [--size2d N] [--size3d N] [--top K] [--variants N]
#                                 [--only REGEX] [--real float|double] [--roles ROLE,...]
#       here: writes benchmarks/gen-tune/suite{2d,3d}.c (the suite's stencils, one region
#       each, in one file per dimensionality; with --only, the stencils whose name matches
#       REGEX (grep -E) only) and one tuning directory per dimensionality and
#       precision (with --real, that precision only; --roles: stencilcc --tune-roles),
#       benchmarks/gen-tune/{2d,3d}-{float,double}/, packed into
#       benchmarks/gen-tune.tar.xz (carry that one file to the GPU machine); each
#       region's plan from benchmarks/plan-cache.json is a candidate too (role cached)
#   benchmarks/tune-suite.sh run [--deadline S] [--reps R] DIR...
#       on the GPU machine: unpacks gen-tune.tar.xz afresh (where carried), runs DIR/run.sh for each
#       DIR (2d-float, 3d-double, ...) in turn and copies results.tsv and the logs to
#       $OUT/tune-<DIR>/
#   benchmarks/tune-suite.sh ingest RESULTS_DIR...
#       here: copies each RESULTS_DIR/results.tsv (a $OUT/tune-<DIR> folder) into its
#       tuning directory and runs stencilcc --tune-ingest into benchmarks/plan-cache.json
#
# Environment: STENCILCC (default build/tools/stencilcc/stencilcc).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
STENCILCC=${STENCILCC:-build/tools/stencilcc/stencilcc}
GEN=benchmarks/gen-tune
CACHE=benchmarks/plan-cache.json
SUITE_FILE=benchmarks/stencils/suite.txt

cmd=${1:-}
[[ -z $cmd ]] && { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 2; }
shift

case $cmd in
  emit)
    steps=100 top=3 variants=4 size2d=16384 size3d=512 only=. reals="float double" roles=()
    while [[ $# -gt 0 ]]; do
      case $1 in
        --only) only=$2; shift ;;
        --steps) steps=$2; shift ;;
        --size2d) size2d=$2; shift ;;
        --size3d) size3d=$2; shift ;;
        --top) top=$2; shift ;;
        --variants) variants=$2; shift ;;
        --real)
          [[ $2 == float || $2 == double ]] || { echo "tune-suite.sh: --real takes float or double" >&2; exit 2; }
          reals=$2; shift ;;
        --roles) roles=(--tune-roles="$2"); shift ;;
        *) echo "tune-suite.sh: unknown argument '$1'" >&2; exit 2 ;;
      esac
      shift
    done
    rm -rf "$GEN" "$GEN.tar.xz"
    mkdir -p "$GEN"
    for dims in 2 3; do
      src="$GEN/suite${dims}d.c"
      echo "/* The benchmark suite's ${dims}D stencils in one file: one region each. */" >"$src"
      awk -v d="$dims" '$1 !~ /^#/ && NF && $2 == d { print $1 }' "$SUITE_FILE" |
        { grep -E -- "$only" || true; } | while read -r name; do
        echo "#line 1 \"benchmarks/stencils/$name.c\"" >>"$src"
        cat "benchmarks/stencils/$name.c" >>"$src"
      done
      if ! grep -q '^#line' "$src"; then rm -f "$src"; continue; fi
      size=$size2d; [[ $dims == 3 ]] && size=$size3d
      for real in $reals; do
        "$STENCILCC" --tune-emit "$GEN/${dims}d-$real" "$src" "-DREAL=$real" --tune-size="$size" \
          --tune-steps="$steps" --tune-top="$top" --tune-variants="$variants" \
          "${roles[@]}" --plan-cache "$CACHE" | head -n1
      done
    done
    tar -C benchmarks -cJf "$GEN.tar.xz" gen-tune
    echo "tune-suite.sh: $(du -sh "$GEN" | cut -f1) in $GEN, packed into $(du -sh "$GEN.tar.xz" | cut -f1) $GEN.tar.xz"
    ;;
  run)
    args=()
    while [[ $# -gt 0 && $1 == --* ]]; do args+=("$1" "$2"); shift 2; done
    # The carried archive is the search to run: a folder left by an earlier
    # call on the same machine (ignored paths stay between calls) is stale.
    if [[ -f $GEN.tar.xz ]]; then
      rm -rf "$GEN"
      tar -C benchmarks -xJf "$GEN.tar.xz"
    fi
    [[ -d $GEN ]] || { echo "tune-suite.sh: no $GEN and no $GEN.tar.xz: run 'emit' first" >&2; exit 2; }
    for d in "$@"; do
      out="${OUT:-/tmp}/tune-$d"
      mkdir -p "$out"
      bash "$GEN/$d/run.sh" "${args[@]}" 2>&1 | tee "$out/run.log"
      cp "$GEN/$d/results.tsv" "$out/" 2>/dev/null || true
      tar -C "$GEN/$d" -czf "$out/logs.tar.gz" log
    done
    ;;
  ingest)
    status=0
    for r in "$@"; do
      d=$(basename "$r"); d=${d#tune-}
      cp "$r/results.tsv" "$GEN/$d/results.tsv"
      dims=${d%%d-*} real=${d#*-}
      "$STENCILCC" --tune-ingest "$GEN/$d" "$GEN/suite${dims}d.c" -DREAL="$real" \
        --plan-cache "$CACHE" || status=1
    done
    exit $status
    ;;
  *) echo "tune-suite.sh: unknown command '$cmd' (emit, run, ingest)" >&2; exit 2 ;;
esac
