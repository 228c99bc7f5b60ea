#!/usr/bin/env python3
"""plot.py TABLE.txt... OUT.svg: the strong-scaling speedups of run.sh's
tables (the 'strong' lines: npK G (xR)) and their weak-scaling efficiencies
as one SVG (no plotting library needed): speedup against GPUs, the ideal
line dashed, each stencil a line with its measured points labelled."""
import re
import sys

STRONG = re.compile(r'^(\S+) strong n=\d+:(.*?)(;|GCells/s)')
WEAK = re.compile(r'^(\S+) weak:(.*)GCells/s')
POINT = re.compile(r'np(\d+) (?:n=\d+ )?[0-9.]+ \((?:x([0-9.]+)|(\d+)%)\)')
COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e']


def read(paths):
    strong, weak = {}, {}
    for path in paths:
        for line in open(path):
            if m := STRONG.match(line):
                strong[m[1]] = [(int(k), float(x)) for k, x, _ in POINT.findall(m[2]) if x]
            elif m := WEAK.match(line):
                weak[m[1]] = [(int(k), int(e)) for k, _, e in POINT.findall(m[2]) if e]
    return strong, weak


def svg(strong, weak):
    W, H, L, B, T = 520, 360, 60, 50, 30
    top = max([4] + [k for pts in strong.values() for k, _ in pts])
    x = lambda k: L + (k - 1) / (top - 1) * (W - L - 20)
    y = lambda s: H - B - (s - 1) / (top - 1) * (H - B - T)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2}" y="18" text-anchor="middle">--mpi strong scaling '
           '(speedup over 1 GPU of the same run)</text>']
    for k in range(1, top + 1):
        out.append(f'<line x1="{x(k)}" y1="{y(1)}" x2="{x(k)}" y2="{y(top)}" stroke="#eee"/>')
        out.append(f'<text x="{x(k)}" y="{H - B + 16}" text-anchor="middle">{k}</text>')
        out.append(f'<line x1="{x(1)}" y1="{y(k)}" x2="{x(top)}" y2="{y(k)}" stroke="#eee"/>')
        out.append(f'<text x="{L - 8}" y="{y(k) + 4}" text-anchor="end">{k}x</text>')
    out.append(f'<text x="{W / 2}" y="{H - 12}" text-anchor="middle">GPUs (MPI ranks)</text>')
    out.append(f'<line x1="{x(1)}" y1="{y(1)}" x2="{x(top)}" y2="{y(top)}" '
               'stroke="gray" stroke-dasharray="4 3"/>')
    for i, (name, pts) in enumerate(sorted(strong.items())):
        c = COLOURS[i % len(COLOURS)]
        path = ' '.join(f'{x(k)},{y(s)}' for k, s in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{c}" stroke-width="2"/>')
        for k, s in pts:
            out.append(f'<circle cx="{x(k)}" cy="{y(s)}" r="3" fill="{c}"/>')
            if k > 1:
                out.append(f'<text x="{x(k) - 6}" y="{y(s) + 16 + 12 * i}" text-anchor="end" '
                           f'fill="{c}">{s:.2f}x</text>')
        eff = ', '.join(f'{k} GPUs {e}%' for k, e in weak.get(name, []) if k > 1)
        out.append(f'<text x="{L + 10}" y="{T + 20 + 16 * i}" fill="{c}">{name}'
                   f'{"  (weak: " + eff + ")" if eff else ""}</text>')
    out.append('</svg>')
    return '\n'.join(out) + '\n'


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit('usage: plot.py TABLE.txt... OUT.svg')
    strong, weak = read(sys.argv[1:-1])
    if not strong:
        sys.exit('plot.py: no strong-scaling line in ' + ' '.join(sys.argv[1:-1]))
    open(sys.argv[-1], 'w').write(svg(strong, weak))
