"""generate.py: other-coefficient copies of six suite stencils (every `(REAL)c`
scaled by 0.93: the same shape, another fingerprint), each as an --emit-test
program with the plan stencilcc compiles without options (db: the built-in
database's entry of its shape) and with --plan-cache=none (model: the model's
default). Run here (needs stencilcc), then run.sh on the GPU machine.

    benchmarks/database-transfer/generate.py   (writes benchmarks/database-transfer/gen/)
"""
import os, re, subprocess, sys
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
S = os.environ.get('STENCILCC', os.path.join(root, 'build/tools/stencilcc/stencilcc'))
gen = os.path.join(root, 'benchmarks/database-transfer/gen')
os.makedirs(gen, exist_ok=True)
os.chdir(gen)
jobs = [('star2d1r','float'),('j2d5pt','float'),('box3d1r','float'),('star3d1r','double'),('star2d3r','double'),('j2d9pt','double')]
for name, real in jobs:
    src = open(os.path.join(root, f'benchmarks/stencils/{name}.c')).read()
    # other coefficients: every (REAL)<literal> scaled by 0.93, same shape
    src = re.sub(r'\(REAL\)([0-9]*\.[0-9]+)', lambda m: '(REAL)%.6g' % (float(m.group(1)) * 0.93), src)
    src = src.replace('kernel_' + name.replace('-', '_'), 'other_' + name)
    open(f'{name}_other.c', 'w').write(src)
    for plan, flags in (('db', []), ('model', ['--plan-cache=none'])):
        out = f'{name}-{real}-{plan}.cu'
        r = subprocess.run([S, '--emit-test', f'-DREAL={real}', f'{name}_other.c', '-o', out] + flags, capture_output=True, text=True)
        print(name, real, plan, r.returncode, r.stderr.strip()[:200])
        line = [l for l in open(out) if l.startswith('// plan')]
        print('   ', ' | '.join(l.strip() for l in line[:2])[:300])
