/* Held-out suite: star3d1r (AN5D Table 3). 3D star of radius 1, 7 points; (REAL) casts, sum ~0.987,
 * centre last, loop variables z, y, x. */
#ifndef REAL
#define REAL float
#endif

void heldout_star3d1r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          A[(t + 1) % 2][z][y][x] =
                (REAL)0.1292 * A[t % 2][z - 1][y][x]
              + (REAL)0.1933 * A[t % 2][z + 1][y][x]
              + (REAL)0.1443 * A[t % 2][z][y - 1][x]
              + (REAL)0.1389 * A[t % 2][z][y + 1][x]
              + (REAL)0.1032 * A[t % 2][z][y][x - 1]
              + (REAL)0.1723 * A[t % 2][z][y][x + 1]
              + (REAL)0.1062 * A[t % 2][z][y][x];
#pragma endscop
}
