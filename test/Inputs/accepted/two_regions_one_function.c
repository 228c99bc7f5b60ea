/* Two regions one after the other in the same function, on the same array. */
void two_phases(int n, int steps1, int steps2, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps1; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.2f * A[t%2][i-1][j] + 0.2f * A[t%2][i][j-1]
                         + 0.2f * A[t%2][i][j] + 0.2f * A[t%2][i][j+1]
                         + 0.2f * A[t%2][i+1][j];
#pragma endscop
#pragma scop
  for (int t = 0; t < steps2; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.05f * A[t%2][i-1][j-1] + 0.1f * A[t%2][i-1][j] + 0.05f * A[t%2][i-1][j+1]
                         + 0.1f * A[t%2][i][j-1] + 0.4f * A[t%2][i][j] + 0.1f * A[t%2][i][j+1]
                         + 0.05f * A[t%2][i+1][j-1] + 0.1f * A[t%2][i+1][j] + 0.05f * A[t%2][i+1][j+1];
#pragma endscop
}
