/* Three-dimensional 3x3x3 box. */
void box3d(int n, int steps, float *A1)
{
  float (*A)[n][n][n] = (float (*)[n][n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t+1)%2][i][j][k] =
              0.011f * A[t%2][i-1][j-1][k-1] + 0.021f * A[t%2][i-1][j-1][k] + 0.012f * A[t%2][i-1][j-1][k+1]
            + 0.022f * A[t%2][i-1][j][k-1] + 0.041f * A[t%2][i-1][j][k] + 0.023f * A[t%2][i-1][j][k+1]
            + 0.013f * A[t%2][i-1][j+1][k-1] + 0.024f * A[t%2][i-1][j+1][k] + 0.014f * A[t%2][i-1][j+1][k+1]
            + 0.025f * A[t%2][i][j-1][k-1] + 0.042f * A[t%2][i][j-1][k] + 0.026f * A[t%2][i][j-1][k+1]
            + 0.043f * A[t%2][i][j][k-1] + 0.1f * A[t%2][i][j][k] + 0.044f * A[t%2][i][j][k+1]
            + 0.027f * A[t%2][i][j+1][k-1] + 0.045f * A[t%2][i][j+1][k] + 0.028f * A[t%2][i][j+1][k+1]
            + 0.015f * A[t%2][i+1][j-1][k-1] + 0.029f * A[t%2][i+1][j-1][k] + 0.016f * A[t%2][i+1][j-1][k+1]
            + 0.031f * A[t%2][i+1][j][k-1] + 0.046f * A[t%2][i+1][j][k] + 0.032f * A[t%2][i+1][j][k+1]
            + 0.017f * A[t%2][i+1][j+1][k-1] + 0.033f * A[t%2][i+1][j+1][k] + 0.018f * A[t%2][i+1][j+1][k+1];
#pragma endscop
}
