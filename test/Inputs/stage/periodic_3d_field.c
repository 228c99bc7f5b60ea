/* 3D (double) periodic along j and k, walls along i (rows 1 to n-2 are
   updated, rows 0 and n-1 keep their values): a coefficient field c read
   at the wrapped neighbours it weighs, and a reach of 2 and 1 along k. */
void periodic_3d_field(int steps, int n, int m, int p, double A[2][n][m][p],
                       double c[n][m][p])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 0; j < m; j++)
        for (int k = 0; k < p; k++)
          A[(t + 1) % 2][i][j][k] =
              0.3 * A[t % 2][i][j][k] + 0.1 * A[t % 2][i - 1][j][k] +
              0.1 * A[t % 2][i + 1][j][k] +
              0.1 * c[i][(j + 1) % m][k] * A[t % 2][i][(j + 1) % m][k] +
              0.1 * c[i][(j + m - 1) % m][k] * A[t % 2][i][(j + m - 1) % m][k] +
              0.12 * A[t % 2][i][j][(k + 1) % p] +
              0.13 * A[t % 2][i][j][(k + p - 2) % p];
#pragma endscop
}
