/* jacobi1d_pp: PolyBench/C jacobi-1d, ping-pong form: B = f(A); A = f(B),
 * 3-point average over the interior 1..n-2 of an array of n cells.
 * One time step is two sweeps. Build: -DREAL=float (default) or -DREAL=double.
 *   ./jacobi1d_pp N T     (N cells, T steps = 2T sweeps) */
#include "bench_common.h"

void kernel_jacobi_1d(int tsteps, int n, REAL A[n], REAL B[n])
{
  int t, i;

#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = (REAL)0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = (REAL)0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 100000, 3, &n, &T);
  size_t cells = (size_t)n;
  REAL *A = bench_alloc(cells), *B = bench_alloc(cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(B, cells, 2, 0.0, 1.0);
  bench_banner("jacobi1d_pp", n, T, 2 * T);
  kernel_jacobi_1d((int)T, (int)n, A, B);
  bench_checksum("A", A, cells);
  bench_checksum("B", B, cells);
  bench_total();
  free(A);
  free(B);
  return 0;
}
