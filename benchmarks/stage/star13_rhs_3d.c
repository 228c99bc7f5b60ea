/* star13_rhs_3d: a fourth-order 3D star (radius 2, 13 points) with a
 * right-hand side F, two levels A[t%2] -> A[(t+1)%2] over the interior of an
 * n^3 grid. A stage-form region: F is a read-only field.
 * One time step is one sweep. Build: -DREAL=float (default) or -DREAL=double.
 *   ./star13_rhs_3d N T     (N^3 grid, T steps) */
#include "bench_common.h"

void star13_rhs_3d(int steps, int n, REAL *A1, REAL *F1)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])A1;
  REAL (*F)[n][n] = (REAL (*)[n][n])F1;
  const REAL keep = (REAL)0.4, near = (REAL)0.08, far = (REAL)0.02,
             src = (REAL)0.01;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int z = 2; z < n - 2; z++)
      for (int y = 2; y < n - 2; y++)
        for (int x = 2; x < n - 2; x++)
          A[(t + 1) % 2][z][y][x] =
            keep * A[t % 2][z][y][x]
            + near * (A[t % 2][z - 1][y][x] + A[t % 2][z + 1][y][x]
                      + A[t % 2][z][y - 1][x] + A[t % 2][z][y + 1][x]
                      + A[t % 2][z][y][x - 1] + A[t % 2][z][y][x + 1])
            + far * (A[t % 2][z - 2][y][x] + A[t % 2][z + 2][y][x]
                     + A[t % 2][z][y - 2][x] + A[t % 2][z][y + 2][x]
                     + A[t % 2][z][y][x - 2] + A[t % 2][z][y][x + 2])
            + src * F[z][y][x];
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 100, 3, &n, &T);
  size_t cells = (size_t)n * (size_t)n * (size_t)n;
  REAL *A = bench_alloc(2 * cells), *F = bench_alloc(cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(A + cells, cells, 2, 0.0, 1.0);
  /* keep + 6 near + 6 far weights = 1: every step is a convex combination
     plus a bounded source */
  bench_fill(F, cells, 3, -1.0, 2.0);
  bench_banner("star13_rhs_3d", n, T, T);
  star13_rhs_3d((int)T, (int)n, A, F);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  free(F);
  return 0;
}
