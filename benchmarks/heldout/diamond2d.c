/* Held-out suite: diamond2d (not in AN5D Table 3).
 * 2D diamond |di| + |dj| <= 2: 13 points (the radius-2 star plus the 4
 * diagonal neighbours).  Distinct positive weights, total 0.9874.  The array is
 * a VLA function parameter A[2][n][n] rather than a pointer cast. */
#ifndef REAL
#define REAL float
#endif

void heldout_diamond2d(int n, int steps, REAL A[2][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        A[(t + 1) % 2][i][j] =
                                                    (REAL)0.0412 * A[t % 2][i - 2][j]
          + (REAL)0.0587 * A[t % 2][i - 1][j - 1] + (REAL)0.0921 * A[t % 2][i - 1][j] + (REAL)0.0633 * A[t % 2][i - 1][j + 1]
          + (REAL)0.0379 * A[t % 2][i][j - 2] + (REAL)0.0968 * A[t % 2][i][j - 1] + (REAL)0.1502 * A[t % 2][i][j]
          + (REAL)0.0893 * A[t % 2][i][j + 1] + (REAL)0.0446 * A[t % 2][i][j + 2]
          + (REAL)0.0611 * A[t % 2][i + 1][j - 1] + (REAL)0.0957 * A[t % 2][i + 1][j] + (REAL)0.0702 * A[t % 2][i + 1][j + 1]
          +                                         (REAL)0.0863 * A[t % 2][i + 2][j];
#pragma endscop
}
