/* Held-out suite: poisson3d19pt (not in AN5D Table 3).
 * Damped Jacobi smoother for -lap(u) = f with the 19-point "Mehrstellen"
 * Laplacian (centre, 6 faces with weight 2, 12 edges with weight 1, over 24):
 *   u' = (1 - w) u + w/24 * (2 * sum(faces) + sum(edges) + 6 h^2 f)
 * with w = 0.8.  f is a read-only right-hand side; h is a scalar parameter. */
#ifndef REAL
#define REAL float
#endif

void heldout_poisson3d19pt(int n, int steps, REAL h, REAL *ubuf, REAL (*f)[n][n])
{
  REAL (*u)[n][n][n] = (REAL (*)[n][n][n])ubuf;
  const REAL w = (REAL)0.8;
  const REAL h2x6 = (REAL)6 * h * h;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          u[(t + 1) % 2][i][j][k] = ((REAL)1 - w) * u[t % 2][i][j][k]
            + w * (REAL)(1.0 / 24.0) *
              ( (REAL)2 * ( u[t % 2][i - 1][j][k] + u[t % 2][i + 1][j][k]
                          + u[t % 2][i][j - 1][k] + u[t % 2][i][j + 1][k]
                          + u[t % 2][i][j][k - 1] + u[t % 2][i][j][k + 1] )
              + u[t % 2][i - 1][j - 1][k] + u[t % 2][i - 1][j + 1][k]
              + u[t % 2][i + 1][j - 1][k] + u[t % 2][i + 1][j + 1][k]
              + u[t % 2][i - 1][j][k - 1] + u[t % 2][i - 1][j][k + 1]
              + u[t % 2][i + 1][j][k - 1] + u[t % 2][i + 1][j][k + 1]
              + u[t % 2][i][j - 1][k - 1] + u[t % 2][i][j - 1][k + 1]
              + u[t % 2][i][j + 1][k - 1] + u[t % 2][i][j + 1][k + 1]
              + h2x6 * f[i][j][k] );
#pragma endscop
}
