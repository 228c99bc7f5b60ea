#!/usr/bin/env python3
"""plan-cache-shapes.py: give each entry of a plan cache its shape key (and,
for single-update regions, the nearest-shape rule's family and operation
mix), and name the program it was tuned on relative to the repository.

Entries ingested before stencilcc recorded shapes (Planner/ShapeKey.h) have
a fingerprint only, so they match only the exact stencil they were tuned
on. This runs `stencilcc --analyze --format=json` over the programs the
entries were tuned from (benchmarks/stencils/*.c and benchmarks/stage/*.c,
in float and double), maps each fingerprint to its shape key and writes it
into the entries whose fingerprint it finds. Entries with a shape are left
as they are; those whose fingerprint no program has are reported. An
entry whose `stencil` is an absolute path (the machine that tuned it) is
renamed to the program that has its fingerprint, relative to the
repository (benchmarks/stencils/star2d1r.c:kernel_star2d1r).

    benchmarks/plan-cache-shapes.py [CACHE] [STENCILCC]
    (defaults: benchmarks/plan-cache.json, build/tools/stencilcc/stencilcc)
"""
import glob
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
cache_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, 'benchmarks/plan-cache.json')
stencilcc = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, 'build/tools/stencilcc/stencilcc')

shapes = {}
for pattern in ('benchmarks/stencils/*.c', 'benchmarks/stage/*.c'):
    for path in sorted(glob.glob(os.path.join(root, pattern))):
        for real in ('float', 'double'):
            run = subprocess.run([stencilcc, '--analyze', '--format=json', '-DREAL=' + real,
                                  '-I', os.path.join(root, 'benchmarks/stage'), path],
                                 capture_output=True, text=True)
            if run.returncode != 0:
                continue
            for region in json.loads(run.stdout)['regions']:
                shapes[region['fingerprint']] = (
                    region['shape_key'],
                    os.path.relpath(path, root) + ':' + region['function'],
                    region.get('shape_family'), region.get('operation_mix'))

with open(cache_path) as f:
    cache = json.load(f)
added = renamed = missing = 0
for entry in cache['plans']:
    known = shapes.get(entry['fingerprint'])
    if known and os.path.isabs(entry.get('stencil', '')):
        entry['stencil'] = known[1]
        renamed += 1
    if known and known[2] and not entry.get('family'):
        entry['family'], entry['operations'] = known[2], known[3]
        added += 1
    if entry.get('shape'):
        continue
    if known:
        entry['shape'] = known[0]
        added += 1
    else:
        missing += 1
        print(f"no program has fingerprint {entry['fingerprint']} ({entry.get('stencil', '?')}, {entry['element']})")
with open(cache_path + '.tmp', 'w') as f:
    json.dump(cache, f, indent=2, sort_keys=True)
    f.write('\n')
os.replace(cache_path + '.tmp', cache_path)
print(f"{cache_path}: {added} entries given a shape, {missing} without one, "
      f"{renamed} renamed to their program in the repository")
