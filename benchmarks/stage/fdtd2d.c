/* fdtd2d: PolyBench/C fdtd-2d: per time step a boundary statement (row 0 of
 * ey from the time-indexed fict[t]), then ey, ex and hz updates with their own
 * bounds, on an n x n grid (nx = ny = n). One time step is four statements
 * (four sweeps, one of them a single row). Build: -DREAL=float (default) or
 * -DREAL=double.
 *   ./fdtd2d N T     (N x N grid, T steps; fict has T entries) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

void kernel_fdtd_2d(int tmax, int nx, int ny, REAL ex[nx][ny], REAL ey[nx][ny],
                    REAL hz[nx][ny], REAL fict[tmax])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - (REAL)0.5 * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - (REAL)0.5 * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - (REAL)0.7 * (ex[i][j + 1] - ex[i][j]
                                           + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}

/* ---- driver (the same in every benchmarks/stage program) ---- */
/* An argument for a variable-length-array parameter (REAL A[n][n]): C converts
   a void * to the parameter's type; stencilcc's output, C++, takes a REAL *. */
#ifdef __cplusplus
#define BENCH_VLA(p) (p)
#else
#define BENCH_VLA(p) ((void *)(p))
#endif

/* A deterministic value in [lo, lo + span) from an element index and a seed. */
static REAL bench_value(size_t k, unsigned seed, double lo, double span)
{
  unsigned h = (unsigned)k * 2654435761u ^ seed * 0x9E3779B9u;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h *= 0x297A2D39u;
  h ^= h >> 15;
  return (REAL)(lo + span * (double)(h >> 8) * (1.0 / 16777216.0));
}

static void bench_fill(REAL *a, size_t count, unsigned seed, double lo, double span)
{
  for (size_t k = 0; k < count; k++)
    a[k] = bench_value(k, seed, lo, span);
}

static REAL *bench_alloc(size_t count)
{
  REAL *p = (REAL *)malloc(count * sizeof(REAL));
  if (!p) {
    fprintf(stderr, "out of memory (%zu elements)\n", count);
    exit(2);
  }
  return p;
}

static double bench_sum, bench_abs, bench_max;

/* Prints the checksum of one array, in double: the sum, the sum of |x| (the
   scale of a difference between two sums) and max |x| (a NaN shows in all
   three), and adds it to the total. */
static void bench_checksum(const char *name, const REAL *a, size_t count)
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

static void bench_total(void)
{
  printf("checksum total: sum=%.17g abssum=%.17g maxabs=%.17g\n", bench_sum, bench_abs,
         bench_max);
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 1000;
  long T = argc > 2 ? atol(argv[2]) : 10;
  if (n < 2 || T < 0) {
    fprintf(stderr, "usage: %s N T (N >= 2)\n", argv[0]);
    return 2;
  }
  size_t cells = (size_t)n * (size_t)n;
  REAL *ex = bench_alloc(cells), *ey = bench_alloc(cells), *hz = bench_alloc(cells);
  REAL *fict = bench_alloc(T > 0 ? (size_t)T : 1);
  bench_fill(ex, cells, 1, -0.5, 1.0);
  bench_fill(ey, cells, 2, -0.5, 1.0);
  bench_fill(hz, cells, 3, -0.5, 1.0);
  for (long t = 0; t < T; t++) /* a bounded source: a ramp of period 64 */
    fict[t] = (REAL)((double)(t % 64) / 64.0);
  printf("stage-bench fdtd2d real=%s n=%ld steps=%ld sweeps=%ld\n",
         sizeof(REAL) == 4 ? "float" : "double", n, T, 4 * T);
  kernel_fdtd_2d((int)T, (int)n, (int)n, BENCH_VLA(ex), BENCH_VLA(ey), BENCH_VLA(hz), fict);
  bench_checksum("ex", ex, cells);
  bench_checksum("ey", ey, cells);
  bench_checksum("hz", hz, cells);
  bench_total();
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
