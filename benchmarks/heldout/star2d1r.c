/* Held-out suite: star2d1r (AN5D Table 3), 2D star of radius 1, 5 points.
 * Weighted sum with distinct positive weights summing to 0.9895 (< 1),
 * so values stay bounded.  Centre term written last. */
#ifndef REAL
#define REAL float
#endif

void heldout_star2d1r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] =
            (REAL)0.1712 * A[t % 2][i - 1][j]
          + (REAL)0.1386 * A[t % 2][i][j - 1]
          + (REAL)0.1549 * A[t % 2][i][j + 1]
          + (REAL)0.1931 * A[t % 2][i + 1][j]
          + (REAL)0.3317 * A[t % 2][i][j];
#pragma endscop
}
