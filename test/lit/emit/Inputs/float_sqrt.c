/* C's sqrt of a float operand (promoted to double), alone and under a
 * power-of-two numerator, in a float stencil. */
#include <math.h>

void float_sqrt(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.25f * (A[t%2][i][j-1] + A[t%2][i][j+1])
                         + 0.125 * sqrt(A[t%2][i-1][j] * A[t%2][i-1][j] + 1.0f)
                         - 0.5 / sqrt(A[t%2][i+1][j] * A[t%2][i+1][j] + 4.0f);
#pragma endscop
}
