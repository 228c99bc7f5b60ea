/* Held-out suite: box2d1r (AN5D Table 3). 2D box of radius 1, 9 points; (REAL) casts, sum ~0.990,
 * column-major order of terms, time bound t <= steps - 1. */
#ifndef REAL
#define REAL float
#endif

void heldout_box2d1r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t <= steps - 1; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] =
              (REAL)0.1053 * A[t % 2][i - 1][j - 1]
            + (REAL)0.1243 * A[t % 2][i][j - 1]
            + (REAL)0.0465 * A[t % 2][i + 1][j - 1]
            + (REAL)0.1397 * A[t % 2][i - 1][j]
            + (REAL)0.1125 * A[t % 2][i][j]
            + (REAL)0.1147 * A[t % 2][i + 1][j]
            + (REAL)0.1356 * A[t % 2][i - 1][j + 1]
            + (REAL)0.0813 * A[t % 2][i][j + 1]
            + (REAL)0.1306 * A[t % 2][i + 1][j + 1];
#pragma endscop
}
