/* jacobi1d_t2: the stencil of jacobi1d_pp in the single-array t%2 form:
 * A[(t+1)%2] = f(A[t%2]), the same 3-point average in every sweep, so one
 * step here is one sweep of jacobi1d_pp (level 0 <-> A, level 1 <-> B, filled
 * alike: the totals agree for even T).
 *   ./jacobi1d_t2 N T     (N cells, T steps = T sweeps)
 * Build: -DREAL=float (default) or -DREAL=double. */
#include "bench_common.h"

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

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 100000, 3, &n, &T);
  size_t cells = (size_t)n;
  REAL *A = bench_alloc(2 * cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(A + cells, cells, 2, 0.0, 1.0);
  bench_banner("jacobi1d_t2", n, T, T);
  kernel_jacobi_1d_t2((int)T, (int)n, A);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  return 0;
}
