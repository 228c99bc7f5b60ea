#!/usr/bin/env python3
"""sass-loops.py: the loops of each kernel in a `cuobjdump --dump-sass` listing.

For every backward branch of at least MIN instructions (default 50) per kernel:
its address range, its length in instructions and its opcodes by count
(predicates and modifiers after the first dot kept: FFMA, LDS, BAR.SYNC...).
The steady-state loops of a stencilcc kernel are its longest ones; divide a
loop's length by the cell updates of one iteration (columns x levels x rows)
for the instructions a cell costs there.

    python3 benchmarks/sass-loops.py LISTING [MIN]
"""
import collections
import re
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    minimum = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    kernel, ins = None, []

    def report():
        if kernel is None:
            return
        index = {a: i for i, (a, _) in enumerate(ins)}
        for i, (a, text) in enumerate(ins):
            if 'BRA' not in text:
                continue
            m = re.search(r'0x([0-9a-f]+)', text)
            if not m or int(m.group(1), 16) >= a or int(m.group(1), 16) not in index:
                continue
            body = [t for _, t in ins[index[int(m.group(1), 16)]:i + 1]]
            if len(body) < minimum:
                continue
            ops = collections.Counter(re.sub(r'^@!?U?P\w+\s+', '', t).split()[0] for t in body)
            print(f'{kernel} loop {m.group(0)}..{a:#x}: {len(body)} instructions')
            print('  ' + ' '.join(f'{op}={n}' for op, n in ops.most_common()))

    for line in open(sys.argv[1], errors='replace'):
        f = re.search(r'Function : (\S+)', line)
        if f:
            report()
            kernel, ins = f.group(1), []
            continue
        m = re.match(r'\s*/\*([0-9a-f]{4,})\*/\s+(.*?);', line)
        if m and kernel:
            ins.append((int(m.group(1), 16), m.group(2).strip()))
    report()


if __name__ == '__main__':
    main()
