/* Casts: on the coefficients (region 0), and on a read and the whole value (region 1). */
void cast_coefficients(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = (float)0.2 * A[t%2][i-1][j] + (float)0.2 * A[t%2][i+1][j]
                         + (float)0.1 * A[t%2][i][j-1] + (float)0.1 * A[t%2][i][j+1]
                         + (float)(1.0 - 0.6) * A[t%2][i][j];
#pragma endscop
}

void cast_values(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = (float)(0.2 * A[t%2][i-1][j] + 0.2 * A[t%2][i+1][j]
                                   + 0.1 * A[t%2][i][j-1] + 0.1 * A[t%2][i][j+1]
                                   + 0.4 * (double)A[t%2][i][j]);
#pragma endscop
}
