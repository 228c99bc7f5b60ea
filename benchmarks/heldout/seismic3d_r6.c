/* Held-out suite: seismic3d_r6 (not in AN5D Table 3).
 * Acoustic wave propagation, constant-density, second order in time: a 3D
 * star of radius 6 (37 points: the twelfth-order second difference along each
 * axis).  Three time levels through t % 3; V holds (c dt / h)^2 per cell
 * (read-only, <= ~0.2 for stability).  Grid nz x ny x nx.
 *   U[t+1] = 2 U[t] - U[t-1] + V * lap12(U[t]) */
#ifndef REAL
#define REAL float
#endif

#define FD12_C0 ((REAL)(-3.0 * 5369.0 / 1800.0))
#define FD12_C1 ((REAL)(12.0 / 7.0))
#define FD12_C2 ((REAL)(-15.0 / 56.0))
#define FD12_C3 ((REAL)(10.0 / 189.0))
#define FD12_C4 ((REAL)(-1.0 / 112.0))
#define FD12_C5 ((REAL)(2.0 / 1925.0))
#define FD12_C6 ((REAL)(-1.0 / 16632.0))

void heldout_seismic3d_r6(int nz, int ny, int nx, int steps, REAL *ubuf, REAL *vbuf)
{
  REAL (*U)[nz][ny][nx] = (REAL (*)[nz][ny][nx])ubuf;
  REAL (*V)[ny][nx] = (REAL (*)[ny][nx])vbuf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int z = 6; z < nz - 6; z++)
      for (int y = 6; y < ny - 6; y++)
        for (int x = 6; x < nx - 6; x++)
          U[(t + 2) % 3][z][y][x] = (REAL)2 * U[(t + 1) % 3][z][y][x] - U[t % 3][z][y][x]
            + V[z][y][x] * (FD12_C0 * U[(t + 1) % 3][z][y][x]
              + FD12_C1 * (U[(t + 1) % 3][z - 1][y][x] + U[(t + 1) % 3][z + 1][y][x]
                           + U[(t + 1) % 3][z][y - 1][x] + U[(t + 1) % 3][z][y + 1][x]
                           + U[(t + 1) % 3][z][y][x - 1] + U[(t + 1) % 3][z][y][x + 1])
              + FD12_C2 * (U[(t + 1) % 3][z - 2][y][x] + U[(t + 1) % 3][z + 2][y][x]
                           + U[(t + 1) % 3][z][y - 2][x] + U[(t + 1) % 3][z][y + 2][x]
                           + U[(t + 1) % 3][z][y][x - 2] + U[(t + 1) % 3][z][y][x + 2])
              + FD12_C3 * (U[(t + 1) % 3][z - 3][y][x] + U[(t + 1) % 3][z + 3][y][x]
                           + U[(t + 1) % 3][z][y - 3][x] + U[(t + 1) % 3][z][y + 3][x]
                           + U[(t + 1) % 3][z][y][x - 3] + U[(t + 1) % 3][z][y][x + 3])
              + FD12_C4 * (U[(t + 1) % 3][z - 4][y][x] + U[(t + 1) % 3][z + 4][y][x]
                           + U[(t + 1) % 3][z][y - 4][x] + U[(t + 1) % 3][z][y + 4][x]
                           + U[(t + 1) % 3][z][y][x - 4] + U[(t + 1) % 3][z][y][x + 4])
              + FD12_C5 * (U[(t + 1) % 3][z - 5][y][x] + U[(t + 1) % 3][z + 5][y][x]
                           + U[(t + 1) % 3][z][y - 5][x] + U[(t + 1) % 3][z][y + 5][x]
                           + U[(t + 1) % 3][z][y][x - 5] + U[(t + 1) % 3][z][y][x + 5])
              + FD12_C6 * (U[(t + 1) % 3][z - 6][y][x] + U[(t + 1) % 3][z + 6][y][x]
                           + U[(t + 1) % 3][z][y - 6][x] + U[(t + 1) % 3][z][y + 6][x]
                           + U[(t + 1) % 3][z][y][x - 6] + U[(t + 1) % 3][z][y][x + 6]));
#pragma endscop
}
