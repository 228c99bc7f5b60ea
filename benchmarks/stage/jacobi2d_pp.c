/* jacobi2d_pp: PolyBench/C jacobi-2d, ping-pong form: B = f(A); A = f(B),
 * 5-point average over the interior 1..n-2 of an n x n grid.
 * One time step is two sweeps. Build: -DREAL=float (default) or -DREAL=double.
 *   ./jacobi2d_pp N T     (N x N grid, T steps = 2T sweeps)
 * Prints one checksum line per state array and a total (sum, max |x|). */
#include "bench_common.h"

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

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 1000, 3, &n, &T);
  size_t cells = (size_t)n * (size_t)n;
  REAL *A = bench_alloc(cells), *B = bench_alloc(cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(B, cells, 2, 0.0, 1.0);
  bench_banner("jacobi2d_pp", n, T, 2 * T);
  kernel_jacobi_2d((int)T, (int)n, BENCH_VLA(A), BENCH_VLA(B));
  bench_checksum("A", A, cells);
  bench_checksum("B", B, cells);
  bench_total();
  free(A);
  free(B);
  return 0;
}
