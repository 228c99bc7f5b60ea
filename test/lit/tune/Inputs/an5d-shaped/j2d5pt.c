/* Shaped like AN5D's benchmark files (our own text): the kernel function
   with its region first, then common.h, which defines STENCILBENCH, the
   StencilBench timer hooks on variables of its own main, and main. */
#ifndef SB_TYPE
#define SB_TYPE float
#endif

void kernel_j2d5pt(int dimsize, int timestep, SB_TYPE *A1)
{
  SB_TYPE (*A)[dimsize][dimsize] = (SB_TYPE (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t + 1) % 2][i][j] =
            (0.21f * A[t % 2][i - 1][j] + 0.19f * A[t % 2][i][j - 1]
             + 0.2f * A[t % 2][i][j] + 0.18f * A[t % 2][i][j + 1]
             + 0.22f * A[t % 2][i + 1][j]);
#pragma endscop
}

#include "common.h"
