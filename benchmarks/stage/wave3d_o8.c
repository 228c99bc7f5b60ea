/* wave3d_o8: second-order acoustic wave equation in 3D, 8th order in space
 * (radius-4 star): three levels U[(t+2)%3] from U[(t+1)%3] and U[t%3], a
 * read-only squared-velocity field V = (c dt / h)^2 and a read-only damping
 * field D (a sponge layer along the faces), interior 4..n-5 on every axis.
 * One time step is one sweep. Float (single precision, as seismic codes run
 * it); -DREAL=double works too.
 *   ./wave3d_o8 N T     (N^3 grid, T steps) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

void wave3d_o8(int nt, int n, REAL *U1, REAL *V1, REAL *D1)
{
  REAL (*U)[n][n][n] = (REAL (*)[n][n][n])U1;
  REAL (*V)[n][n] = (REAL (*)[n][n])V1;
  REAL (*D)[n][n] = (REAL (*)[n][n])D1;
  int t, i, j, k;

#pragma scop
  for (t = 0; t < nt; t++)
    for (i = 4; i < n - 4; i++)
      for (j = 4; j < n - 4; j++)
        for (k = 4; k < n - 4; k++)
          U[(t + 2) % 3][i][j][k] =
            ((REAL)2.0 - D[i][j][k]) * U[(t + 1) % 3][i][j][k]
            - ((REAL)1.0 - D[i][j][k]) * U[t % 3][i][j][k]
            + V[i][j][k] * ((REAL)-8.5416666666666667 * U[(t + 1) % 3][i][j][k]
                + (REAL)1.6 * (U[(t + 1) % 3][i - 1][j][k] + U[(t + 1) % 3][i + 1][j][k]
                               + U[(t + 1) % 3][i][j - 1][k] + U[(t + 1) % 3][i][j + 1][k]
                               + U[(t + 1) % 3][i][j][k - 1] + U[(t + 1) % 3][i][j][k + 1])
                - (REAL)0.2 * (U[(t + 1) % 3][i - 2][j][k] + U[(t + 1) % 3][i + 2][j][k]
                               + U[(t + 1) % 3][i][j - 2][k] + U[(t + 1) % 3][i][j + 2][k]
                               + U[(t + 1) % 3][i][j][k - 2] + U[(t + 1) % 3][i][j][k + 2])
                + (REAL)0.025396825396825397 * (U[(t + 1) % 3][i - 3][j][k] + U[(t + 1) % 3][i + 3][j][k]
                               + U[(t + 1) % 3][i][j - 3][k] + U[(t + 1) % 3][i][j + 3][k]
                               + U[(t + 1) % 3][i][j][k - 3] + U[(t + 1) % 3][i][j][k + 3])
                - (REAL)0.0017857142857142857 * (U[(t + 1) % 3][i - 4][j][k] + U[(t + 1) % 3][i + 4][j][k]
                               + U[(t + 1) % 3][i][j - 4][k] + U[(t + 1) % 3][i][j + 4][k]
                               + U[(t + 1) % 3][i][j][k - 4] + U[(t + 1) % 3][i][j][k + 4]));
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

/* The sponge: 0.05 ((W - d) / W)^2 within W = 16 cells of a face (d the
   distance to the nearest face along that axis), else 0. */
static double sponge(long i, long n)
{
  long d = i < n - 1 - i ? i : n - 1 - i;
  return d < 16 ? 0.05 * (16.0 - d) * (16.0 - d) / 256.0 : 0.0;
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 100;
  long T = argc > 2 ? atol(argv[2]) : 10;
  if (n < 9 || T < 0) {
    fprintf(stderr, "usage: %s N T (N >= 9)\n", argv[0]);
    return 2;
  }
  size_t cells = (size_t)n * (size_t)n * (size_t)n;
  REAL *U = bench_alloc(3 * cells), *V = bench_alloc(cells), *D = bench_alloc(cells);
  bench_fill(U, cells, 1, -0.5, 1.0);
  bench_fill(U + cells, cells, 2, -0.5, 1.0);
  bench_fill(U + 2 * cells, cells, 3, -0.5, 1.0);
  /* (c dt / h)^2 in [0.02, 0.12): within the leapfrog limit 4 / 19.5 of the
     8th-order 3D Laplacian */
  bench_fill(V, cells, 4, 0.02, 0.1);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++) {
        double a = sponge(i, n), b = sponge(j, n), c = sponge(k, n);
        double m = a > b ? a : b;
        D[((size_t)i * (size_t)n + (size_t)j) * (size_t)n + (size_t)k] = (REAL)(m > c ? m : c);
      }
  printf("stage-bench wave3d_o8 real=%s n=%ld steps=%ld sweeps=%ld\n",
         sizeof(REAL) == 4 ? "float" : "double", n, T, T);
  wave3d_o8((int)T, (int)n, U, V, D);
  bench_checksum("U[0]", U, cells);
  bench_checksum("U[1]", U + cells, cells);
  bench_checksum("U[2]", U + 2 * cells, cells);
  bench_total();
  free(U);
  free(V);
  free(D);
  return 0;
}
