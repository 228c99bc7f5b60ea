/* Three-dimensional seven-point star. */
void star3d(int n, int steps, float *A1)
{
  float (*A)[n][n][n] = (float (*)[n][n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t+1)%2][i][j][k] = 0.1f * A[t%2][i-1][j][k] + 0.11f * A[t%2][i][j-1][k]
                              + 0.12f * A[t%2][i][j][k-1] + 0.34f * A[t%2][i][j][k]
                              + 0.13f * A[t%2][i][j][k+1] + 0.09f * A[t%2][i][j+1][k]
                              + 0.08f * A[t%2][i+1][j][k];
#pragma endscop
}
