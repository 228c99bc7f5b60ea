/* Wraps along j, but the statement skips the first and last columns: the
   columns it leaves keep their values, so the grid is no torus; the region
   keeps the naive kernels. */
void periodic_partial_loop(int steps, int n, int m, float A[2][n][m])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < n; i++)
      for (int j = 1; j < m - 1; j++)
        A[(t + 1) % 2][i][j] = 0.5f * A[t % 2][i][(j + 1) % m]
          + 0.5f * A[t % 2][i][(j + m - 1) % m];
#pragma endscop
}
