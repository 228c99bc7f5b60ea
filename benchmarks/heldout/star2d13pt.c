/* Held-out suite: star2d13pt (not in AN5D Table 3).
 * Explicit heat equation with the sixth-order central second difference in
 * each direction (radius 3, 13 points):
 *   d2 = 1/90 (u-3 + u+3) - 3/20 (u-2 + u+2) + 3/2 (u-1 + u+1) - 49/18 u
 *   u' = u + nu (d2x + d2y)
 * Written in factored form, as a scientist would; nu (<= 0.15 for stability)
 * is a scalar parameter.  Rectangular ny x nx grid. */
#ifndef REAL
#define REAL float
#endif

void heldout_star2d13pt(int ny, int nx, int steps, REAL nu, REAL *buf)
{
  REAL (*u)[ny][nx] = (REAL (*)[ny][nx])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int y = 3; y < ny - 3; y++)
      for (int x = 3; x < nx - 3; x++)
        u[(t + 1) % 2][y][x] = u[t % 2][y][x] + nu * (
              (REAL)(1.0 / 90.0) * (u[t % 2][y][x - 3] + u[t % 2][y][x + 3]
                                  + u[t % 2][y - 3][x] + u[t % 2][y + 3][x])
            - (REAL)(3.0 / 20.0) * (u[t % 2][y][x - 2] + u[t % 2][y][x + 2]
                                  + u[t % 2][y - 2][x] + u[t % 2][y + 2][x])
            + (REAL)(3.0 / 2.0)  * (u[t % 2][y][x - 1] + u[t % 2][y][x + 1]
                                  + u[t % 2][y - 1][x] + u[t % 2][y + 1][x])
            - (REAL)(49.0 / 9.0) * u[t % 2][y][x]);
#pragma endscop
}
