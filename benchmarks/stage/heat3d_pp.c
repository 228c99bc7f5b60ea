/* heat3d_pp: PolyBench/C heat-3d, ping-pong form: B = f(A); A = f(B), the
 * 7-point heat update over the interior 1..n-2 of an n^3 grid.
 * One time step is two sweeps. Build: -DREAL=float (default) or -DREAL=double.
 *   ./heat3d_pp N T     (N^3 grid, T steps = 2T sweeps) */
#include "bench_common.h"

void kernel_heat_3d(int tsteps, int n, REAL A[n][n][n], REAL B[n][n][n])
{
  int t, i, j, k;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          B[i][j][k] = (REAL)0.125 * (A[i + 1][j][k] - (REAL)2.0 * A[i][j][k] + A[i - 1][j][k])
                     + (REAL)0.125 * (A[i][j + 1][k] - (REAL)2.0 * A[i][j][k] + A[i][j - 1][k])
                     + (REAL)0.125 * (A[i][j][k + 1] - (REAL)2.0 * A[i][j][k] + A[i][j][k - 1])
                     + A[i][j][k];
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[i][j][k] = (REAL)0.125 * (B[i + 1][j][k] - (REAL)2.0 * B[i][j][k] + B[i - 1][j][k])
                     + (REAL)0.125 * (B[i][j + 1][k] - (REAL)2.0 * B[i][j][k] + B[i][j - 1][k])
                     + (REAL)0.125 * (B[i][j][k + 1] - (REAL)2.0 * B[i][j][k] + B[i][j][k - 1])
                     + B[i][j][k];
  }
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 100, 3, &n, &T);
  size_t cells = (size_t)n * (size_t)n * (size_t)n;
  REAL *A = bench_alloc(cells), *B = bench_alloc(cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(B, cells, 2, 0.0, 1.0);
  bench_banner("heat3d_pp", n, T, 2 * T);
  kernel_heat_3d((int)T, (int)n, BENCH_VLA(A), BENCH_VLA(B));
  bench_checksum("A", A, cells);
  bench_checksum("B", B, cells);
  bench_total();
  free(A);
  free(B);
  return 0;
}
