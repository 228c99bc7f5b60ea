/* Held-out suite: star3d4r (AN5D Table 3). 3D star of radius 4, 25 points; (REAL) casts, sum ~0.991,
 * ordered by distance, loop variables k, j, i, bound i <= n - 5. */
#ifndef REAL
#define REAL float
#endif

void heldout_star3d4r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int k = 4; k <= n - 5; k++)
      for (int j = 4; j <= n - 5; j++)
        for (int i = 4; i <= n - 5; i++)
          A[(t + 1) % 2][k][j][i] =
                (REAL)0.02496 * A[t % 2][k][j][i]
              + (REAL)0.03843 * A[t % 2][k][j][i - 1]
              + (REAL)0.05797 * A[t % 2][k][j][i + 1]
              + (REAL)0.03955 * A[t % 2][k][j - 1][i]
              + (REAL)0.02950 * A[t % 2][k][j + 1][i]
              + (REAL)0.04953 * A[t % 2][k - 1][j][i]
              + (REAL)0.03287 * A[t % 2][k + 1][j][i]
              + (REAL)0.04565 * A[t % 2][k][j][i - 2]
              + (REAL)0.02938 * A[t % 2][k][j][i + 2]
              + (REAL)0.05355 * A[t % 2][k][j - 2][i]
              + (REAL)0.02113 * A[t % 2][k][j + 2][i]
              + (REAL)0.03210 * A[t % 2][k - 2][j][i]
              + (REAL)0.06153 * A[t % 2][k + 2][j][i]
              + (REAL)0.02279 * A[t % 2][k][j][i - 3]
              + (REAL)0.03675 * A[t % 2][k][j][i + 3]
              + (REAL)0.02737 * A[t % 2][k][j - 3][i]
              + (REAL)0.03633 * A[t % 2][k][j + 3][i]
              + (REAL)0.04478 * A[t % 2][k - 3][j][i]
              + (REAL)0.06267 * A[t % 2][k + 3][j][i]
              + (REAL)0.06237 * A[t % 2][k][j][i - 4]
              + (REAL)0.03302 * A[t % 2][k][j][i + 4]
              + (REAL)0.05395 * A[t % 2][k][j - 4][i]
              + (REAL)0.03990 * A[t % 2][k][j + 4][i]
              + (REAL)0.02346 * A[t % 2][k - 4][j][i]
              + (REAL)0.03114 * A[t % 2][k + 4][j][i];
#pragma endscop
}
