/* 2D two-level stencil (float) on a torus: both dimensions wrap around with
   remainders ((i+1)%n, (i+n-1)%n, ...), over the whole n x m grid. */
void periodic_2d(int steps, int n, int m, float A[2][n][m])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        A[(t + 1) % 2][i][j] = 0.36f * A[t % 2][i][j]
          + 0.18f * A[t % 2][(i + n - 1) % n][j] + 0.14f * A[t % 2][(i + 1) % n][j]
          + 0.17f * A[t % 2][i][(j + m - 1) % m] + 0.15f * A[t % 2][i][(j + 1) % m];
#pragma endscop
}
