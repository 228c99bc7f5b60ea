/* Held-out suite: gradient2d (AN5D Table 3):
 *   f'(x,y) = c f(x,y) + 1 / sqrt(c0 + sum over the 4 neighbours of
 *                                  (f(x,y) - f(nb)) * (f(x,y) - f(nb)))
 * with c = 0.4375 and c0 = 0.8125 (so values stay below ~2).  Uses C's sqrt,
 * which evaluates in double even when REAL is float (deliberate here).
 * Neighbours in the order south, east, north, west. */
#include <math.h>

#ifndef REAL
#define REAL float
#endif

void heldout_gradient2d(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = (REAL)0.4375 * A[t % 2][i][j]
          + (REAL)1.0 / sqrt((REAL)0.8125
              + (A[t % 2][i][j] - A[t % 2][i + 1][j]) * (A[t % 2][i][j] - A[t % 2][i + 1][j])
              + (A[t % 2][i][j] - A[t % 2][i][j + 1]) * (A[t % 2][i][j] - A[t % 2][i][j + 1])
              + (A[t % 2][i][j] - A[t % 2][i - 1][j]) * (A[t % 2][i][j] - A[t % 2][i - 1][j])
              + (A[t % 2][i][j] - A[t % 2][i][j - 1]) * (A[t % 2][i][j] - A[t % 2][i][j - 1]));
#pragma endscop
}
