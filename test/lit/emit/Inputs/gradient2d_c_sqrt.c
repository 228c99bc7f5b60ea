/* gradient2d with C's sqrt of a float: the square root and the division
 * are double operations (C's promotions), which a float stencil computes
 * through the double helpers of kernels-templates/float-square-root.cu.in.
 * The suite's gradient2d takes sqrtf in float instead, as AN5D's CUDA
 * does. */
#ifndef REAL
#define REAL float
#endif
#include <math.h>

void kernel_gradient2d(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = (REAL)0.4821 * A[t%2][i][j]
          + (REAL)1.0 / sqrt((REAL)1.3057
                + (A[t%2][i][j] - A[t%2][i-1][j]) * (A[t%2][i][j] - A[t%2][i-1][j])
                + (A[t%2][i][j] - A[t%2][i][j-1]) * (A[t%2][i][j] - A[t%2][i][j-1])
                + (A[t%2][i][j] - A[t%2][i][j+1]) * (A[t%2][i][j] - A[t%2][i][j+1])
                + (A[t%2][i][j] - A[t%2][i+1][j]) * (A[t%2][i][j] - A[t%2][i+1][j]));
#pragma endscop
}
