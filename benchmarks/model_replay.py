"""The performance model's figures for plans already timed on the GPU.

Fit scripts replay the model's choice over groups of plans timed side by
side in one device call (a results folder's plans*.txt and the run folder
beside it) to test a change of the model before it is made (those of
2026-11-24 are in git history: docs/changelog.md). This module reads those groups and asks `stencilcc --plan-only` for
each plan's figures. Run the scripts from the repository root after
`ninja -C build`.
"""
import glob
import json
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

STENCILCC = 'build/tools/stencilcc/stencilcc'


def model(name, real, flags):
    """The model's JSON for suite stencil `name` under `flags`, or None where
    stencilcc rejects the plan or does not model it."""
    p = subprocess.run([STENCILCC, '--plan-only', '--format=json', '--top=0'] +
                       flags + [f'benchmarks/stencils/{name}.c', f'-DREAL={real}'],
                       capture_output=True, text=True)
    if p.returncode:
        return None
    d = json.loads(p.stdout)['regions'][0]['default']
    return d if 'time_ns_per_cell' in d else None


def times(path):
    """GCells/s per entry stem of a run folder's times.txt."""
    t = {}
    for line in open(path):
        kv = dict(x.split('=', 1) for x in line.split()[1:] if '=' in x)
        if 'stem' in kv:
            t[kv['stem']] = float(kv['gcells'])
    return t


def side_by_side(plan_lists):
    """(run folder, stencil, real, flags, GCells/s, ptxas registers) for every
    plan of the lists matching the glob `plan_lists` that was timed and not
    spilled. plans-X.txt pairs with run-X (or run-X2, or its own folder),
    plans.txt with run, run1 or its own folder; registers are 0 where the
    run has no status.txt."""
    entries = []
    for pf in sorted(glob.glob(plan_lists)):
        d = os.path.dirname(pf)
        suf = re.match(r'plans(-?\w*)\.txt', os.path.basename(pf)).group(1)
        cands = ([d + '/run' + suf, d + '/run' + suf + '2', d] if suf
                 else [d + '/run', d + '/run1', d])
        run = next((c for c in cands if os.path.exists(c + '/times.txt')), None)
        if not run:
            continue
        t = times(run + '/times.txt')
        regs = {}
        if os.path.exists(run + '/status.txt'):
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
                entries.append((run, f[0], f[1], f[3:], t[stem],
                                regs.get(stem, (0, 0))[0]))
    return entries


def bt_sweeps(times_files):
    """The bT=1 and bT-sweep entries of the perf runs' times.txt files matching
    the glob `times_files`, as (file, stencil, real, ['--bt=K'], GCells/s, 0)."""
    entries = []
    for path in glob.glob(times_files):
        for stem, g in times(path).items():
            m = re.match(r'(.+)_(float|double)_(bt1|btsweep(\d+))$', stem)
            if m:
                entries.append((path, m.group(1), m.group(2),
                                [f'--bt={m.group(4) or 1}'], g, 0))
    return entries


def models(entries):
    """model() of each entry, in parallel."""
    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        return list(ex.map(lambda e: model(e[1], e[2], e[3]), entries))
