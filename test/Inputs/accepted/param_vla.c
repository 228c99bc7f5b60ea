/* The array is a variable-length array parameter with an incomplete first dimension. */
void star_vla_param(int n, int steps, float A[][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.16f * A[t%2][i-1][j] + 0.19f * A[t%2][i][j-1]
                         + 0.3f * A[t%2][i][j] + 0.21f * A[t%2][i][j+1]
                         + 0.14f * A[t%2][i+1][j];
#pragma endscop
}
