/* Unary minus: on coefficients (region 0) and on read-dependent values (region 1). */
void negated_coefficients(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = -0.125f * A[t%2][i-1][j] + 1.5f * A[t%2][i][j]
                         + (-0.125f) * A[t%2][i+1][j] - 0.125f * A[t%2][i][j-1]
                         + -0.125f * A[t%2][i][j+1];
#pragma endscop
}

void negated_reads(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.5f * A[t%2][i][j] - 0.125f * -(A[t%2][i-1][j] + A[t%2][i+1][j])
                         + -A[t%2][i][j-1] * -0.0625f - -A[t%2][i][j+1] * 0.0625f;
#pragma endscop
}
