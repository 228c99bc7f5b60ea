/* Held-out suite: box3d1r (AN5D Table 3). 3D box of radius 1, 27 points; (REAL) casts, sum ~0.988,
 * planes written from +1 down to -1. */
#ifndef REAL
#define REAL float
#endif

void heldout_box3d1r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          A[(t + 1) % 2][z][y][x] =
                (REAL)0.04804 * A[t % 2][z + 1][y + 1][x + 1] + (REAL)0.02603 * A[t % 2][z + 1][y + 1][x] + (REAL)0.01876 * A[t % 2][z + 1][y + 1][x - 1]
              + (REAL)0.03301 * A[t % 2][z + 1][y][x + 1] + (REAL)0.05390 * A[t % 2][z + 1][y][x] + (REAL)0.02202 * A[t % 2][z + 1][y][x - 1]
              + (REAL)0.03756 * A[t % 2][z + 1][y - 1][x + 1] + (REAL)0.03681 * A[t % 2][z + 1][y - 1][x] + (REAL)0.02485 * A[t % 2][z + 1][y - 1][x - 1]
              + (REAL)0.02855 * A[t % 2][z][y + 1][x + 1] + (REAL)0.02804 * A[t % 2][z][y + 1][x] + (REAL)0.04499 * A[t % 2][z][y + 1][x - 1]
              + (REAL)0.04012 * A[t % 2][z][y][x + 1] + (REAL)0.04453 * A[t % 2][z][y][x] + (REAL)0.04324 * A[t % 2][z][y][x - 1]
              + (REAL)0.02728 * A[t % 2][z][y - 1][x + 1] + (REAL)0.04927 * A[t % 2][z][y - 1][x] + (REAL)0.03840 * A[t % 2][z][y - 1][x - 1]
              + (REAL)0.03973 * A[t % 2][z - 1][y + 1][x + 1] + (REAL)0.02621 * A[t % 2][z - 1][y + 1][x] + (REAL)0.02805 * A[t % 2][z - 1][y + 1][x - 1]
              + (REAL)0.05179 * A[t % 2][z - 1][y][x + 1] + (REAL)0.04634 * A[t % 2][z - 1][y][x] + (REAL)0.05173 * A[t % 2][z - 1][y][x - 1]
              + (REAL)0.02612 * A[t % 2][z - 1][y - 1][x + 1] + (REAL)0.02073 * A[t % 2][z - 1][y - 1][x] + (REAL)0.05211 * A[t % 2][z - 1][y - 1][x - 1];
#pragma endscop
}
