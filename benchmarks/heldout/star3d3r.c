/* Held-out suite: star3d3r (AN5D Table 3). 3D star of radius 3, 19 points; weights as named const locals,
 * sum ~0.985, farthest points first, time bound t <= steps - 1. */
#ifndef REAL
#define REAL float
#endif

void heldout_star3d3r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])buf;
  const REAL cZm3 = (REAL)0.02395;
  const REAL cYm3 = (REAL)0.07487;
  const REAL cXm3 = (REAL)0.03282;
  const REAL cXp3 = (REAL)0.07627;
  const REAL cYp3 = (REAL)0.07368;
  const REAL cZp3 = (REAL)0.03629;
  const REAL cZm2 = (REAL)0.05028;
  const REAL cYm2 = (REAL)0.04387;
  const REAL cXm2 = (REAL)0.04449;
  const REAL cXp2 = (REAL)0.06514;
  const REAL cYp2 = (REAL)0.06721;
  const REAL cZp2 = (REAL)0.03617;
  const REAL cZm1 = (REAL)0.05179;
  const REAL cYm1 = (REAL)0.05951;
  const REAL cXm1 = (REAL)0.05450;
  const REAL cXp1 = (REAL)0.02883;
  const REAL cYp1 = (REAL)0.04348;
  const REAL cZp1 = (REAL)0.04901;
  const REAL cC = (REAL)0.07244;

#pragma scop
  for (int t = 0; t <= steps - 1; t++)
    for (int z = 3; z < n - 3; z++)
      for (int y = 3; y < n - 3; y++)
        for (int x = 3; x < n - 3; x++)
          A[(t + 1) % 2][z][y][x] =
                cZm3 * A[t % 2][z - 3][y][x]
              + cYm3 * A[t % 2][z][y - 3][x]
              + cXm3 * A[t % 2][z][y][x - 3]
              + cXp3 * A[t % 2][z][y][x + 3]
              + cYp3 * A[t % 2][z][y + 3][x]
              + cZp3 * A[t % 2][z + 3][y][x]
              + cZm2 * A[t % 2][z - 2][y][x]
              + cYm2 * A[t % 2][z][y - 2][x]
              + cXm2 * A[t % 2][z][y][x - 2]
              + cXp2 * A[t % 2][z][y][x + 2]
              + cYp2 * A[t % 2][z][y + 2][x]
              + cZp2 * A[t % 2][z + 2][y][x]
              + cZm1 * A[t % 2][z - 1][y][x]
              + cYm1 * A[t % 2][z][y - 1][x]
              + cXm1 * A[t % 2][z][y][x - 1]
              + cXp1 * A[t % 2][z][y][x + 1]
              + cYp1 * A[t % 2][z][y + 1][x]
              + cZp1 * A[t % 2][z + 1][y][x]
              + cC * A[t % 2][z][y][x];
#pragma endscop
}
