/* jacobi2d_swap: the stencil of jacobi2d_t2 as solvers written with
 * pointers keep it: two buffers of a grid flattened by hand, u[i * n + j],
 * exchanged at the end of each step (tmp = u; u = unew; unew = tmp;). One
 * step is one sweep, as in jacobi2d_t2; u starts as its level 0, unew as
 * level 1, filled alike, so the totals of the two programs agree.
 *   ./jacobi2d_swap N T     (N x N grid, T steps = T sweeps)
 * Build: -DREAL=float (default) or -DREAL=double. */
#include "bench_common.h"

void kernel_jacobi_2d_swap(int tsteps, int n, REAL *u, REAL *unew) {
  REAL *tmp;
  int t, i, j;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        unew[i * n + j] =
            (REAL)0.2 * (u[i * n + j] + u[i * n + j - 1] + u[i * n + j + 1] +
                         u[(i + 1) * n + j] + u[(i - 1) * n + j]);
    tmp = u;
    u = unew;
    unew = tmp;
  }
#pragma endscop
}

int main(int argc, char **argv) {
  long n, T;
  bench_args(argc, argv, "N", 1000, 3, &n, &T);
  size_t cells = (size_t)n * (size_t)n;
  REAL *A = bench_alloc(2 * cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(A + cells, cells, 2, 0.0, 1.0);
  bench_banner("jacobi2d_swap", n, T, T);
  kernel_jacobi_2d_swap((int)T, (int)n, A, A + cells);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  return 0;
}
