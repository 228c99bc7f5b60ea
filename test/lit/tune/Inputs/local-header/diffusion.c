/* A stage-form region (a read-only coefficient beside the state) whose
   macros come from a header of its own tree. */
#include "defs/coef.h"

void diffusion(int steps, int n, float A[2][n][n], float c[n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = A[t % 2][i][j]
          + DIFFUSION_RATE * c[i][j] * (NEIGHBOURS(A, t, i, j) - 4.0f * A[t % 2][i][j]);
#pragma endscop
}
