/* Asymmetric radius along j: reads span j-1 .. j+3. */
void upwind_j(int n, int m, int steps, float *A1)
{
  float (*A)[n][m] = (float (*)[n][m])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 3; j++)
        A[(t+1)%2][i][j] = 0.1f * A[t%2][i-1][j]
                         + 0.12f * A[t%2][i][j-1] + 0.3f * A[t%2][i][j]
                         + 0.16f * A[t%2][i][j+1] + 0.11f * A[t%2][i][j+2]
                         + 0.06f * A[t%2][i][j+3]
                         + 0.09f * A[t%2][i+1][j];
#pragma endscop
}
