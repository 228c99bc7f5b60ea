#!/usr/bin/env python3
"""check-database.py STENCILCC SOURCE_DIR [DATABASE]: the held-out suite
(benchmarks/heldout/) stays held out of the database of tuned plans that
ships inside stencilcc (benchmarks/plan-cache.json, compiled in).

Fails when an entry of the database
  - names a held-out file as the stencil it was tuned on, or
  - has the fingerprint of a held-out stencil (in either precision): the
    fingerprint covers coefficients and all, so only tuning that very
    stencil makes one, or
  - has the shape key of a held-out stencil without naming, as its origin,
    a file of the repository outside benchmarks/heldout/ that exists and
    has that shape itself (a shape may match: that is how the database's
    plans transfer, but only from a stencil it was tuned on),
and when `--analyze` does not give a key for every held-out stencil.
DATABASE (default benchmarks/plan-cache.json) lets a test hand it a
database that must fail.
Prints one line per held-out stencil and precision, then the verdict.
"""
import json, os, subprocess, sys

stencilcc, root = sys.argv[1], os.path.abspath(sys.argv[2])
database = sys.argv[3] if len(sys.argv) > 3 else os.path.join(root, 'benchmarks', 'plan-cache.json')
heldout = os.path.join(root, 'benchmarks', 'heldout')
names = [l.split()[0] for l in open(os.path.join(heldout, 'suite.txt'))
         if l.split() and not l.startswith('#')]
if len(names) < 31:
    sys.exit(f'FAIL: benchmarks/heldout/suite.txt lists {len(names)} stencils (at least 31)')


def keys(path, real):
    r = subprocess.run([stencilcc, '--analyze', '--format=json', f'-DREAL={real}', path],
                       capture_output=True, text=True, cwd=root)
    if r.returncode != 0:
        return None
    regions = json.loads(r.stdout)['regions']
    return [(g['fingerprint'], g['shape_key']) for g in regions]


db = json.load(open(database))['plans']
problems = []
held_fingerprints, held_shapes = {}, {}
for name in names:
    rel = f'benchmarks/heldout/{name}.c'
    for real in ('float', 'double'):
        k = keys(os.path.join(root, rel), real)
        if not k:
            problems.append(f'{rel} ({real}): stencilcc --analyze gave no keys')
            continue
        for fingerprint, shape in k:
            held_fingerprints[fingerprint] = f'{rel} ({real})'
            held_shapes.setdefault(shape, f'{rel} ({real})')
            print(f'{rel} {real}: fingerprint {fingerprint}, {shape}')

origin_shapes = {}
for e in db:
    origin = e.get('stencil', '')
    path = origin.split(':')[0]
    where = f"database entry {e.get('fingerprint')} ({origin or 'no stencil named'})"
    if os.path.abspath(os.path.join(root, path)).startswith(heldout + os.sep):
        problems.append(f'{where}: tuned on a held-out file')
    if e.get('fingerprint') in held_fingerprints:
        problems.append(f'{where}: the fingerprint of {held_fingerprints[e["fingerprint"]]}')
    shape = e.get('shape')
    if shape in held_shapes:
        # A match must come from the file the entry names, tuned there.
        if not path or not os.path.isfile(os.path.join(root, path)):
            problems.append(f'{where}: the shape of {held_shapes[shape]}, and no origin file')
            continue
        if path not in origin_shapes:
            origin_shapes[path] = {s for real in ('float', 'double')
                                   for _, s in (keys(os.path.join(root, path), real) or [])}
        if shape not in origin_shapes[path]:
            problems.append(f'{where}: the shape of {held_shapes[shape]}, not of {path}')

for p in problems:
    print('FAIL:', p)
print(f'{len(names)} held-out stencils, {len(held_fingerprints)} fingerprints, '
      f'{len(held_shapes)} shapes; {len(db)} database entries; {len(problems)} problems')
sys.exit(1 if problems else 0)
