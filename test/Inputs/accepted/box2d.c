/* Two-dimensional 3x3 box. */
void box2d(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.05f * A[t%2][i-1][j-1] + 0.1f * A[t%2][i-1][j]
                         + 0.06f * A[t%2][i-1][j+1] + 0.11f * A[t%2][i][j-1]
                         + 0.34f * A[t%2][i][j] + 0.12f * A[t%2][i][j+1]
                         + 0.07f * A[t%2][i+1][j-1] + 0.09f * A[t%2][i+1][j]
                         + 0.04f * A[t%2][i+1][j+1];
#pragma endscop
}
