/* Periodic along j, and a boundary statement writing column 0 each step:
   a periodic dimension has no edge for such a statement, so the region
   keeps the naive kernels. */
void periodic_column_slice(int steps, int n, int m, float A[2][n][m])
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][(j + 1) % m]
          + 0.5f * A[t % 2][i][(j + m - 1) % m];
    for (int i = 0; i < n; i++)
      A[(t + 1) % 2][i][0] = 1.0f;
  }
#pragma endscop
}
