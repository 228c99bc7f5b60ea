/* Two regions in two functions of one file: a 1D double and a 3D float stencil. */
void line_smooth(int n, int steps, double *A1)
{
  double (*A)[n] = (double (*)[n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.25 * A[t%2][i-1] + 0.5 * A[t%2][i] + 0.25 * A[t%2][i+1];
#pragma endscop
}

void volume_smooth(int n, int steps, float *A1)
{
  float (*A)[n][n][n] = (float (*)[n][n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t+1)%2][i][j][k] = 0.1f * A[t%2][i-1][j][k] + 0.1f * A[t%2][i+1][j][k]
                              + 0.1f * A[t%2][i][j-1][k] + 0.1f * A[t%2][i][j+1][k]
                              + 0.1f * A[t%2][i][j][k-1] + 0.1f * A[t%2][i][j][k+1]
                              + 0.4f * A[t%2][i][j][k];
#pragma endscop
}
