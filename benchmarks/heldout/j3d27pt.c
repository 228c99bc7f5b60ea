/* Held-out suite: j3d27pt (AN5D Table 3), 3D 27-point box weighted and
 * divided by a constant.  Weights written as (REAL) casts (total 25.78),
 * divisor 25.93; terms ordered centre, faces, edges, corners; loop bound
 * k <= n - 2. */
#ifndef REAL
#define REAL float
#endif

void heldout_j3d27pt(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k <= n - 2; k++)
          A[(t + 1) % 2][i][j][k] = (
                (REAL)2.73 * A[t % 2][i][j][k]
              + (REAL)1.39 * A[t % 2][i - 1][j][k] + (REAL)0.88 * A[t % 2][i][j - 1][k] + (REAL)1.25 * A[t % 2][i][j][k - 1]
              + (REAL)1.26 * A[t % 2][i][j][k + 1] + (REAL)0.49 * A[t % 2][i][j + 1][k] + (REAL)1.33 * A[t % 2][i + 1][j][k]
              + (REAL)0.45 * A[t % 2][i - 1][j - 1][k] + (REAL)0.53 * A[t % 2][i - 1][j][k - 1] + (REAL)0.59 * A[t % 2][i - 1][j][k + 1]
              + (REAL)0.37 * A[t % 2][i - 1][j + 1][k] + (REAL)0.32 * A[t % 2][i][j - 1][k - 1] + (REAL)0.50 * A[t % 2][i][j - 1][k + 1]
              + (REAL)0.58 * A[t % 2][i][j + 1][k - 1] + (REAL)0.66 * A[t % 2][i][j + 1][k + 1] + (REAL)0.33 * A[t % 2][i + 1][j - 1][k]
              + (REAL)1.48 * A[t % 2][i + 1][j][k - 1] + (REAL)1.14 * A[t % 2][i + 1][j][k + 1] + (REAL)1.06 * A[t % 2][i + 1][j + 1][k]
              + (REAL)1.32 * A[t % 2][i - 1][j - 1][k - 1] + (REAL)1.07 * A[t % 2][i - 1][j - 1][k + 1] + (REAL)0.81 * A[t % 2][i - 1][j + 1][k - 1]
              + (REAL)1.23 * A[t % 2][i - 1][j + 1][k + 1] + (REAL)0.38 * A[t % 2][i + 1][j - 1][k - 1] + (REAL)0.90 * A[t % 2][i + 1][j - 1][k + 1]
              + (REAL)1.44 * A[t % 2][i + 1][j + 1][k - 1] + (REAL)1.29 * A[t % 2][i + 1][j + 1][k + 1]
            ) / (REAL)25.93;
#pragma endscop
}
