/* Held-out suite: box2d2r (AN5D Table 3). 2D box of radius 2, 25 points; (REAL) casts, sum ~0.985,
 * rows written from +2 down to -2. */
#ifndef REAL
#define REAL float
#endif

void heldout_box2d2r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int y = 2; y < n - 2; y++)
      for (int x = 2; x < n - 2; x++)
        A[(t + 1) % 2][y][x] =
              (REAL)0.03844 * A[t % 2][y + 2][x + 2]
            + (REAL)0.06642 * A[t % 2][y + 2][x + 1]
            + (REAL)0.05319 * A[t % 2][y + 2][x]
            + (REAL)0.02237 * A[t % 2][y + 2][x - 1]
            + (REAL)0.04619 * A[t % 2][y + 2][x - 2]
            + (REAL)0.02696 * A[t % 2][y + 1][x + 2]
            + (REAL)0.02171 * A[t % 2][y + 1][x + 1]
            + (REAL)0.05889 * A[t % 2][y + 1][x]
            + (REAL)0.06662 * A[t % 2][y + 1][x - 1]
            + (REAL)0.04443 * A[t % 2][y + 1][x - 2]
            + (REAL)0.05007 * A[t % 2][y][x + 2]
            + (REAL)0.02600 * A[t % 2][y][x + 1]
            + (REAL)0.02383 * A[t % 2][y][x]
            + (REAL)0.03329 * A[t % 2][y][x - 1]
            + (REAL)0.02286 * A[t % 2][y][x - 2]
            + (REAL)0.05650 * A[t % 2][y - 1][x + 2]
            + (REAL)0.02718 * A[t % 2][y - 1][x + 1]
            + (REAL)0.04180 * A[t % 2][y - 1][x]
            + (REAL)0.02209 * A[t % 2][y - 1][x - 1]
            + (REAL)0.02884 * A[t % 2][y - 1][x - 2]
            + (REAL)0.03582 * A[t % 2][y - 2][x + 2]
            + (REAL)0.04386 * A[t % 2][y - 2][x + 1]
            + (REAL)0.03359 * A[t % 2][y - 2][x]
            + (REAL)0.04581 * A[t % 2][y - 2][x - 1]
            + (REAL)0.04834 * A[t % 2][y - 2][x - 2];
#pragma endscop
}
