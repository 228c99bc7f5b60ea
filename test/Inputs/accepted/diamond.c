/* Diamond (general shape): every offset with |di| + |dj| <= 2. */
void diamond(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        A[(t+1)%2][i][j] = 0.02f * A[t%2][i-2][j]
                         + 0.04f * A[t%2][i-1][j-1] + 0.1f * A[t%2][i-1][j] + 0.05f * A[t%2][i-1][j+1]
                         + 0.03f * A[t%2][i][j-2] + 0.11f * A[t%2][i][j-1] + 0.2f * A[t%2][i][j]
                         + 0.12f * A[t%2][i][j+1] + 0.025f * A[t%2][i][j+2]
                         + 0.06f * A[t%2][i+1][j-1] + 0.13f * A[t%2][i+1][j] + 0.07f * A[t%2][i+1][j+1]
                         + 0.015f * A[t%2][i+2][j];
#pragma endscop
}
