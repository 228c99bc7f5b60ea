/* Held-out suite: star3d25pt_coef (not in AN5D Table 3).
 * Variable-coefficient heat equation: 3D star of radius 4 (25 points, the
 * eighth-order second difference in each axis) multiplied point-wise by a
 * read-only diffusivity field c (values in (0, 0.09] for stability):
 *   u' = u + c[z][y][x] * lap8(u) */
#ifndef REAL
#define REAL float
#endif

void heldout_star3d25pt_coef(int n, int steps, REAL *buf, REAL (*c)[n][n])
{
  REAL (*u)[n][n][n] = (REAL (*)[n][n][n])buf;
  const REAL k0 = (REAL)(-3.0 * 205.0 / 72.0);
  const REAL k1 = (REAL)(8.0 / 5.0);
  const REAL k2 = (REAL)(-1.0 / 5.0);
  const REAL k3 = (REAL)(8.0 / 315.0);
  const REAL k4 = (REAL)(-1.0 / 560.0);

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int z = 4; z < n - 4; z++)
      for (int y = 4; y < n - 4; y++)
        for (int x = 4; x < n - 4; x++)
          u[(t + 1) % 2][z][y][x] = u[t % 2][z][y][x] + c[z][y][x] * (
                k0 * u[t % 2][z][y][x]
              + k1 * (u[t % 2][z][y][x - 1] + u[t % 2][z][y][x + 1] + u[t % 2][z][y - 1][x]
                    + u[t % 2][z][y + 1][x] + u[t % 2][z - 1][y][x] + u[t % 2][z + 1][y][x])
              + k2 * (u[t % 2][z][y][x - 2] + u[t % 2][z][y][x + 2] + u[t % 2][z][y - 2][x]
                    + u[t % 2][z][y + 2][x] + u[t % 2][z - 2][y][x] + u[t % 2][z + 2][y][x])
              + k3 * (u[t % 2][z][y][x - 3] + u[t % 2][z][y][x + 3] + u[t % 2][z][y - 3][x]
                    + u[t % 2][z][y + 3][x] + u[t % 2][z - 3][y][x] + u[t % 2][z + 3][y][x])
              + k4 * (u[t % 2][z][y][x - 4] + u[t % 2][z][y][x + 4] + u[t % 2][z][y - 4][x]
                    + u[t % 2][z][y + 4][x] + u[t % 2][z - 4][y][x] + u[t % 2][z + 4][y][x]));
#pragma endscop
}
