/* bench_common.h: the driver helpers every benchmarks/stage program shares
 * (argument parsing, allocation, the deterministic fill, the checksum lines).
 * Each program includes it first, as "bench_common.h", then has its kernel
 * function (the `#pragma scop` region) and a short main.
 *
 * C11, and C++ too: stencilcc copies the program's whole text, this #include
 * with it, into the .cu it writes, which nvcc compiles as C++. The quoted
 * include resolves from the directory of the file that includes it:
 * benchmarks/stage/ for the programs, benchmarks/gen-stage/ (a copy that
 * benchmarks/generate-stage.sh puts there, so gen-stage.tar.xz carries it) for
 * the generated files.
 *
 * REAL, the element type: -DREAL=float (the default) or -DREAL=double. */
#ifndef STAGE_BENCH_COMMON_H
#define STAGE_BENCH_COMMON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef REAL
#define REAL float
#endif

/* An argument for a variable-length-array parameter (REAL A[n][n]): C converts
   a void * to the parameter's type; stencilcc's output, C++, takes a REAL *. */
#ifdef __cplusplus
#define BENCH_VLA(p) (p)
#else
#define BENCH_VLA(p) ((void *)(p))
#endif

/* The time steps when argv has none. */
#define BENCH_DEFAULT_STEPS 10

/* Reads argv: N (size_name in the usage line; default default_n, at least
   min_n) and T, the time steps (default BENCH_DEFAULT_STEPS, at least 0).
   Anything else prints the usage and exits with status 2. */
static inline void bench_args(int argc, char **argv, const char *size_name, long default_n,
                              long min_n, long *n, long *T)
{
  *n = argc > 1 ? atol(argv[1]) : default_n;
  *T = argc > 2 ? atol(argv[2]) : BENCH_DEFAULT_STEPS;
  if (*n < min_n || *T < 0) {
    fprintf(stderr, "usage: %s %s T (%s >= %ld)\n", argv[0], size_name, size_name, min_n);
    exit(2);
  }
}

/* The first line of every program's output. */
static inline void bench_banner(const char *name, long n, long T, long sweeps)
{
  printf("stage-bench %s real=%s n=%ld steps=%ld sweeps=%ld\n", name,
         sizeof(REAL) == 4 ? "float" : "double", n, T, sweeps);
}

/* A deterministic value in [lo, lo + span) from an element index and a seed. */
static inline REAL bench_value(size_t k, unsigned seed, double lo, double span)
{
  unsigned h = (unsigned)k * 2654435761u ^ seed * 0x9E3779B9u;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h *= 0x297A2D39u;
  h ^= h >> 15;
  return (REAL)(lo + span * (double)(h >> 8) * (1.0 / 16777216.0));
}

static inline void bench_fill(REAL *a, size_t count, unsigned seed, double lo, double span)
{
  for (size_t k = 0; k < count; k++)
    a[k] = bench_value(k, seed, lo, span);
}

static inline REAL *bench_alloc(size_t count)
{
  REAL *p = (REAL *)malloc(count * sizeof(REAL));
  if (!p) {
    fprintf(stderr, "out of memory (%zu elements)\n", count);
    exit(2);
  }
  return p;
}

/* The wave programs' sponge: 0.05 ((W - d) / W)^2 within W = 16 cells of an
   edge (2D) or a face (3D), d the distance to the nearest one along that
   axis, else 0. */
static inline double bench_sponge(long i, long n)
{
  long d = i < n - 1 - i ? i : n - 1 - i;
  return d < 16 ? 0.05 * (16.0 - d) * (16.0 - d) / 256.0 : 0.0;
}

/* The running total of the checksums (one program, one translation unit). */
static double bench_sum, bench_abs, bench_max;

/* Prints the checksum of one array, in double: the sum, the sum of |x| (the
   scale of a difference between two sums) and max |x| (a NaN shows in all
   three), and adds it to the total. */
static inline void bench_checksum(const char *name, const REAL *a, size_t count)
{
  double s = 0, l1 = 0, m = 0;
  for (size_t k = 0; k < count; k++) {
    double v = (double)a[k], av = fabs(v);
    s += v;
    l1 += av;
    if (!(av <= m))
      m = av;
  }
  printf("checksum %s: sum=%.17g abssum=%.17g maxabs=%.17g\n", name, s, l1, m);
  bench_sum += s;
  bench_abs += l1;
  if (!(m <= bench_max))
    bench_max = m;
}

static inline void bench_total(void)
{
  printf("checksum total: sum=%.17g abssum=%.17g maxabs=%.17g\n", bench_sum, bench_abs,
         bench_max);
}

#endif /* STAGE_BENCH_COMMON_H */
