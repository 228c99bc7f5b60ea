/* hotspot: Rodinia HotSpot's thermal step: the temperature alternates between
 * two levels temp[t%2] -> temp[(t+1)%2] over the whole rows x cols chip, edge
 * cells reusing their own temperature through MIN/MAX-clamped subscripts;
 * power is a read-only field, cap, rx, ry, rz, amb read-only scalars.
 * One time step is one sweep. Float (Rodinia's type); -DREAL=double works too.
 *   ./hotspot N T     (N x N chip, T steps) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef REAL
#define REAL float
#endif

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void hotspot(int steps, int rows, int cols, REAL *temp1, REAL *power1,
             REAL cap, REAL rx, REAL ry, REAL rz, REAL amb)
{
  REAL (*temp)[rows][cols] = (REAL (*)[rows][cols])temp1;
  REAL (*power)[cols] = (REAL (*)[cols])power1;
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 0; i < rows; i++)
      for (j = 0; j < cols; j++)
        temp[(t + 1) % 2][i][j] = temp[t % 2][i][j] + cap * (power[i][j]
          + (temp[t % 2][MIN(i + 1, rows - 1)][j] + temp[t % 2][MAX(i - 1, 0)][j]
             - (REAL)2.0 * temp[t % 2][i][j]) * ry
          + (temp[t % 2][i][MIN(j + 1, cols - 1)] + temp[t % 2][i][MAX(j - 1, 0)]
             - (REAL)2.0 * temp[t % 2][i][j]) * rx
          + (amb - temp[t % 2][i][j]) * rz);
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
  if (n < 1 || T < 0) {
    fprintf(stderr, "usage: %s N T (N >= 1)\n", argv[0]);
    return 2;
  }
  size_t cells = (size_t)n * (size_t)n;
  REAL *temp = bench_alloc(2 * cells), *power = bench_alloc(cells);
  /* temperatures about 320-340 (K), power densities below 0.01; with
     cap (2 rx + 2 ry + rz) = 0.45 < 1 every step is a convex combination. */
  bench_fill(temp, cells, 1, 320.0, 20.0);
  bench_fill(temp + cells, cells, 2, 320.0, 20.0);
  bench_fill(power, cells, 3, 0.0, 0.01);
  printf("stage-bench hotspot real=%s n=%ld steps=%ld sweeps=%ld\n",
         sizeof(REAL) == 4 ? "float" : "double", n, T, T);
  hotspot((int)T, (int)n, (int)n, temp, power, (REAL)0.5, (REAL)0.2, (REAL)0.2,
          (REAL)0.1, (REAL)300.0);
  bench_checksum("temp[0]", temp, cells);
  bench_checksum("temp[1]", temp + cells, cells);
  bench_total();
  free(temp);
  free(power);
  return 0;
}
