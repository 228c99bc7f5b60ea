#!/usr/bin/env bash
# run.sh: on a GPU machine, builds the --emit-test self-checks that
# generate.sh wrote into gen/ (the inputs this session's frontend and stage
# host-code changes added: padded state buffers, 1D plain pointers,
# fixed-row extents, temporaries, inlined functions) with nvcc, runs each
# against its C loop on the GPU, and prints one line per program, then a
# table. Logs under $OUT. gen/ is ignored by git: the device call carries
# it (run tool: carry ["benchmarks/new-forms-check/gen"]).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT"
for cu in "$HERE"/gen/*.cu; do
  n=$(basename "$cu" .cu)
  nvcc -O3 -arch=sm_90 -w "$cu" -o "$OUT/$n" >"$OUT/$n.build.log" 2>&1 &
done
wait
table=()
for cu in "$HERE"/gen/*.cu; do
  n=$(basename "$cu" .cu)
  if [[ ! -x $OUT/$n ]]; then table+=("$n: build failed"); continue; fi
  timeout 60 "$OUT/$n" >"$OUT/$n.txt" 2>&1
  table+=("$n: $(tail -n1 "$OUT/$n.txt")")
  rm -f "$OUT/$n"
done
echo "== $(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)"
printf '%s\n' "${table[@]}"
