/* Periodic along j; row 0 is a boundary statement of its own that wraps
   too (a slice of the non-periodic dimension): blocked. */
void pslice(int steps, int n, int m, float A[2][n][m])
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < m; j++)
      A[(t + 1) % 2][0][j] = 0.5f * A[t % 2][0][(j + 1) % m] + 0.5f * A[t % 2][0][j];
    for (int i = 1; i < n; i++)
      for (int j = 0; j < m; j++)
        A[(t + 1) % 2][i][j] = 0.25f * A[t % 2][i - 1][j] + 0.25f * A[t % 2][i][(j + 1) % m]
          + 0.5f * A[t % 2][i][(j + m - 1) % m];
  }
#pragma endscop
}
