/* diffusion3d_var: variable-coefficient 3D diffusion: two levels
 * A[t%2] -> A[(t+1)%2] over the interior of an n^3 grid; the conductivity
 * K[z][y][x] is a read-only field averaged on each cell face.
 * One time step is one sweep. Build: -DREAL=float (default) or -DREAL=double.
 *   ./diffusion3d_var N T     (N^3 grid, T steps) */
#include "bench_common.h"

void diffusion3d_var(int steps, int n, REAL *A1, REAL *K1)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])A1;
  REAL (*K)[n][n] = (REAL (*)[n][n])K1;
  int t, z, y, x;

#pragma scop
  for (t = 0; t < steps; t++)
    for (z = 1; z < n - 1; z++)
      for (y = 1; y < n - 1; y++)
        for (x = 1; x < n - 1; x++)
          A[(t + 1) % 2][z][y][x] = A[t % 2][z][y][x]
            + (REAL)0.05 * ((K[z][y][x] + K[z][y][x + 1]) * (A[t % 2][z][y][x + 1] - A[t % 2][z][y][x])
                          - (K[z][y][x - 1] + K[z][y][x]) * (A[t % 2][z][y][x] - A[t % 2][z][y][x - 1]))
            + (REAL)0.045 * ((K[z][y][x] + K[z][y + 1][x]) * (A[t % 2][z][y + 1][x] - A[t % 2][z][y][x])
                           - (K[z][y - 1][x] + K[z][y][x]) * (A[t % 2][z][y][x] - A[t % 2][z][y - 1][x]))
            + (REAL)0.04 * ((K[z][y][x] + K[z + 1][y][x]) * (A[t % 2][z + 1][y][x] - A[t % 2][z][y][x])
                          - (K[z - 1][y][x] + K[z][y][x]) * (A[t % 2][z][y][x] - A[t % 2][z - 1][y][x]));
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 100, 3, &n, &T);
  size_t cells = (size_t)n * (size_t)n * (size_t)n;
  REAL *A = bench_alloc(2 * cells), *K = bench_alloc(cells);
  bench_fill(A, cells, 1, 0.0, 1.0);
  bench_fill(A + cells, cells, 2, 0.0, 1.0);
  /* K in [0.5, 1.5): the six face weights sum to at most 0.81, so every step
     is a convex combination */
  bench_fill(K, cells, 3, 0.5, 1.0);
  bench_banner("diffusion3d_var", n, T, T);
  diffusion3d_var((int)T, (int)n, A, K);
  bench_checksum("A[0]", A, cells);
  bench_checksum("A[1]", A + cells, cells);
  bench_total();
  free(A);
  free(K);
  return 0;
}
