#!/usr/bin/env python3
"""How well the model picks bT among the rules' plans, against the bT sweeps
measured in perf run x (docs/results/perf-h100-2026-11-23x, H100, 1000 steps).

For each radius-1 stencil and precision with a sweep, the model's prediction
of `stencilcc --bt=K` (no other plan option) at K = the swept degrees, and the
measured GCells/s. Prints, per sweep, the degree each selection picks and its
measured speed over the best swept degree, and the geometric means for:
  - rules:  the plan stencilcc compiled without options before (its own bT),
  - model:  the feasible degree the model (as built) predicts fastest.
Run from the repository root after `ninja -C build`:
    python3 docs/results/default-plan-h100-2026-11-23/fit-latency.py [RULES_BT.json]
RULES_BT.json maps "stencil real" to the rules' bT (default: the table below,
from `stencilcc --plan-only` at c5e87dc..f8f77b3).
"""
import glob, json, math, re, subprocess, sys

RULES_BT = {  # stencilcc at f8f77b3 without plan options (rules' bT)
    'star2d1r float': 8, 'star2d1r double': 8, 'box2d1r float': 6,
    'box2d1r double': 6, 'j2d5pt float': 8, 'j2d5pt double': 8,
    'j2d9pt-gol float': 6, 'j2d9pt-gol double': 6, 'gradient2d float': 8,
    'gradient2d double': 8, 'star3d1r float': 4, 'star3d1r double': 3,
    'box3d1r float': 3, 'box3d1r double': 1, 'j3d27pt float': 3,
    'j3d27pt double': 1}
if len(sys.argv) > 1:
    RULES_BT = json.load(open(sys.argv[1]))
S = 'build/tools/stencilcc/stencilcc'
meas = {}
for f in glob.glob('docs/results/perf-h100-2026-11-23x/*/times.txt'):
    for line in open(f):
        kv = dict(x.split('=', 1) for x in line.split()[1:])
        meas[kv['stem']] = float(kv['gcells'])
model_log = rules_log = 0.0
n = 0
for key, rbt in RULES_BT.items():
    name, real = key.split()
    pts = []
    for bt in range(1, 17):
        stem = f'{name}_{real}_' + ('bt1' if bt == 1 else f'btsweep{bt}')
        if stem not in meas:
            continue
        out = subprocess.run(
            [S, '--plan-only', '--format=json', '--top=0', f'--bt={bt}',
             f'benchmarks/stencils/{name}.c', f'-DREAL={real}'],
            capture_output=True, text=True, check=True).stdout
        d = json.loads(out)['regions'][0]['default']
        pts.append((bt, meas[stem], d['gcells_per_s'], d['feasible']))
    best = max(m for _, m, _, _ in pts)
    pick = max((p for p in pts if p[3]), key=lambda p: p[2])
    rule = [p for p in pts if p[0] == rbt][0]
    model_log += math.log(pick[1] / best)
    rules_log += math.log(rule[1] / best)
    n += 1
    print(f'{key:18} model bT={pick[0]:2} {pick[1] / best:.2f}   '
          f'rules bT={rbt:2} {rule[1] / best:.2f}')
print(f'geometric mean over {n} sweeps, measured / best swept degree: '
      f'model {math.exp(model_log / n):.3f}, rules {math.exp(rules_log / n):.3f}')
