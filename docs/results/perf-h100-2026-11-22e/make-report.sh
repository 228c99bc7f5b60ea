#!/usr/bin/env bash
# Writes docs/performance.md and docs/img/ from this folder's two runs (run from the
# repository root, after benchmarks/generate.sh perf at the same revision).
set -euo pipefail
R=docs/results/perf-h100-2026-11-22e
/usr/bin/python3 benchmarks/report.py --run $R/2d --run $R/3d --gen benchmarks/gen \
  --anchors benchmarks/anchors.tsv \
  --device "NVIDIA H100 80GB HBM3 (nvidia-h100-x1), driver 580.159.04, nvcc 13.0" \
  --command "benchmarks/generate.sh perf   # here; then carry benchmarks/gen.tar.xz (tar -C benchmarks -cJf benchmarks/gen.tar.xz gen)" \
  --command "benchmarks/run-gpu.sh --reps 1 --deadline 450 --filter 2d   # device call 1: the 2D stencils, float and double, with the bT sweeps" \
  --command "benchmarks/run-gpu.sh --reps 1 --deadline 450 --filter 3d   # device call 2: the 3D stencils" \
  --note "The suite ran in two device calls (451 s and 452 s). run-gpu.sh times the plans of one stencil and precision in one process that loads each as a shared object, so the host buffers, their pinning and the CUDA context are set up once per group rather than once per plan; the bT sweeps are timed last. The 450 s deadline left 21 sweep points untimed (gradient2d double bT 2-6, 10, 12; box3d1r double bT 3-6; j3d27pt float and double bT 2-6), every tuned, fast-math, bT=1 and naive entry was timed. Every entry timed was checked against the C loop in the same call (relative L2 within 1e-5 float, 1e-12 double, at 997^2 / 97^3 and several step counts): 778 + 395 checks, all passed." \
  --note "Each entry was timed once after a 20-step warm-up (--reps 1) at 1000 steps. An entry whose generated file is identical to one already timed in the call (bT=1 and btsweep1, or a tuned plan equal to bT=1 or naive) reuses that timing (listed at the end)." \
  --note "Tuned plans come from benchmarks/tune-suite.sh (stencilcc --tune-emit, run.sh on the device, --tune-ingest; docs/results/tune-h100-2026-11-22, -22b, -22c and -22d): 100-step candidate timings at the benchmark size, each winner checked against the CPU reference before it was cached. Since the fourth round the candidates of 3D sums of products include the streaming partial-sums kernel (--stream-sums, docs/plans.md); it is the cached plan of box3d2r-4r, star3d3r and star3d4r in float and of box3d1r-3r and star3d4r in double. The naive kernel is the cached plan of star3d2r, star3d3r and box3d4r in double. gradient2d double was not cached (its check reached an earlier search's deadline) and compiles its default plan. The model describes neither kernel: their model columns are empty." \
  --note "The fast-math column is the tuned plan compiled with --fast-math (off by default), generated only where it changes the code (the stencils that divide or take a square root); AN5D's anchor figures were built with nvcc --use_fast_math, so that column is the like-for-like comparison for those stencils." \
  --out docs/performance.md --img docs/img
