#!/usr/bin/env python3
"""Every stencil of radius 1 to 24 compiles without plan options.

A star and a box of each radius in 1D, 2D and 3D, in float and double (240
inputs). Two stages, run together or apart (stencilcc runs where Clang
is, nvcc where there are cores: the GPU machine has 16):

  sweep.py plan STENCILCC WORK_DIR [--jobs N] [--radii LIST] [--filter RE]
                [--exclude RE]
      writes each input, runs `stencilcc --plan-cache=none` on it (the
      default search: the built-in database's tuned plans are measured
      ones, which may carry a few bytes of spill that timed fastest) and
      requires a `.cu` with a plan line;
  sweep.py nvcc WORK_DIR [--nvcc NVCC] [--jobs N] [--filter RE]
                [--timeout S]
      builds every `.cu` of WORK_DIR with `nvcc -arch=sm_90 -O3 -Xptxas -v -cubin`
      and requires no spill (and each build done within S seconds);
  sweep.py both STENCILCC WORK_DIR [...]: the two in turn.

Prints one line per input and a closing count; exits 1 on any failure.
--radii takes `1-24` (the default) or a comma list (`1,8,24`); --filter
keeps the inputs whose name (`box3d7r-double`) matches, --exclude drops
those that match.
"""
import argparse
import concurrent.futures
import itertools
import os
import re
import subprocess
import sys
import time


def stencil_source(dims, radius, shape, real):
    """A weighted sum over the star or box of `radius`; weights differ per
    term so no two reads fold together."""
    idx = 'ijk'[:dims]
    offsets = [o for o in itertools.product(range(-radius, radius + 1),
                                            repeat=dims)
               if shape == 'box' or sum(1 for x in o if x) <= 1]
    weight = 0.9 / len(offsets)

    def sub(o):
        return ''.join('[%s%s]' % (idx[d], ('%+d' % o[d]) if o[d] else '')
                       for d in range(dims))
    terms = '\n        + '.join(
        '(%s)%.7f * A[t %% 2]%s' % (real, weight * (1 + 0.001 * (k % 7)),
                                    sub(o))
        for k, o in enumerate(offsets))
    ext = '[n]' * dims
    loops = ''.join('    for (int %s = %d; %s < n - %d; %s++)\n'
                    % (idx[d], radius, idx[d], radius, idx[d])
                    for d in range(dims))
    return (f'void sweep(int n, int steps, {real} A[2]{ext})\n{{\n'
            f'#pragma scop\n  for (int t = 0; t < steps; t++)\n{loops}'
            f'      A[(t + 1) % 2]{sub([0] * dims)} =\n          {terms};\n'
            f'#pragma endscop\n}}\n')


def parse_radii(text):
    if '-' in text:
        lo, hi = text.split('-')
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(',')]


def plan_one(args, name, source):
    src = os.path.join(args.work_dir, name + '.c')
    cu = os.path.join(args.work_dir, name + '.cu')
    with open(src, 'w') as f:
        f.write(source)
    if os.path.exists(cu):
        os.remove(cu)
    start = time.time()
    p = subprocess.run([args.stencilcc, '--plan-cache=none', src, '-o', cu],
                       capture_output=True, text=True)
    seconds = time.time() - start
    if p.returncode != 0 or not os.path.exists(cu):
        return name, False, 'stencilcc failed: ' + (p.stderr.strip() or
                                                    'no output')[-400:]
    with open(cu) as f:
        plan = next((line[len('// plan: '):].strip() for line in f
                     if line.startswith('// plan: ')), '')
    if not plan:
        return name, False, 'no plan line in ' + cu
    return name, True, 'stencilcc %.1fs: %s' % (seconds, plan)


def nvcc_one(args, name):
    cu = os.path.join(args.work_dir, name + '.cu')
    start = time.time()
    try:
        # The device code alone: what spills is there (the host code is
        # the emitter's usual, compiled whole by test/nvcc).
        p = subprocess.run([args.nvcc, '-arch=sm_90', '-O3', '-Xptxas', '-v',
                            '-cubin', cu, '-o', cu + '.cubin'],
                           capture_output=True, text=True,
                           timeout=args.timeout or None)
    except subprocess.TimeoutExpired:
        return name, False, 'nvcc still building after %d s' % args.timeout
    seconds = time.time() - start
    if p.returncode != 0:
        return name, False, 'nvcc failed: ' + p.stderr.strip()[-400:]
    os.remove(cu + '.cubin')
    spills = [int(m) for m in re.findall(r'(\d+) bytes spill stores',
                                         p.stderr)]
    regs = [int(m) for m in re.findall(r'Used (\d+) registers', p.stderr)]
    note = 'nvcc %.0fs, %d registers' % (seconds, max(regs, default=0))
    if any(spills):
        return name, False, note + ', %d bytes spilled' % max(spills)
    return name, True, note + ', no spill'


def inputs(args):
    names = []
    for dims in (1, 2, 3):
        for shape in ('star', 'box'):
            if dims == 1 and shape == 'box':
                continue  # in 1D a box is the star
            for radius in parse_radii(args.radii):
                for real in ('float', 'double'):
                    name = '%s%dd%dr-%s' % (shape, dims, radius, real)
                    if args.filter and not re.search(args.filter, name):
                        continue
                    if not args.exclude or not re.search(args.exclude, name):
                        names.append((name, dims, radius, shape, real))
    # The largest first, so that they do not finish last alone.
    names.sort(key=lambda n: -(2 * n[2] + 1) ** n[1]
               if n[3] == 'box' else -n[2] * n[1])
    return names


def run(args, stage, jobs, work):
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, ok, note in pool.map(work, jobs):
            print('%-4s %-5s %-18s %s' % ('ok' if ok else 'FAIL', stage, name,
                                          note), flush=True)
            failed += not ok
    print('%s: %d inputs, %d failed' % (stage, len(jobs), failed), flush=True)
    return failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('stage', choices=['plan', 'nvcc', 'both'])
    ap.add_argument('paths', nargs='+', help='[STENCILCC] WORK_DIR')
    ap.add_argument('--nvcc', default='/usr/local/cuda/bin/nvcc')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--radii', default='1-24')
    ap.add_argument('--timeout', type=int, default=0,
                    help='seconds one nvcc build may take (0: no limit)')
    ap.add_argument('--filter', default='')
    ap.add_argument('--exclude', default='')
    args = ap.parse_args()
    if len(args.paths) != (1 if args.stage == 'nvcc' else 2):
        ap.error('plan and both take STENCILCC WORK_DIR; nvcc WORK_DIR')
    args.work_dir = args.paths[-1]
    args.stencilcc = args.paths[0] if len(args.paths) == 2 else ''
    os.makedirs(args.work_dir, exist_ok=True)
    names = inputs(args)
    failed = 0
    if args.stage in ('plan', 'both'):
        jobs = [(n[0], stencil_source(*n[1:])) for n in names]
        failed += run(args, 'plan', jobs, lambda j: plan_one(args, *j))
    if args.stage in ('nvcc', 'both'):
        present = [n[0] for n in names
                   if os.path.exists(os.path.join(args.work_dir,
                                                  n[0] + '.cu'))]
        if not present:
            print('no .cu in ' + args.work_dir, file=sys.stderr)
            return 1
        failed += run(args, 'nvcc', present, lambda n: nvcc_one(args, n))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
