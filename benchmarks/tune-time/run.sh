#!/usr/bin/env bash
# run.sh [RUNNER OPTIONS...]: on the GPU machine, unpacks gen.tar.xz
# (generate.sh) and runs each candidate directory's run.sh with the given
# options (say `--budget 180`, or none for the whole search), timing its
# wall clock. Logs and results.tsv per stencil go to $OUT (or ./out); the
# last lines are a table: stencil, wall seconds, candidates timed, the
# fastest checked candidate and its GCells/s. TUNE_TIME_FILTER=RE runs
# only the directories whose name matches; TUNE_TIME_ONLY="NAME=ID,ID ..."
# keeps only those candidates of directory NAME (a variant needs its base):
# the reference plans of a wider search, timed in the same call.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT"
WORK=$(mktemp -d)
tar -C "$WORK" -xJf "$HERE/gen.tar.xz"
table=()
FILTER=${TUNE_TIME_FILTER:-.}
for dir in "$WORK"/gen/*/; do
  name=$(basename "$dir")
  [[ $name =~ $FILTER ]] || continue
  for only in ${TUNE_TIME_ONLY:-}; do
    [[ ${only%%=*} == "$name" ]] || continue
    keep=" ${only#*=} "
    keep=${keep//,/ }
    awk -v keep="$keep" '/^#/ || index(keep, " " $1 " ")' "$dir/candidates.tsv" >"$dir/candidates.only"
    mv "$dir/candidates.only" "$dir/candidates.tsv"
  done
  start=$(date +%s.%N)
  "$dir/run.sh" "$@" 2>&1 | while IFS= read -r line; do
    echo "$(date +%T) $line"
  done >"$OUT/$name.log"
  rc=${PIPESTATUS[0]}
  wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.0f", e - s }')
  cp "$dir/results.tsv" "$OUT/$name.results.tsv" 2>/dev/null
  timed=$(awk '!/^#/ && $4 == "timed"' "$dir/results.tsv" | wc -l)
  best=$(awk '!/^#/ && $11 == "pass" { print $1, $3, $9 }' "$dir/results.tsv")
  fastest=$(awk '!/^#/ && $4 == "timed" { print $9, $1 }' "$dir/results.tsv" | sort -gr | head -n1)
  table+=("$(printf '%-14s rc=%d wall %4d s  timed %3d  checked winner: %s  (fastest timed: %s)' \
    "$name" "$rc" "$wall" "$timed" "${best:-none}" "$fastest")")
done
echo "== tuning time: run.sh $*"
printf '%s\n' "${table[@]}" | tee "$OUT/table.txt"
