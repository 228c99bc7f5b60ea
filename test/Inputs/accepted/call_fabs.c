/* fabs (double, region 0) and fabsf (float, region 1). */
#include <math.h>

void abs_diff(int n, int steps, double *A1)
{
  double (*A)[n][n] = (double (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.5 * A[t%2][i][j]
                         + 0.125 * (fabs(A[t%2][i-1][j] - A[t%2][i][j]) + fabs(A[t%2][i+1][j] - A[t%2][i][j])
                                    + fabs(A[t%2][i][j-1] - A[t%2][i][j]) + fabs(A[t%2][i][j+1] - A[t%2][i][j]));
#pragma endscop
}

void abs_residual(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = fabsf(0.25f * (A[t%2][i-1][j] + A[t%2][i+1][j] + A[t%2][i][j-1] + A[t%2][i][j+1])
                                 - A[t%2][i][j]);
#pragma endscop
}
