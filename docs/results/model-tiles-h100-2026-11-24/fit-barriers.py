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
"""
import collections, glob, json, math, os, re, subprocess
from concurrent.futures import ThreadPoolExecutor

R = 'docs/results'
S = 'build/tools/stencilcc/stencilcc'
W = 16  # warps to hide latency, as in the model


def model(name, real, flags):
    p = subprocess.run([S, '--plan-only', '--format=json', '--top=0'] + flags +
                       [f'benchmarks/stencils/{name}.c', f'-DREAL={real}'],
                       capture_output=True, text=True)
    if p.returncode:
        return None
    d = json.loads(p.stdout)['regions'][0]['default']
    return d if 'time_ns_per_cell' in d else None


def times(path):
    t = {}
    for line in open(path):
        kv = dict(x.split('=', 1) for x in line.split()[1:] if '=' in x)
        if 'stem' in kv:
            t[kv['stem']] = float(kv['gcells'])
    return t


entries = []  # (group, name, real, flags, measured, ptxas registers)
for pf in sorted(glob.glob(R + '/*2026-11-23*/plans*.txt')):
    d = os.path.dirname(pf)
    suf = re.match(r'plans(-?\w*)\.txt', os.path.basename(pf)).group(1)
    run = next((c for c in ([d + '/run' + suf, d + '/run' + suf + '2', d]
                            if suf else [d + '/run', d])
                if os.path.exists(c + '/times.txt')), None)
    if not run:
        continue
    t = times(run + '/times.txt')
    regs = {}
    for line in open(run + '/status.txt'):
        m = re.match(r'(\S+) \|.*regs=(\d+) spill=(\d+)', line)
        if m:
            regs[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    for line in open(pf):
        f = line.split()
        if len(f) < 4 or f[0].startswith('#'):
            continue
        stem = '_'.join(f[:3])
        if stem in t and regs.get(stem, (0, 0))[1] == 0:
            entries.append((run, f[0], f[1], f[3:], t[stem], regs.get(stem, (0, 0))[0]))
for path in glob.glob(R + '/perf-h100-2026-11-23x/*/times.txt'):
    for stem, g in times(path).items():
        m = re.match(r'(.+)_(float|double)_(bt1|btsweep(\d+))$', stem)
        if m:
            entries.append(('perf-x-sweep', m.group(1), m.group(2),
                            [f'--bt={m.group(4) or 1}'], g, 0))

with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
    models = list(ex.map(lambda e: model(e[1], e[2], e[3]), entries))


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
