#!/usr/bin/env bash
# generate-list.sh: writes benchmarks/gen (emptied first) from a list of hand-picked plans, for
# benchmarks/run-gpu.sh --time-all: the experiments that compare plans side by side in one call
# (a results folder's plans.txt).
#
#   benchmarks/generate-list.sh LIST
#
# LIST has one plan per line: <stencil> <float|double> <planid> [stencilcc plan flags...]; the
# planid `tuned` takes the plan of benchmarks/plan-cache.json (the flags are ignored), `naive`
# wants --naive. Blank lines and lines starting with '#' are skipped. A plan stencilcc rejects
# is reported (REJECTED ... and its first error line) and left out.
# Environment: STENCILCC (default build/tools/stencilcc/stencilcc).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
if [[ $# -ne 1 || ! -f $1 ]]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
LIST=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
STENCILCC=${STENCILCC:-build/tools/stencilcc/stencilcc}
GEN=benchmarks/gen
rm -rf "$GEN" && mkdir -p "$GEN"
: >"$GEN/manifest.txt"
err=$(mktemp)
trap 'rm -f "$err"' EXIT
while read -r name real planid flags; do
  [[ -z ${name:-} || $name == \#* ]] && continue
  read -r _ dims radius _shape flops < <(awk -v n="$name" '$1 == n' benchmarks/stencils/suite.txt)
  [[ $planid == tuned ]] && flags="--plan-cache benchmarks/plan-cache.json"
  file=$GEN/${name}_${real}_${planid}.cu
  # shellcheck disable=SC2086
  if "$STENCILCC" "benchmarks/stencils/$name.c" "-DREAL=$real" -o "$file" $flags 2>"$err"; then
    echo "$name $real $planid $dims $radius $flops kernel_${name//-/_} $file $flags" >>"$GEN/manifest.txt"
  else
    echo "REJECTED $name $real $planid $flags: $(head -n 1 "$err")"
  fi
done <"$LIST"
echo "generate-list.sh: $(wc -l <"$GEN/manifest.txt") plans in $GEN/manifest.txt"
