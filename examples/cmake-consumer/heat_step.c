/* 2D heat equation, explicit 5-point scheme: stencilcc compiles the region
 * into temporally blocked CUDA. */
#include "heat.h"

void heat_step(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = A[t%2][i][j]
            + HEAT_ALPHA * (A[t%2][i-1][j] + A[t%2][i+1][j] + A[t%2][i][j-1]
                            + A[t%2][i][j+1] - 4.0f * A[t%2][i][j]);
#pragma endscop
}
