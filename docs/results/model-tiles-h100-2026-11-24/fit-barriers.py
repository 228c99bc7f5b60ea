#!/usr/bin/env python3
"""How well the model picks the fastest of plans timed side by side, under
variants of its residency and barrier terms.

The groups: every stencil and precision timed in one device call since
2026-11-23 (docs/results/*2026-11-23*/plans*.txt with their times.txt), and
perf run x's bT sweeps (docs/results/perf-h100-2026-11-23x). Plans ptxas
spilled are left out. For each plan, `stencilcc --plan-only --format=json`
gives the model's figures; the script recomputes the prediction under each
variant:
  - residency from the register estimate (the model before 2026-11-24) or
    from the cap of __launch_bounds__ (the model now);
  - eff_bar = 1 - k / resident blocks for plans with barriers, k = 0 (none)
    or k = 1/5, 1/4, 1/3, 1/2.5, 1/2;
and for each group takes the plan predicted fastest (of those the model
calls feasible) and divides its measured GCells/s by the group's best.
Prints the geometric mean of that ratio per variant, and how often each
residency rule matches the residency of ptxas's register count.
Run from the repository root after `ninja -C build` (about 3 minutes):
    python3 docs/results/model-tiles-h100-2026-11-24/fit-barriers.py
(It reads the timed plans through benchmarks/model_replay.py.)
"""
import collections, math, re, sys

sys.path.insert(0, 'benchmarks')
from model_replay import bt_sweeps, models as model_figures, side_by_side

R = 'docs/results'
W = 16  # warps to hide latency, as in the model

# (group, name, real, flags, measured, ptxas registers)
entries = (side_by_side(R + '/*2026-11-23*/plans*.txt') +
           bt_sweeps(R + '/perf-h100-2026-11-23x/*/times.txt'))
models = model_figures(entries)


def cap_of(m):
    t = m['threads']['per_block']
    b = re.search(r'--blocks-per-sm=(\d+)', m['flags'])
    r = re.search(r'--max-registers=(\d+)', m['flags'])
    if r:
        return (int(r.group(1)) + 7) // 8 * 8
    return min(255, 65536 // (t * (int(b.group(1)) if b else 1)) // 8 * 8)


def residency(m, registers):
    t = m['threads']['per_block']
    regs = (registers + 7) // 8 * 8
    res = min(2048 // t, 32, 65536 // (t * regs))
    if m['shared_bytes_per_block']:
        res = min(res, 228 * 1024 // (m['shared_bytes_per_block'] + 1024))
    return res


def predict(m, rule, k):
    res = max(1, residency(m, m['registers_per_thread'] if rule == 'estimate'
                           else cap_of(m)))
    t = m['threads']['per_block']
    slots = 132 * res
    eff = m['blocks'] / (math.ceil(m['blocks'] / slots) * slots)
    lat = min(1, res * t / 32 / W)
    bar = 1 - k / res if m['barriers_per_column'] > 0 else 1
    return eff * lat * bar / max(m['time_ns_per_cell'].values())


groups = collections.defaultdict(list)
for e, m in zip(entries, models):
    if m:
        groups[(e[0], e[1], e[2])].append((e, m))
groups = {k: v for k, v in groups.items() if len(v) >= 2}
plans = sum(len(v) for v in groups.values())
print(f'{len(groups)} groups, {plans} plans')
for rule, k in [('estimate', 0), ('cap', 0), ('cap', 1 / 5), ('cap', 1 / 4),
                ('cap', 1 / 3), ('cap', 1 / 2.5), ('cap', 1 / 2)]:
    log, n = 0.0, 0
    for v in groups.values():
        feasible = [x for x in v if x[1]['feasible']]
        if not feasible:
            continue
        best = max(e[4] for e, _ in v)
        pick = max(feasible, key=lambda x: predict(x[1], rule, k))
        log += math.log(pick[0][4] / best)
        n += 1
    print(f'residency from the {rule:8}  k = {k:.2f}: chosen / best '
          f'{math.exp(log / n):.3f} over {n} groups')
match = collections.Counter()
for e, m in zip(entries, models):
    if m and e[5]:
        actual = residency(m, e[5])
        match['estimate'] += residency(m, m['registers_per_thread']) == actual
        match['cap'] += residency(m, cap_of(m)) == actual
        match['plans'] += 1
print(f"residency of ptxas's registers matched: cap {match['cap']}, "
      f"estimate {match['estimate']}, of {match['plans']} plans")
