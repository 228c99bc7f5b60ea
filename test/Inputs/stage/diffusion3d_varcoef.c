/* Variable-coefficient 3D diffusion, double: two levels A[t%2] ->
   A[(t+1)%2] over the interior of an nz x ny x nx grid; the conductivity
   K[z][y][x] is a read-only field averaged on each cell face. */
void diffusion3d_varcoef(int steps, int nz, int ny, int nx,
                         double A[2][nz][ny][nx], double K[nz][ny][nx])
{
  int t, z, y, x;

#pragma scop
  for (t = 0; t < steps; t++)
    for (z = 1; z < nz - 1; z++)
      for (y = 1; y < ny - 1; y++)
        for (x = 1; x < nx - 1; x++)
          A[(t + 1) % 2][z][y][x] = A[t % 2][z][y][x]
            + 0.05 * ((K[z][y][x] + K[z][y][x + 1]) * (A[t % 2][z][y][x + 1] - A[t % 2][z][y][x])
                    - (K[z][y][x - 1] + K[z][y][x]) * (A[t % 2][z][y][x] - A[t % 2][z][y][x - 1]))
            + 0.045 * ((K[z][y][x] + K[z][y + 1][x]) * (A[t % 2][z][y + 1][x] - A[t % 2][z][y][x])
                     - (K[z][y - 1][x] + K[z][y][x]) * (A[t % 2][z][y][x] - A[t % 2][z][y - 1][x]))
            + 0.04 * ((K[z][y][x] + K[z + 1][y][x]) * (A[t % 2][z + 1][y][x] - A[t % 2][z][y][x])
                    - (K[z - 1][y][x] + K[z][y][x]) * (A[t % 2][z][y][x] - A[t % 2][z - 1][y][x]));
#pragma endscop
}
