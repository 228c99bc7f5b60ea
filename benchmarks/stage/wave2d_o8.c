/* wave2d_o8: second-order acoustic wave equation in 2D, 8th order in space
 * (radius-4 star): three levels U[(t+2)%3] from U[(t+1)%3] and U[t%3], a
 * read-only squared-velocity field V = (c dt / h)^2 and a read-only damping
 * field D (a sponge layer along the edges), interior 4..n-5.
 * One time step is one sweep. Float (single precision, as seismic codes run
 * it); -DREAL=double works too.
 *   ./wave2d_o8 N T     (N x N grid, T steps) */
#include "bench_common.h"

void wave2d_o8(int nt, int n, REAL *U1, REAL *V1, REAL *D1)
{
  REAL (*U)[n][n] = (REAL (*)[n][n])U1;
  REAL (*V)[n] = (REAL (*)[n])V1;
  REAL (*D)[n] = (REAL (*)[n])D1;
  int t, i, j;

#pragma scop
  for (t = 0; t < nt; t++)
    for (i = 4; i < n - 4; i++)
      for (j = 4; j < n - 4; j++)
        U[(t + 2) % 3][i][j] =
          ((REAL)2.0 - D[i][j]) * U[(t + 1) % 3][i][j]
          - ((REAL)1.0 - D[i][j]) * U[t % 3][i][j]
          + V[i][j] * ((REAL)-5.6944444444444444 * U[(t + 1) % 3][i][j]
              + (REAL)1.6 * (U[(t + 1) % 3][i - 1][j] + U[(t + 1) % 3][i + 1][j]
                             + U[(t + 1) % 3][i][j - 1] + U[(t + 1) % 3][i][j + 1])
              - (REAL)0.2 * (U[(t + 1) % 3][i - 2][j] + U[(t + 1) % 3][i + 2][j]
                             + U[(t + 1) % 3][i][j - 2] + U[(t + 1) % 3][i][j + 2])
              + (REAL)0.025396825396825397 * (U[(t + 1) % 3][i - 3][j] + U[(t + 1) % 3][i + 3][j]
                             + U[(t + 1) % 3][i][j - 3] + U[(t + 1) % 3][i][j + 3])
              - (REAL)0.0017857142857142857 * (U[(t + 1) % 3][i - 4][j] + U[(t + 1) % 3][i + 4][j]
                             + U[(t + 1) % 3][i][j - 4] + U[(t + 1) % 3][i][j + 4]));
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 1000, 9, &n, &T);
  size_t cells = (size_t)n * (size_t)n;
  REAL *U = bench_alloc(3 * cells), *V = bench_alloc(cells), *D = bench_alloc(cells);
  bench_fill(U, cells, 1, -0.5, 1.0);
  bench_fill(U + cells, cells, 2, -0.5, 1.0);
  bench_fill(U + 2 * cells, cells, 3, -0.5, 1.0);
  /* (c dt / h)^2 in [0.02, 0.12): within the leapfrog limit 4 / 13.0 of the
     8th-order 2D Laplacian */
  bench_fill(V, cells, 4, 0.02, 0.1);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++) {
      double a = bench_sponge(i, n), b = bench_sponge(j, n);
      D[(size_t)i * (size_t)n + (size_t)j] = (REAL)(a > b ? a : b);
    }
  bench_banner("wave2d_o8", n, T, T);
  wave2d_o8((int)T, (int)n, U, V, D);
  bench_checksum("U[0]", U, cells);
  bench_checksum("U[1]", U + cells, cells);
  bench_checksum("U[2]", U + 2 * cells, cells);
  bench_total();
  free(U);
  free(V);
  free(D);
  return 0;
}
