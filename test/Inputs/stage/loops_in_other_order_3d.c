/* Statements whose nests run in other orders than their arrays'
   subscripts: a variable-coefficient 3D diffusion into B with the x loop
   outside, a boundary plane of B copied from A with y outside, and B back
   into A with z, x, y. */
void loops_in_other_order_3d(int n, int steps, double A[n][n][n],
                             double B[n][n][n], const double K[n][n][n]) {
  int t, x, y, z;
#pragma scop
  for (t = 0; t < steps; t++) {
    for (x = 1; x < n - 1; x++)
      for (z = 1; z < n - 1; z++)
        for (y = 1; y < n - 1; y++)
          B[z][y][x] = A[z][y][x] +
                       0.1 * K[z][y][x] *
                           (A[z - 1][y][x] + A[z + 1][y][x] + A[z][y - 1][x] +
                            A[z][y + 1][x] + A[z][y][x - 1] + A[z][y][x + 1] -
                            6.0 * A[z][y][x]);
    for (y = 0; y < n; y++)
      for (x = 0; x < n; x++)
        B[0][y][x] = A[1][y][x];
    for (z = 1; z < n - 1; z++)
      for (x = 1; x < n - 1; x++)
        for (y = 1; y < n - 1; y++)
          A[z][y][x] = B[z][y][x];
  }
#pragma endscop
}
