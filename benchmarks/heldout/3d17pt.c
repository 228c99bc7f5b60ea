/* Held-out suite: 3d17pt, a 17-point 3D stencil (not in AN5D Table 3).
 *
 * Layout: the j3d17pt shape of Rawat et al.'s STENCILGEN benchmark set (the
 * 3d17pt that PERKS and EBISU also use): the full 3x3 square in the plane of
 * the updated cell (9 points) plus the 4 diagonal corners (y+-1, x+-1) in each
 * of the planes z-1 and z+1 (4 + 4 points).  No face neighbours in z.
 * The weights are this suite's own (total 9.58), the sum is divided by 9.7.
 * Non-cubic grid nz x ny x nx. */
#ifndef REAL
#define REAL float
#endif

void heldout_3d17pt(int nz, int ny, int nx, int steps, REAL *buf)
{
  REAL (*u)[nz][ny][nx] = (REAL (*)[nz][ny][nx])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[(t + 1) % 2][z][y][x] =
              ( (REAL)0.31 * u[t % 2][z - 1][y - 1][x - 1] + (REAL)0.36 * u[t % 2][z - 1][y - 1][x + 1]
              + (REAL)0.29 * u[t % 2][z - 1][y + 1][x - 1] + (REAL)0.34 * u[t % 2][z - 1][y + 1][x + 1]
              + (REAL)0.48 * u[t % 2][z][y - 1][x - 1] + (REAL)0.67 * u[t % 2][z][y - 1][x]
              + (REAL)0.52 * u[t % 2][z][y - 1][x + 1] + (REAL)0.83 * u[t % 2][z][y][x - 1]
              + (REAL)1.97 * u[t % 2][z][y][x]         + (REAL)0.79 * u[t % 2][z][y][x + 1]
              + (REAL)0.55 * u[t % 2][z][y + 1][x - 1] + (REAL)0.71 * u[t % 2][z][y + 1][x]
              + (REAL)0.46 * u[t % 2][z][y + 1][x + 1]
              + (REAL)0.33 * u[t % 2][z + 1][y - 1][x - 1] + (REAL)0.27 * u[t % 2][z + 1][y - 1][x + 1]
              + (REAL)0.38 * u[t % 2][z + 1][y + 1][x - 1] + (REAL)0.32 * u[t % 2][z + 1][y + 1][x + 1]
              ) / (REAL)9.7;
#pragma endscop
}
