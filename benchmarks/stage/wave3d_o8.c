/* wave3d_o8: second-order acoustic wave equation in 3D, 8th order in space
 * (radius-4 star): three levels U[(t+2)%3] from U[(t+1)%3] and U[t%3], a
 * read-only squared-velocity field V = (c dt / h)^2 and a read-only damping
 * field D (a sponge layer along the faces), interior 4..n-5 on every axis.
 * One time step is one sweep. Float (single precision, as seismic codes run
 * it); -DREAL=double works too.
 *   ./wave3d_o8 N T     (N^3 grid, T steps) */
#include "bench_common.h"

void wave3d_o8(int nt, int n, REAL *U1, REAL *V1, REAL *D1)
{
  REAL (*U)[n][n][n] = (REAL (*)[n][n][n])U1;
  REAL (*V)[n][n] = (REAL (*)[n][n])V1;
  REAL (*D)[n][n] = (REAL (*)[n][n])D1;
  int t, i, j, k;

#pragma scop
  for (t = 0; t < nt; t++)
    for (i = 4; i < n - 4; i++)
      for (j = 4; j < n - 4; j++)
        for (k = 4; k < n - 4; k++)
          U[(t + 2) % 3][i][j][k] =
            ((REAL)2.0 - D[i][j][k]) * U[(t + 1) % 3][i][j][k]
            - ((REAL)1.0 - D[i][j][k]) * U[t % 3][i][j][k]
            + V[i][j][k] * ((REAL)-8.5416666666666667 * U[(t + 1) % 3][i][j][k]
                + (REAL)1.6 * (U[(t + 1) % 3][i - 1][j][k] + U[(t + 1) % 3][i + 1][j][k]
                               + U[(t + 1) % 3][i][j - 1][k] + U[(t + 1) % 3][i][j + 1][k]
                               + U[(t + 1) % 3][i][j][k - 1] + U[(t + 1) % 3][i][j][k + 1])
                - (REAL)0.2 * (U[(t + 1) % 3][i - 2][j][k] + U[(t + 1) % 3][i + 2][j][k]
                               + U[(t + 1) % 3][i][j - 2][k] + U[(t + 1) % 3][i][j + 2][k]
                               + U[(t + 1) % 3][i][j][k - 2] + U[(t + 1) % 3][i][j][k + 2])
                + (REAL)0.025396825396825397 * (U[(t + 1) % 3][i - 3][j][k] + U[(t + 1) % 3][i + 3][j][k]
                               + U[(t + 1) % 3][i][j - 3][k] + U[(t + 1) % 3][i][j + 3][k]
                               + U[(t + 1) % 3][i][j][k - 3] + U[(t + 1) % 3][i][j][k + 3])
                - (REAL)0.0017857142857142857 * (U[(t + 1) % 3][i - 4][j][k] + U[(t + 1) % 3][i + 4][j][k]
                               + U[(t + 1) % 3][i][j - 4][k] + U[(t + 1) % 3][i][j + 4][k]
                               + U[(t + 1) % 3][i][j][k - 4] + U[(t + 1) % 3][i][j][k + 4]));
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 100, 9, &n, &T);
  size_t cells = (size_t)n * (size_t)n * (size_t)n;
  REAL *U = bench_alloc(3 * cells), *V = bench_alloc(cells), *D = bench_alloc(cells);
  bench_fill(U, cells, 1, -0.5, 1.0);
  bench_fill(U + cells, cells, 2, -0.5, 1.0);
  bench_fill(U + 2 * cells, cells, 3, -0.5, 1.0);
  /* (c dt / h)^2 in [0.02, 0.12): within the leapfrog limit 4 / 19.5 of the
     8th-order 3D Laplacian */
  bench_fill(V, cells, 4, 0.02, 0.1);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      for (long k = 0; k < n; k++) {
        double a = bench_sponge(i, n), b = bench_sponge(j, n), c = bench_sponge(k, n);
        double m = a > b ? a : b;
        D[((size_t)i * (size_t)n + (size_t)j) * (size_t)n + (size_t)k] = (REAL)(m > c ? m : c);
      }
  bench_banner("wave3d_o8", n, T, T);
  wave3d_o8((int)T, (int)n, U, V, D);
  bench_checksum("U[0]", U, cells);
  bench_checksum("U[1]", U + cells, cells);
  bench_checksum("U[2]", U + 2 * cells, cells);
  bench_total();
  free(U);
  free(V);
  free(D);
  return 0;
}
