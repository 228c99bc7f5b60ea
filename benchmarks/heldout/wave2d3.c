/* Held-out suite: wave2d3 (not in AN5D Table 3).
 * 2D second-order wave equation, three time levels through t % 3:
 *   U[t+1] = 2 U[t] - U[t-1] + c2 * lap4(U[t])
 * with the fourth-order (radius 2) Laplacian
 *   lap4 = -1/12 (u-2 + u+2) + 4/3 (u-1 + u+1) - 5/2 u   in each direction.
 * c2 = (c dt / h)^2 is a scalar parameter (<= ~0.35 for stability). */
#ifndef REAL
#define REAL float
#endif

void heldout_wave2d3(int n, int steps, REAL c2, REAL *buf)
{
  REAL (*U)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        U[(t + 2) % 3][i][j] = (REAL)2 * U[(t + 1) % 3][i][j] - U[t % 3][i][j]
          + c2 * ( (REAL)(4.0 / 3.0) * (U[(t + 1) % 3][i - 1][j] + U[(t + 1) % 3][i + 1][j]
                                      + U[(t + 1) % 3][i][j - 1] + U[(t + 1) % 3][i][j + 1])
                 - (REAL)(1.0 / 12.0) * (U[(t + 1) % 3][i - 2][j] + U[(t + 1) % 3][i + 2][j]
                                       + U[(t + 1) % 3][i][j - 2] + U[(t + 1) % 3][i][j + 2])
                 - (REAL)5 * U[(t + 1) % 3][i][j] );
#pragma endscop
}
