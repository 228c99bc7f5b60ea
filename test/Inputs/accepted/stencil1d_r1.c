/* A one-dimensional three-point stencil (radius 1). */
void heat1d(int n, int steps, float *A1)
{
  float (*A)[n] = (float (*)[n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.3f * A[t%2][i-1] + 0.45f * A[t%2][i] + 0.25f * A[t%2][i+1];
#pragma endscop
}
