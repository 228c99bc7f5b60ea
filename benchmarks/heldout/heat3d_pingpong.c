/* Held-out suite: heat3d_pingpong (not in AN5D Table 3).
 * Anisotropic 3D heat equation, explicit, PolyBench heat-3d style ping-pong
 * between two arrays passed as VLA parameters: B = f(A); A = f(B).  Per-axis
 * diffusion numbers (0.11, 0.09, 0.13 here; their sum must stay below 0.5). */
#ifndef REAL
#define REAL float
#endif

void heldout_heat3d_pingpong(int n, int steps, REAL A[n][n][n], REAL B[n][n][n])
{
  const REAL dz = (REAL)0.11, dy = (REAL)0.09, dx = (REAL)0.13;

#pragma scop
  for (int t = 1; t <= steps; t++) {
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          B[z][y][x] = A[z][y][x]
            + dz * (A[z + 1][y][x] - (REAL)2 * A[z][y][x] + A[z - 1][y][x])
            + dy * (A[z][y + 1][x] - (REAL)2 * A[z][y][x] + A[z][y - 1][x])
            + dx * (A[z][y][x + 1] - (REAL)2 * A[z][y][x] + A[z][y][x - 1]);
    for (int z = 1; z < n - 1; z++)
      for (int y = 1; y < n - 1; y++)
        for (int x = 1; x < n - 1; x++)
          A[z][y][x] = B[z][y][x]
            + dz * (B[z + 1][y][x] - (REAL)2 * B[z][y][x] + B[z - 1][y][x])
            + dy * (B[z][y + 1][x] - (REAL)2 * B[z][y][x] + B[z][y - 1][x])
            + dx * (B[z][y][x + 1] - (REAL)2 * B[z][y][x] + B[z][y][x - 1]);
  }
#pragma endscop
}
