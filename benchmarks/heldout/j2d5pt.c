/* Held-out suite: j2d5pt (AN5D Table 3), 2D 5-point Jacobi-type star.
 * Weighted sum (weights 1.30, 0.90, 1.70, 1.10, 1.15; total 6.15) divided by
 * 6.25, written here as multiplication by the reciprocal 0.16. */
#ifndef REAL
#define REAL float
#endif

void heldout_j2d5pt(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = ((REAL)1.30 * A[t % 2][i - 1][j]
                              + (REAL)0.90 * A[t % 2][i][j - 1]
                              + (REAL)1.70 * A[t % 2][i][j]
                              + (REAL)1.10 * A[t % 2][i][j + 1]
                              + (REAL)1.15 * A[t % 2][i + 1][j]) * (REAL)0.16;
#pragma endscop
}
