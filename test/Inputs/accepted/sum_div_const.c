/* A weighted sum divided by a constant (associative); the divisor is an integer literal. */
void jacobi_div(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = (6.5f * A[t%2][i-1][j] + 11.0f * A[t%2][i][j-1] + 17.0f * A[t%2][i][j]
                            + 11.5f * A[t%2][i][j+1] + 6.0f * A[t%2][i+1][j]) / 53;
#pragma endscop
}
