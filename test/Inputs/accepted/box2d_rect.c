/* A rectangular box: radius 1 along i, radius 2 along j (3x5 points). */
void box_rect(int n, int m, int steps, float *A1)
{
  float (*A)[n][m] = (float (*)[n][m])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 2; j < m - 2; j++)
        A[(t+1)%2][i][j] =
            0.02f * A[t%2][i-1][j-2] + 0.04f * A[t%2][i-1][j-1] + 0.08f * A[t%2][i-1][j]
          + 0.05f * A[t%2][i-1][j+1] + 0.03f * A[t%2][i-1][j+2]
          + 0.06f * A[t%2][i][j-2] + 0.09f * A[t%2][i][j-1] + 0.2f * A[t%2][i][j]
          + 0.1f * A[t%2][i][j+1] + 0.07f * A[t%2][i][j+2]
          + 0.01f * A[t%2][i+1][j-2] + 0.035f * A[t%2][i+1][j-1] + 0.085f * A[t%2][i+1][j]
          + 0.045f * A[t%2][i+1][j+1] + 0.025f * A[t%2][i+1][j+2];
#pragma endscop
}
