#!/usr/bin/env python3
"""Would softer wave terms let the model choose h_SN? Replays the model's
choice over every group of plans timed side by side in one device call since
2026-11-22 (docs/results/*2026-11-2[234]*/plans*.txt with their times.txt),
plus the bT sweeps of the perf runs since 2026-11-23. Plans ptxas spilled are
left out. For each plan, `stencilcc --plan-only --format=json` gives the
model's figures; the prediction is recomputed with the SM-efficiency term
replaced by:
  slot  whole waves of block slots (the model: n = blocks / (SMs x resident),
        n / ceil(n))
  sm    whole waves per SM (n = blocks / SMs)
  none  only a first wave short of the slots counts
  soft  a tail of k blocks: n / (n + k) past the first wave
and optionally times L / (L + o) for a fixed cost of o planes per stream block
of L planes. Per group it takes the plan predicted fastest (of those the model
calls feasible) and divides its measured GCells/s by the group's best; prints
the geometric mean per variant, over all groups and over run f alone.
Run from the repository root after `ninja -C build` (about 2 minutes):
    python3 docs/results/model-rank1-h100-2026-11-24/fit-waves.py
"""
import collections, math, re, sys

sys.path.insert(0, 'benchmarks')
from model_replay import bt_sweeps, models as model_figures, side_by_side

R = 'docs/results'
SMS = 132

# (group, name, real, flags, measured GCells/s, ptxas registers)
entries = (side_by_side(R + '/*2026-11-2[234]*/plans*.txt') +
           bt_sweeps(R + '/perf-h100-2026-11-2[34]*/*/times.txt'))
models = model_figures(entries)


def efficiency(m, variant, k):
    blocks, res = m['blocks'], max(1, m['resident_blocks_per_sm'])
    n = blocks / (SMS * res)
    if variant == 'slot':
        return n / math.ceil(n)
    if variant == 'sm':
        return blocks / SMS / math.ceil(blocks / SMS)
    if variant == 'none':
        return min(1, n)
    return n if n <= 1 else n / (n + k)  # soft


def predict(m, variant, k, o):
    if m['sm_efficiency'] <= 0:
        return 0
    p = m['gcells_per_s'] / m['sm_efficiency'] * efficiency(m, variant, k)
    sl = re.search(r'--sl=(\d+)', m['flags'])
    if o and sl:
        three_d = 'x' in re.search(r'--bs=(\S+)', m['flags']).group(1)
        length = min(int(sl.group(1)), 512 if three_d else 16384)
        p *= length / (length + o)
    return p


groups = collections.defaultdict(list)
for e, m in zip(entries, models):
    if m:
        groups[(e[0], e[1], e[2])].append((e, m))
groups = {g: v for g, v in groups.items() if len(v) >= 2}
print(f'{len(groups)} groups, {sum(len(v) for v in groups.values())} plans')


def score(variant, k, o, only=None):
    log, n = 0.0, 0
    for g, v in groups.items():
        if only and only not in g[0]:
            continue
        feasible = [x for x in v if x[1]['feasible']]
        if not feasible:
            continue
        best = max(e[4] for e, _ in v)
        pick = max(feasible, key=lambda x: predict(x[1], variant, k, o))
        log += math.log(pick[0][4] / best)
        n += 1
    return math.exp(log / n), n


for variant, k in [('slot', 0), ('sm', 0), ('none', 0), ('soft', 0.1),
                   ('soft', 0.2), ('soft', 0.3), ('soft', 0.5)]:
    for o in [0, 4, 8, 16, 32]:
        a, n = score(variant, k, o)
        f, nf = score(variant, k, o, 'model-rank1-h100-2026-11-24')
        print(f'{variant:5} k={k:.1f} o={o:2d}: chosen / best {a:.4f} over {n} '
              f'groups; run f alone {f:.4f} over {nf}')
