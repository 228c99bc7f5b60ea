/* Held-out suite: star2d4r (AN5D Table 3). 2D star of radius 4, 17 points; (REAL) casts, sum ~0.984,
 * centre first then by distance. */
#ifndef REAL
#define REAL float
#endif

void heldout_star2d4r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int r = 4; r < n - 4; r++)
      for (int c = 4; c < n - 4; c++)
        A[(t + 1) % 2][r][c] =
              (REAL)0.05422 * A[t % 2][r][c]
            + (REAL)0.03327 * A[t % 2][r][c - 1]
            + (REAL)0.06680 * A[t % 2][r][c + 1]
            + (REAL)0.03645 * A[t % 2][r - 1][c]
            + (REAL)0.05995 * A[t % 2][r + 1][c]
            + (REAL)0.04986 * A[t % 2][r][c - 2]
            + (REAL)0.07436 * A[t % 2][r][c + 2]
            + (REAL)0.03814 * A[t % 2][r - 2][c]
            + (REAL)0.09259 * A[t % 2][r + 2][c]
            + (REAL)0.03239 * A[t % 2][r][c - 3]
            + (REAL)0.03208 * A[t % 2][r][c + 3]
            + (REAL)0.07288 * A[t % 2][r - 3][c]
            + (REAL)0.09371 * A[t % 2][r + 3][c]
            + (REAL)0.08548 * A[t % 2][r][c - 4]
            + (REAL)0.08297 * A[t % 2][r][c + 4]
            + (REAL)0.03770 * A[t % 2][r - 4][c]
            + (REAL)0.04085 * A[t % 2][r + 4][c];
#pragma endscop
}
