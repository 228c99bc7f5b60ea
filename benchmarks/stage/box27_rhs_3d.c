/* box27_rhs_3d: smoothing with the 27-point 3D box (centre, 6 faces, 12
 * edges and 8 corners weighted apart) and a right-hand side F, two levels
 * A[t%2] -> A[(t+1)%2] over the interior of an n^3 grid. A stage-form
 * region: F is a read-only field.
 * One time step is one sweep. Build: -DREAL=float (default) or -DREAL=double.
 *   ./box27_rhs_3d N T     (N^3 grid, T steps) */
#include "bench_common.h"

void box27_rhs_3d(int steps, int n, REAL *A1, REAL *F1)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])A1;
  REAL (*F)[n][n] = (REAL (*)[n][n])F1;
  const REAL keep = (REAL)0.3, face = (REAL)0.05, edge = (REAL)0.02,
             corner = (REAL)0.0075, src = (REAL)0.01;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          A[(t + 1) % 2][z][y][x] =
            keep * A[t % 2][z][y][x]
            + face * (A[t % 2][z - 1][y][x] + A[t % 2][z + 1][y][x]
                      + A[t % 2][z][y - 1][x] + A[t % 2][z][y + 1][x]
                      + A[t % 2][z][y][x - 1] + A[t % 2][z][y][x + 1])
            + edge * (A[t % 2][z][y - 1][x - 1] + A[t % 2][z][y - 1][x + 1]
                      + A[t % 2][z][y + 1][x - 1] + A[t % 2][z][y + 1][x + 1]
                      + A[t % 2][z - 1][y][x - 1] + A[t % 2][z - 1][y][x + 1]
                      + A[t % 2][z + 1][y][x - 1] + A[t % 2][z + 1][y][x + 1]
                      + A[t % 2][z - 1][y - 1][x] + A[t % 2][z - 1][y + 1][x]
                      + A[t % 2][z + 1][y - 1][x] + A[t % 2][z + 1][y + 1][x])
            + corner * (A[t % 2][z - 1][y - 1][x - 1] + A[t % 2][z - 1][y - 1][x + 1]
                        + A[t % 2][z - 1][y + 1][x - 1] + A[t % 2][z - 1][y + 1][x + 1]
                        + A[t % 2][z + 1][y - 1][x - 1] + A[t % 2][z + 1][y - 1][x + 1]
                        + A[t % 2][z + 1][y + 1][x - 1] + A[t % 2][z + 1][y + 1][x + 1])
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
  /* keep + 6 face + 12 edge + 8 corner weights = 0.9: every step is a contraction
     plus a bounded source */
  bench_fill(F, cells, 3, -1.0, 2.0);
  bench_banner("box27_rhs_3d", n, T, T);
  box27_rhs_3d((int)T, (int)n, A, F);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  free(F);
  return 0;
}
