/* 2D diffusion whose rate depends on the row only: a rank-1 read-only
   coefficient c[i] beside the two-level state A (float). */
void row_coef(int steps, int n, int m, float A[2][n][m], float c[n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        A[(t + 1) % 2][i][j] = A[t % 2][i][j]
          + c[i] * (0.3f * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j])
                    + 0.2f * (A[t % 2][i][j - 1] + A[t % 2][i][j + 1])
                    - A[t % 2][i][j]);
#pragma endscop
}
