/* 3D two-level stencil (float) whose plane z = 0 is driven each step from a
   time-indexed 2D source S[t][y][x]: a boundary statement writes the slice
   A[(t+1)%2][0][y][x], then the 7-point interior update reads plane 0 of
   the previous level. */
void boundary_slice_3d(int steps, int nz, int ny, int nx,
                       float A[2][nz][ny][nx], float S[steps][ny][nx])
{
  int t, z, y, x;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (y = 0; y < ny; y++)
      for (x = 0; x < nx; x++)
        A[(t + 1) % 2][0][y][x] = S[t][y][x];
    for (z = 1; z < nz - 1; z++)
      for (y = 1; y < ny - 1; y++)
        for (x = 1; x < nx - 1; x++)
          A[(t + 1) % 2][z][y][x] = 0.31f * A[t % 2][z][y][x]
            + 0.16f * A[t % 2][z - 1][y][x] + 0.08f * A[t % 2][z + 1][y][x]
            + 0.12f * A[t % 2][z][y - 1][x] + 0.11f * A[t % 2][z][y + 1][x]
            + 0.1f * A[t % 2][z][y][x - 1] + 0.09f * A[t % 2][z][y][x + 1];
  }
#pragma endscop
}
