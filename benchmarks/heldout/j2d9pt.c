/* Held-out suite: j2d9pt (AN5D Table 3), 2D second-order (radius 2) 9-point
 * Jacobi-type star.  Weights are named const locals (total 8.46), the sum is
 * divided by 8.5; terms grouped by column (j-major), time bound t <= steps - 1. */
#ifndef REAL
#define REAL float
#endif

void heldout_j2d9pt(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;
  const REAL a_w2 = (REAL)0.44, a_w1 = (REAL)1.19;
  const REAL a_n2 = (REAL)0.41, a_n1 = (REAL)1.12, a_c = (REAL)2.35;
  const REAL a_s1 = (REAL)1.07, a_s2 = (REAL)0.38;
  const REAL a_e1 = (REAL)1.03, a_e2 = (REAL)0.47;
  const REAL denom = (REAL)8.5;

#pragma scop
  for (int t = 0; t <= steps - 1; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        A[(t + 1) % 2][i][j] = (a_w2 * A[t % 2][i][j - 2] + a_w1 * A[t % 2][i][j - 1]
                              + a_n2 * A[t % 2][i - 2][j] + a_n1 * A[t % 2][i - 1][j]
                              + a_c * A[t % 2][i][j]
                              + a_s1 * A[t % 2][i + 1][j] + a_s2 * A[t % 2][i + 2][j]
                              + a_e1 * A[t % 2][i][j + 1] + a_e2 * A[t % 2][i][j + 2]) / denom;
#pragma endscop
}
