/* A read-only scalar parameter named `c`, the name of the blocked kernels'
   own column counter, used as a coefficient of a 2D star stencil. */
void scale_c(int n, int steps, float c, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = c * (A[t%2][i-1][j] + A[t%2][i+1][j]
                              + A[t%2][i][j-1] + A[t%2][i][j+1])
                         + (1.0f - 4.0f * c) * A[t%2][i][j];
#pragma endscop
}
