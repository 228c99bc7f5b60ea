/* jacobi1d_t2: the stencil of jacobi1d_pp in the single-array t%2 form:
 * A[(t+1)%2] = f(A[t%2]), the same 3-point average in every sweep, so one
 * step here is one sweep of jacobi1d_pp (level 0 <-> A, level 1 <-> B, filled
 * alike: the totals agree for even T).
 *   ./jacobi1d_t2 N T     (N cells, T steps = T sweeps)
 * Build: -DREAL=float (default) or -DREAL=double. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

void kernel_jacobi_1d_t2(int tsteps, int n, REAL *A1)
{
  REAL (*A)[n] = (REAL (*)[n])A1;
  int t, i;

#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = (REAL)0.33333 * (A[t % 2][i - 1] + A[t % 2][i] + A[t % 2][i + 1]);
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
  long n = argc > 1 ? atol(argv[1]) : 100000;
  long T = argc > 2 ? atol(argv[2]) : 10;
  if (n < 3 || T < 0) {
    fprintf(stderr, "usage: %s N T (N >= 3)\n", argv[0]);
    return 2;
  }
  size_t cells = (size_t)n;
  REAL *A = bench_alloc(2 * cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(A + cells, cells, 2, 0.0, 1.0);
  printf("stage-bench jacobi1d_t2 real=%s n=%ld steps=%ld sweeps=%ld\n",
         sizeof(REAL) == 4 ? "float" : "double", n, T, T);
  kernel_jacobi_1d_t2((int)T, (int)n, A);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  return 0;
}
