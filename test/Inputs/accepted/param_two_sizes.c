/* The array is a parameter `float A[2][n][m]` with two different run-time sizes. */
void star_nm(int n, int m, int steps, float A[2][n][m])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        A[(t+1)%2][i][j] = 0.12f * A[t%2][i-1][j] + 0.23f * A[t%2][i][j-1]
                         + 0.31f * A[t%2][i][j] + 0.2f * A[t%2][i][j+1]
                         + 0.14f * A[t%2][i+1][j];
#pragma endscop
}
