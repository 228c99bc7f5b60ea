/* Local floating-point scalars defined before the region, used as coefficients. */
void diffuse_local(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
  float w = 0.15f;
  float c = 1.0f - 4.0f * w;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = w * A[t%2][i-1][j] + w * A[t%2][i][j-1] + c * A[t%2][i][j]
                         + w * A[t%2][i][j+1] + w * A[t%2][i+1][j];
#pragma endscop
}
