/* A one-dimensional five-point stencil (radius 2). */
void smooth1d(int n, int steps, float *A1)
{
  float (*A)[n] = (float (*)[n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 2; i++)
      A[(t+1)%2][i] = 0.05f * A[t%2][i-2] + 0.2f * A[t%2][i-1] + 0.5f * A[t%2][i]
                    + 0.15f * A[t%2][i+1] + 0.1f * A[t%2][i+2];
#pragma endscop
}
