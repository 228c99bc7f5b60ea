/* A 2D array smoothed along j only: radius 0 along i, so i covers every row. */
void row_smooth(int n, int m, int steps, float *A1)
{
  float (*A)[n][m] = (float (*)[n][m])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < n; i++)
      for (int j = 1; j < m - 1; j++)
        A[(t+1)%2][i][j] = 0.3f * A[t%2][i][j-1] + 0.45f * A[t%2][i][j] + 0.25f * A[t%2][i][j+1];
#pragma endscop
}
