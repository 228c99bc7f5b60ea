/* A read-only floating-point function parameter used as a coefficient. */
void diffuse(int n, int steps, float alpha, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = alpha * A[t%2][i-1][j] + alpha * A[t%2][i+1][j]
                         + alpha * A[t%2][i][j-1] + alpha * A[t%2][i][j+1]
                         + (1.0f - 4.0f * alpha) * A[t%2][i][j];
#pragma endscop
}
