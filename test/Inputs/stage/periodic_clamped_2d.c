/* 2D (float) periodic along j, clamped edges along i: a channel whose
   walls repeat their own value, its length a ring. */
void periodic_clamped_2d(int steps, int n, int m, float A[2][n][m])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        A[(t + 1) % 2][i][j] = 0.4f * A[t % 2][i][j]
          + 0.2f * A[t % 2][i < n - 1 ? i + 1 : i][j]
          + 0.15f * A[t % 2][i > 0 ? i - 1 : i][j]
          + 0.13f * A[t % 2][i][(j + 1) % m]
          + 0.12f * A[t % 2][i][(j + m - 1) % m];
#pragma endscop
}
