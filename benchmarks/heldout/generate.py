#!/usr/bin/env python3
"""generate.py: the held-out suite's programs, here (needs stencilcc); then
run.sh on the GPU machine builds, checks and times them.

    benchmarks/heldout/generate.py [--filter REGEX] [--jobs N]

For every stencil of suite.txt, in float and double, three `--emit-test`
programs (each checks the generated code against its C text, and with
`--time` times it):
    default   what stencilcc compiles without plan options: the built-in
              database's entry where the shape matches one, else the model
    model     --plan-cache=none: the model's default, no database
    naive     --naive: one plain kernel per time step
and `fastmath` (the default's plan with --fast-math) for a stencil that
calls sqrt: AN5D's CUDA takes sqrt(float) where C computes in double.
Also, not held out, the README's worked example (examples/j2d5pt.c, float).
Writes benchmarks/heldout/gen/ (ignored by git; carry it to the device):
    <name>-<real>-<plan>.cu
    manifest.tsv   name real plan dims anchor plan_line origin_line model_gcells
                   (model_gcells: `--plan-only`'s prediction for the plan, the
                   smallest of its compute, global and shared-memory bounds;
                   '-' where --plan-only has none: naive plans, stage regions)
    skipped.tsv    a program stencilcc refused, with its first error line
This suite is never used to tune, to fit the model or to build the database:
test/heldout/check-database.py fails if the database holds an entry tuned
from it.
"""
import argparse, concurrent.futures, json, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STENCILCC = os.environ.get('STENCILCC', os.path.join(ROOT, 'build/tools/stencilcc/stencilcc'))
GEN = os.path.join(HERE, 'gen')
PLANS = {'default': [], 'model': ['--plan-cache=none'], 'naive': ['--naive']}


# Not held out, timed beside the suite: the README's worked example.
EXAMPLES = {'example-j2d5pt': os.path.join(ROOT, 'examples/j2d5pt.c')}


def suite():
    for line in open(os.path.join(HERE, 'suite.txt')):
        fields = line.split()
        if fields and not fields[0].startswith('#'):
            name, dims, _radius, anchor = fields[:4]
            yield name, int(dims), anchor
    yield 'example-j2d5pt', 2, 'j2d5pt'


def source_of(name):
    return EXAMPLES.get(name, os.path.join(HERE, name + '.c'))


def header_line(path, prefix):
    """The first line that starts with prefix, less the prefix; a stage-form
    plan line with its next line (the sweeps per launch)."""
    with open(path) as f:
        lines = iter(f)
        for line in lines:
            if line.startswith(prefix):
                text = line[len(prefix):].strip()
                if text.startswith('temporal blocking of the stage form'):
                    text = 'stage form, ' + next(lines, '').strip('/ \n')
                return text
    return '-'


def model_gcells(source, flags):
    r = subprocess.run([STENCILCC, '--plan-only', '--format=json', source] + flags,
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        return '-'
    try:
        g = json.loads(r.stdout)['regions'][0]['default']['gcells_per_s']
        return '%.1f' % g
    except (KeyError, IndexError, ValueError, TypeError):
        return '-'


def generate(job):
    name, dims, anchor, real, plan, flags = job
    source = os.path.relpath(source_of(name), ROOT)
    out = os.path.join(GEN, f'{name}-{real}-{plan}.cu')
    real_flags = [] if real == 'fixed' else [f'-DREAL={real}']
    args = [STENCILCC, '--emit-test'] + real_flags + [source, '-o', out] + flags
    r = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if r.returncode != 0:
        error = next((l for l in r.stderr.splitlines() if 'error' in l), r.stderr.strip()[:200])
        return None, (name, real, plan, error)
    plan_line = header_line(out, '// plan:')
    origin = header_line(out, '// plan from ')
    predicted = '-' if plan == 'naive' else model_gcells(source, real_flags + flags)
    return (name, real, plan, str(dims), anchor, plan_line, origin, predicted), None


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('--filter', default='')
    p.add_argument('--jobs', type=int, default=2)
    a = p.parse_args()
    os.makedirs(GEN, exist_ok=True)
    for f in os.listdir(GEN):
        os.remove(os.path.join(GEN, f))
    jobs = []
    for name, dims, anchor in suite():
        if not re.search(a.filter, name):
            continue
        text = open(source_of(name)).read()
        calls_sqrt = re.search(r'\bsqrtf?\s*\(', text)
        # A stencil of fixed element type (an integer Game of Life): once.
        reals = ('float', 'double') if re.search(r'#\s*define\s+REAL\b', text) else ('fixed',)
        for real in ('float',) if name in EXAMPLES else reals:
            plans = dict(PLANS)
            if calls_sqrt:
                plans['fastmath'] = ['--fast-math']
            for plan, flags in plans.items():
                jobs.append((name, dims, anchor, real, plan, flags))
    rows, skipped = [], []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for row, skip in pool.map(generate, jobs):
            (rows if row else skipped).append(row or skip)
            print('\t'.join((row or skip)[:3]), 'ok' if row else 'SKIPPED: ' + skip[3], flush=True)
    with open(os.path.join(GEN, 'manifest.tsv'), 'w') as f:
        f.write('name\treal\tplan\tdims\tanchor\tplan_line\torigin\tmodel_gcells\n')
        for row in rows:
            f.write('\t'.join(row) + '\n')
    with open(os.path.join(GEN, 'skipped.tsv'), 'w') as f:
        for row in skipped:
            f.write('\t'.join(row) + '\n')
    print(f'{len(rows)} programs, {len(skipped)} skipped; benchmarks/heldout/gen/')
    return 1 if skipped else 0


if __name__ == '__main__':
    sys.exit(main())
