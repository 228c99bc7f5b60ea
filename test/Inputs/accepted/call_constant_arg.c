/* A math call on constants only: a read-free factor, so still a sum of products. */
#include <math.h>

void star_call_coeff(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = sqrtf(0.04f) * (A[t%2][i-1][j] + A[t%2][i+1][j] + A[t%2][i][j-1] + A[t%2][i][j+1])
                         + (1.0f - 4.0f * sqrtf(0.04f)) * A[t%2][i][j];
#pragma endscop
}
