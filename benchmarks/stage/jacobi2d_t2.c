/* jacobi2d_t2: the stencil of jacobi2d_pp in the single-array t%2 form:
 * A[(t+1)%2] = f(A[t%2]), the same 5-point average (the same coefficient in
 * every sweep), so one step here is one sweep of jacobi2d_pp and T steps here
 * compute what T/2 steps of jacobi2d_pp compute (level 0 <-> A, level 1 <-> B,
 * filled alike: the totals of the two programs agree for even T).
 *   ./jacobi2d_t2 N T     (N x N grid, T steps = T sweeps)
 * Build: -DREAL=float (default) or -DREAL=double. */
#include "bench_common.h"

void kernel_jacobi_2d_t2(int tsteps, int n, REAL *A1)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])A1;
  int t, i, j;

#pragma scop
  for (t = 0; t < tsteps; t++)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = (REAL)0.2 * (A[t % 2][i][j] + A[t % 2][i][j - 1]
                                            + A[t % 2][i][j + 1] + A[t % 2][i + 1][j]
                                            + A[t % 2][i - 1][j]);
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 1000, 3, &n, &T);
  size_t cells = (size_t)n * (size_t)n;
  REAL *A = bench_alloc(2 * cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(A + cells, cells, 2, 0.0, 1.0);
  bench_banner("jacobi2d_t2", n, T, T);
  kernel_jacobi_2d_t2((int)T, (int)n, A);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  return 0;
}
