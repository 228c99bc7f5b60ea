/* gradient2d: c*f + 1.0 / sqrt(c0 + sum over the 4 axis neighbours n of (f - n)*(f - n))
 * 2D, radius 1, star shape, 19 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif
#include <math.h>

/* The square root in the variant's precision: sqrtf for float, sqrt for
 * double. C's sqrt of a float is a double square root; AN5D's generated
 * CUDA, whose figures are the bar, takes C++'s sqrt(float) overload. */
#define SQRT_IN(real) SQRT_IN_(real)
#define SQRT_IN_(real) sqrt_in_##real
#define sqrt_in_float sqrtf
#define sqrt_in_double sqrt

void kernel_gradient2d(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = (REAL)0.4821 * A[t%2][i][j]
          + (REAL)1.0 / SQRT_IN(REAL)((REAL)1.3057
                + (A[t%2][i][j] - A[t%2][i-1][j]) * (A[t%2][i][j] - A[t%2][i-1][j])
                + (A[t%2][i][j] - A[t%2][i][j-1]) * (A[t%2][i][j] - A[t%2][i][j-1])
                + (A[t%2][i][j] - A[t%2][i][j+1]) * (A[t%2][i][j] - A[t%2][i][j+1])
                + (A[t%2][i][j] - A[t%2][i+1][j]) * (A[t%2][i][j] - A[t%2][i+1][j]));
#pragma endscop
}
