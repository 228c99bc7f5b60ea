#!/usr/bin/env python3
"""make-guided.py GEN OUT: the guided-segments experiment's input. GEN is star2d1r.cu as
stencilcc before guided segments wrote it (commit 3311212: `stencilcc -DREAL=float
benchmarks/stencils/star2d1r.c -o gen-star2d1r.cu`), whose shuffle kernels took equal segments
of 256 rows; OUT takes each segment's bounds from a concave map of blockIdx.y instead
(compile-time GUIDE: 0 equal, up to 1) over SEGLEN-row segments on average."""
import sys

src = open(sys.argv[1]).read()
old_seg = """  const int segment = by == 0 ? 0 : by == 1 ? segments - 1 : by - 1;
  const int out_begin = lo_0 + segment * 256;
  const int out_end = min(out_begin + 256, hi_0);"""
new_seg = """  // EXPERIMENT guided segments: earlier-dispatched blocks longer.
  const double rows_total = (double)(hi_0 - lo_0);
  auto bound = [&](int k) { const double u = (double)k / segments; return lo_0 + (int)(rows_total * u * (1.0 + GUIDE * (1.0 - u))); };
  const int out_begin = bound(by);
  const int out_end = by + 1 == segments ? hi_0 : bound(by + 1);"""
if src.count(old_seg) == 0:
    sys.exit("make-guided.py: no segment code of the expected form (a file of commit 3311212?)")
src = src.replace(old_seg, new_seg)
old_grid = "(unsigned)(((upper[0] - lower[0]) + 255) / 256));"
if src.count(old_grid) != 1:
    sys.exit("make-guided.py: no grid of the expected form")
src = src.replace(old_grid, "(unsigned)(((upper[0] - lower[0]) + SEGLEN - 1) / SEGLEN));")
open(sys.argv[2], "w").write(src)
