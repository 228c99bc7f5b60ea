/* jacobi2d_pp: PolyBench/C jacobi-2d, ping-pong form: B = f(A); A = f(B),
 * 5-point average over the interior 1..n-2 of an n x n grid.
 * One time step is two sweeps. Build: -DREAL=float (default) or -DREAL=double.
 *   ./jacobi2d_pp N T     (N x N grid, T steps = 2T sweeps)
 * Prints one checksum line per state array and a total (sum, max |x|). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

void kernel_jacobi_2d(int tsteps, int n, REAL A[n][n], REAL B[n][n])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = (REAL)0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1]
                               + A[i + 1][j] + A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = (REAL)0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1]
                               + B[i + 1][j] + B[i - 1][j]);
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
  if (n < 3 || T < 0) {
    fprintf(stderr, "usage: %s N T (N >= 3)\n", argv[0]);
    return 2;
  }
  size_t cells = (size_t)n * (size_t)n;
  REAL *A = bench_alloc(cells), *B = bench_alloc(cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(B, cells, 2, 0.0, 1.0);
  printf("stage-bench jacobi2d_pp real=%s n=%ld steps=%ld sweeps=%ld\n",
         sizeof(REAL) == 4 ? "float" : "double", n, T, 2 * T);
  kernel_jacobi_2d((int)T, (int)n, BENCH_VLA(A), BENCH_VLA(B));
  bench_checksum("A", A, cells);
  bench_checksum("B", B, cells);
  bench_total();
  free(A);
  free(B);
  return 0;
}
