/* Irregular general shape: offsets (-2,0), (-1,1), (0,0), (0,2), (1,-1). */
void scatter(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 1; i++)
      for (int j = 1; j < n - 2; j++)
        A[(t+1)%2][i][j] = 0.15f * A[t%2][i-2][j] + 0.2f * A[t%2][i-1][j+1]
                         + 0.35f * A[t%2][i][j] + 0.1f * A[t%2][i][j+2]
                         + 0.2f * A[t%2][i+1][j-1];
#pragma endscop
}
