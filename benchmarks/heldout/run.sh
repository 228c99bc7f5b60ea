#!/usr/bin/env bash
# run.sh: build, check and time the held-out suite's programs on the GPU
# machine (benchmarks/heldout/generate.py writes them here first; carry
# benchmarks/heldout/gen). Prints a short table last.
#
#   benchmarks/heldout/run.sh [--build-only | --time-only] [--steps N] [--reps N]
#                             [--deadline S] [--filter REGEX]
#
#   (default)      build (nvcc -O3 -arch=sm_90 -Xptxas -v, 16 at a time), check
#                  each program against its C text (its own edge cases), then
#                  time every program that passed
#   --build-only   build and check; no timing
#   --time-only    time only (programs built and checked by an earlier call on
#                  this machine; a later call times what an earlier one left)
#   --steps N      time steps of a timing (default 200); --reps N timed runs
#                  after a warm-up, the median kept (default 3)
#   --deadline S   start nothing after S seconds (default 500)
# Timing sizes: 1D 268435456 cells, 2D 16384^2, 3D 512^3 (the anchors' sizes).
# Builds go to $HELDOUT_BUILD (default /tmp/stencilcc-heldout), kept between
# calls; logs and table.txt to $OUT (default $HELDOUT_BUILD/out).
# Table: per stencil and precision, GCells/s of default (what stencilcc
# compiles without options), model (--plan-cache=none), naive, and fastmath
# where there is one; AN5D's H100 figure for the matching Table-3 shape
# (benchmarks/anchors.tsv); the ratios; the model's bound for the default plan.
# Programs whose code is the same but for comments (a default that is the
# naive kernel, say) are timed once: the others take that timing, and their
# ratio to it prints as "=" (1 by construction).
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
GEN=$HERE/gen
BUILD=${HELDOUT_BUILD:-/tmp/stencilcc-heldout}
OUT=${OUT:-$BUILD/out}
STEPS=200 REPS=3 DEADLINE=500 FILTER= MODE=all
while [[ $# -gt 0 ]]; do
  case $1 in
    --build-only) MODE=build ;;
    --time-only) MODE=time ;;
    --steps) STEPS=$2; shift ;;
    --reps) REPS=$2; shift ;;
    --deadline) DEADLINE=$2; shift ;;
    --filter) FILTER=$2; shift ;;
    *) echo "usage: run.sh [--build-only|--time-only] [--steps N] [--reps N] [--deadline S] [--filter REGEX]" >&2; exit 2 ;;
  esac
  shift
done
[[ -f $GEN/manifest.tsv ]] || { echo "run.sh: no $GEN/manifest.tsv (run generate.py first)" >&2; exit 2; }
PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$BUILD" "$OUT"
stems=$(tail -n +2 "$GEN/manifest.tsv" | awk -F'\t' '{ print $1 "-" $2 "-" $3 }' | grep -E -- "${FILTER:-.}")

if [[ $MODE != time ]]; then
  build() { # stem
    local s=$1
    if nvcc -O3 -arch=sm_90 -Xptxas -v -o "$BUILD/$s" "$GEN/$s.cu" >"$BUILD/$s.build.log" 2>&1; then
      echo "BUILT $s"
    else
      echo "BUILD-FAIL $s"
    fi
  }
  export -f build; export GEN BUILD
  echo "$stems" | xargs -P 16 -I{} bash -c 'build {}' >"$OUT/build.txt"
  echo "built $(grep -c '^BUILT' "$OUT/build.txt") of $(echo "$stems" | wc -l) at $SECONDS s"
  cat "$BUILD"/*.build.log >"$OUT/compile.txt"
  : >"$BUILD/checks.txt"
  for s in $stems; do
    [[ -x $BUILD/$s ]] || { echo "$s NOT-BUILT" >>"$BUILD/checks.txt"; continue; }
    (( SECONDS > DEADLINE )) && { echo "$s NOT-CHECKED (deadline)" >>"$BUILD/checks.txt"; continue; }
    if timeout 120 "$BUILD/$s" >"$BUILD/$s.check.log" 2>&1; then
      echo "$s PASS $(tail -n 1 "$BUILD/$s.check.log")" >>"$BUILD/checks.txt"
      touch "$BUILD/$s.passed"
    else
      echo "$s FAIL $(tail -n 1 "$BUILD/$s.check.log")" >>"$BUILD/checks.txt"
      grep -E '^FAIL' "$BUILD/$s.check.log" | head -n 5 >>"$BUILD/checks.txt"
    fi
  done
  echo "checked at $SECONDS s: $(grep -c ' PASS ' "$BUILD/checks.txt") passed, $(grep -c ' FAIL ' "$BUILD/checks.txt") failed"
  : >"$BUILD/times.txt"
fi

# Timings accumulate in $BUILD/times.txt over --time-only calls: a call
# times the programs the calls before it left untimed.
if [[ $MODE != build ]]; then
  touch "$BUILD/times.txt"
  declare -A timed_code=()
  for s in $stems; do
    [[ -f $BUILD/$s.passed ]] || continue
    code=$(grep -v '^[[:space:]]*//' "$GEN/$s.cu" | sha1sum | cut -d' ' -f1)
    grep -q "^$s TIME" "$BUILD/times.txt" && { timed_code[$code]=${timed_code[$code]:-$s}; continue; }
    if [[ -n ${timed_code[$code]:-} ]]; then
      first=${timed_code[$code]}
      line=$(grep -m1 "^$first " "$BUILD/times.txt" | cut -d' ' -f2-)
      [[ $line == TIME* ]] && { echo "$s $line same-code-as=$first" >>"$BUILD/times.txt"; continue; }
    fi
    (( SECONDS > DEADLINE )) && { echo "untimed (deadline): $s"; continue; }
    dims=$(awk -F'\t' -v s="$s" '$1 "-" $2 "-" $3 == s { print $4 }' "$GEN/manifest.tsv")
    n=$(case $dims in 1) echo 268435456 ;; 2) echo 16384 ;; *) echo 512 ;; esac)
    line=$(timeout 180 "$BUILD/$s" --time --n="$n" --steps="$STEPS" --reps="$REPS" 2>&1 | grep -m1 '^TIME')
    echo "$s ${line:-TIME-FAIL}" >>"$BUILD/times.txt"
    [[ -n $line ]] && timed_code[$code]=${timed_code[$code]:-$s}
  done
  echo "timed at $SECONDS s: $(grep -c ' TIME ' "$BUILD/times.txt") programs timed in all"
fi
cp "$BUILD/checks.txt" "$BUILD/times.txt" "$OUT/" 2>/dev/null

# The table, from the manifest, the checks and the times.
python3 - "$GEN/manifest.tsv" "$OUT/checks.txt" "$OUT/times.txt" "$HERE/../anchors.tsv" "$STEPS" <<'EOF' | tee "$OUT/table.txt"
import math, re, sys
manifest, checks, times, anchors, steps = sys.argv[1:]
rows = [l.rstrip('\n').split('\t') for l in open(manifest)][1:]
status = {}
for l in open(checks):
    f = l.split()
    if len(f) > 1 and f[1] in ('PASS', 'FAIL', 'NOT-BUILT'):
        status[f[0]] = f[1]
gcells = {}
same = {}  # stem -> the stem whose timing it took (the same code)
try:
    for l in open(times):
        m = re.search(r'g(?:cells|points)_per_s=([0-9.]+)', l)
        if m:
            gcells[l.split()[0]] = float(m.group(1))
        m = re.search(r'same-code-as=(\S+)', l)
        if m:
            same[l.split()[0]] = m.group(1)
except FileNotFoundError:
    pass
an5d = {}
for l in open(anchors):
    f = l.rstrip('\n').split('\t')
    if f[0] and not f[0].startswith('#') and f[0] != 'stencil':
        an5d[(f[0], 'float')] = float(f[1]) if f[1] != '-' else None
        an5d[(f[0], 'double')] = float(f[5]) if f[5] != '-' else None
keys = []
info = {}
for name, real, plan, dims, anchor, plan_line, origin, bound in rows:
    if (name, real) not in info:
        keys.append((name, real))
        info[(name, real)] = {'anchor': anchor}
    info[(name, real)][plan] = (plan_line, origin, bound)
def g(name, real, plan):
    return gcells.get(f'{name}-{real}-{plan}')
fmt = lambda x: '-' if x is None else ('%.1f' % x if x < 100 else '%.0f' % x)
ratio = lambda a, b: '-' if a is None or b is None or b == 0 else '%.2f' % (a / b)
def same_code(name, real, p, q):
    a, b = f'{name}-{real}-{p}', f'{name}-{real}-{q}'
    return same.get(a, a) == same.get(b, b)
def vs_naive(name, real, p, x, n):
    return '=' if x is not None and n is not None and same_code(name, real, p, 'naive') else ratio(x, n)
print(f'held-out suite: GCells/s ({steps} steps; 1D 2^28, 2D 16384^2, 3D 512^3); default = no plan options')
print('%-16s %-6s %8s %8s %8s %8s %8s | %7s %7s %7s | %8s  %s' % (
    'stencil', 'real', 'default', 'model', 'naive', 'fastmath', 'AN5D', 'def/AN5D', 'def/nai', 'mod/nai', 'bound', 'default plan (origin)'))
failed = [s for s, v in status.items() if v != 'PASS']
per_real = {'float': [], 'double': []}
for name, real in keys:
    i = info[(name, real)]
    d, m, n, fm = (g(name, real, p) for p in ('default', 'model', 'naive', 'fastmath'))
    a = an5d.get((i['anchor'], 'float' if real == 'fixed' else real))
    best = max([x for x in (d, fm) if x is not None], default=None) if 'fastmath' in i else d
    # The bars count the 21 Table-3 shapes (a stencil named as its anchor);
    # the others' anchor is a nearby shape, for scale only.
    if a and best and name == i['anchor'] and real in per_real:
        per_real[real].append(best / a)
    plan_line, origin, bound = i.get('default', ('-', '-', '-'))
    print('%-16s %-6s %8s %8s %8s %8s %8s | %7s %7s %7s | %8s  %s (%s)' % (
        name, real, fmt(d), fmt(m), fmt(n), fmt(fm), fmt(a), ratio(fm if fm and (not d or fm > d) and 'fastmath' in i else d, a),
        vs_naive(name, real, 'default', d, n), vs_naive(name, real, 'model', m, n), bound, plan_line[:60],
        origin[:50] if origin != '-' else 'model'))
for real, r in per_real.items():
    if r:
        gm = math.exp(sum(map(math.log, r)) / len(r))
        print(f'{real}: geometric mean against AN5D {gm:.2f}x over {len(r)} Table-3 shapes, lowest {min(r):.2f}x')
print('=: the same code as the naive program (comments aside), timed once')
print(f'checks: {sum(v == "PASS" for v in status.values())} programs passed, {len(failed)} failed or not built' +
      (': ' + ' '.join(sorted(failed)) if failed else ''))
EOF
