/* pathfinder: Rodinia PathFinder's dynamic program as a stencil: the cheapest
 * path cost row D[(t+1)%2] from the previous row D[t%2] (left and right
 * neighbours clamped at the edges) plus row t+1 of the time-indexed read-only
 * cost array W, (T+1) x cols. One time step is one sweep. Float only (fminf);
 * the costs are small integers, so every plan computes the same bits.
 *   ./pathfinder COLS T     (W is (T+1) x COLS) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef REAL
#define REAL float
#endif

void pathfinder(int T, int cols, REAL *W1, REAL *D1)
{
  REAL (*W)[cols] = (REAL (*)[cols])W1;
  REAL (*D)[cols] = (REAL (*)[cols])D1;
  int t, n;

#pragma scop
  for (t = 0; t < T; t++)
    for (n = 0; n < cols; n++)
      D[(t + 1) % 2][n] = W[t + 1][n]
        + fminf(fminf(D[t % 2][n > 0 ? n - 1 : n], D[t % 2][n]),
                D[t % 2][n < cols - 1 ? n + 1 : n]);
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
  long cols = argc > 1 ? atol(argv[1]) : 100000;
  long T = argc > 2 ? atol(argv[2]) : 10;
  if (cols < 1 || T < 0) {
    fprintf(stderr, "usage: %s COLS T (COLS >= 1)\n", argv[0]);
    return 2;
  }
  size_t rowcells = (size_t)cols, wcells = (size_t)(T + 1) * rowcells;
  REAL *W = bench_alloc(wcells), *D = bench_alloc(2 * rowcells);
  /* costs 0..9, as Rodinia's: a random row, rotated by 7919 t in row t
     (W of 2^22 x 1001 floats fills at copy speed) */
  for (size_t k = 0; k < rowcells; k++)
    W[k] = (REAL)(int)bench_value(k, 1, 0.0, 10.0);
  for (long t = 1; t <= T; t++) {
    size_t s = (size_t)(7919 * t) % rowcells;
    memcpy(W + (size_t)t * rowcells, W + s, (rowcells - s) * sizeof(REAL));
    memcpy(W + (size_t)t * rowcells + (rowcells - s), W, s * sizeof(REAL));
  }
  for (size_t k = 0; k < rowcells; k++)
    D[k] = W[k];
  bench_fill(D + rowcells, rowcells, 2, 0.0, 10.0);
  for (size_t k = 0; k < rowcells; k++)
    D[rowcells + k] = (REAL)(int)D[rowcells + k];
  printf("stage-bench pathfinder real=%s n=%ld steps=%ld sweeps=%ld\n",
         sizeof(REAL) == 4 ? "float" : "double", cols, T, T);
  pathfinder((int)T, (int)cols, W, D);
  bench_checksum("D[0]", D, rowcells);
  bench_checksum("D[1]", D + rowcells, rowcells);
  bench_total();
  free(W);
  free(D);
  return 0;
}
