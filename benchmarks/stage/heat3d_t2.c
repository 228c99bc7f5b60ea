/* heat3d_t2: the stencil of heat3d_pp in the single-array t%2 form:
 * A[(t+1)%2] = f(A[t%2]), the same 7-point update in every sweep, so one step
 * here is one sweep of heat3d_pp (T steps here = T/2 steps there; level 0 <->
 * A, level 1 <-> B, filled alike: the totals agree for even T).
 *   ./heat3d_t2 N T     (N^3 grid, T steps = T sweeps)
 * Build: -DREAL=float (default) or -DREAL=double. */
#include "bench_common.h"

void kernel_heat_3d_t2(int tsteps, int n, REAL *A1)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])A1;
  int t, i, j, k;

#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[(t + 1) % 2][i][j][k] =
              (REAL)0.125 * (A[t % 2][i + 1][j][k] - (REAL)2.0 * A[t % 2][i][j][k] + A[t % 2][i - 1][j][k])
            + (REAL)0.125 * (A[t % 2][i][j + 1][k] - (REAL)2.0 * A[t % 2][i][j][k] + A[t % 2][i][j - 1][k])
            + (REAL)0.125 * (A[t % 2][i][j][k + 1] - (REAL)2.0 * A[t % 2][i][j][k] + A[t % 2][i][j][k - 1])
            + A[t % 2][i][j][k];
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 100, 3, &n, &T);
  size_t cells = (size_t)n * (size_t)n * (size_t)n;
  REAL *A = bench_alloc(2 * cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(A + cells, cells, 2, 0.0, 1.0);
  bench_banner("heat3d_t2", n, T, T);
  kernel_heat_3d_t2((int)T, (int)n, A);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  return 0;
}
