/* REAL comes from -D, or from a header found with -I. */
#ifndef REAL
#include "real.h"
#endif

void smooth(int n, int steps, REAL A[2][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = (REAL)0.25 * A[t%2][i-1] + (REAL)0.5 * A[t%2][i] + (REAL)0.25 * A[t%2][i+1];
#pragma endscop
}
