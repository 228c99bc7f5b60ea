/* Held-out suite: periodic2d (not in AN5D Table 3).
 * 2D 5-point weighted average on a torus: every cell is updated, neighbours
 * wrap around with (i + 1) % n and (i - 1 + n) % n.  Distinct positive weights,
 * total 0.9917. */
#ifndef REAL
#define REAL float
#endif

void heldout_periodic2d(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[(t + 1) % 2][i][j] = (REAL)0.2841 * A[t % 2][i][j]
                             + (REAL)0.1733 * A[t % 2][(i - 1 + n) % n][j]
                             + (REAL)0.1905 * A[t % 2][(i + 1) % n][j]
                             + (REAL)0.1562 * A[t % 2][i][(j - 1 + n) % n]
                             + (REAL)0.1876 * A[t % 2][i][(j + 1) % n];
#pragma endscop
}
