/* A 3D grid flattened by hand with a ghost layer in each dimension: rows
 * of nx + 2 cells, planes of (ny + 2) * (nx + 2), the interior updated
 * into w and copied back. The strides are polynomials in the parameters;
 * stencilcc splits them into extents nx + 2 and ny + 2. */
void flattened_3d_padded(int nx, int ny, int nz, int steps, double *u, double *w)
{
  const int sx = nx + 2;
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= ny; y++)
        for (int x = 1; x <= nx; x++)
          w[(z * (ny + 2) + y) * sx + x] =
              0.4 * u[(z * (ny + 2) + y) * sx + x]
            + 0.1 * (u[(z * (ny + 2) + y) * sx + x - 1] + u[(z * (ny + 2) + y) * sx + x + 1]
                   + u[(z * (ny + 2) + y - 1) * sx + x] + u[(z * (ny + 2) + y + 1) * sx + x]
                   + u[((z - 1) * (ny + 2) + y) * sx + x] + u[((z + 1) * (ny + 2) + y) * sx + x]);
    for (int z = 1; z <= nz; z++)
      for (int y = 1; y <= ny; y++)
        for (int x = 1; x <= nx; x++)
          u[(z * (ny + 2) + y) * sx + x] = w[(z * (ny + 2) + y) * sx + x];
  }
#pragma endscop
}
