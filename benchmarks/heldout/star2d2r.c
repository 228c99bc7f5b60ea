/* Held-out suite: star2d2r (AN5D Table 3). 2D star of radius 2, 9 points; weights as named const locals,
 * sum 0.9868, terms in x-major order, time bound t <= steps - 1. */
#ifndef REAL
#define REAL float
#endif

void heldout_star2d2r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;
  const REAL cW2 = (REAL)0.1337;
  const REAL cW1 = (REAL)0.1201;
  const REAL cN2 = (REAL)0.0933;
  const REAL cN1 = (REAL)0.0692;
  const REAL cC = (REAL)0.1237;
  const REAL cS1 = (REAL)0.1571;
  const REAL cS2 = (REAL)0.0954;
  const REAL cE1 = (REAL)0.1436;
  const REAL cE2 = (REAL)0.0507;

#pragma scop
  for (int t = 0; t <= steps - 1; t++)
    for (int y = 2; y < n - 2; y++)
      for (int x = 2; x < n - 2; x++)
        A[(t + 1) % 2][y][x] =
              cW2 * A[t % 2][y][x - 2]
            + cW1 * A[t % 2][y][x - 1]
            + cN2 * A[t % 2][y - 2][x]
            + cN1 * A[t % 2][y - 1][x]
            + cC * A[t % 2][y][x]
            + cS1 * A[t % 2][y + 1][x]
            + cS2 * A[t % 2][y + 2][x]
            + cE1 * A[t % 2][y][x + 1]
            + cE2 * A[t % 2][y][x + 2];
#pragma endscop
}
