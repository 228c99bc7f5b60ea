/* Three-dimensional stencil whose three extents all differ (nx, ny, nz). */
void heat3d(int nx, int ny, int nz, int steps, double *A1)
{
  double (*A)[nx][ny][nz] = (double (*)[nx][ny][nz])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nz - 1; k++)
          A[(t+1)%2][i][j][k] = 0.125 * A[t%2][i-1][j][k] + 0.125 * A[t%2][i+1][j][k]
                              + 0.1 * A[t%2][i][j-1][k] + 0.1 * A[t%2][i][j+1][k]
                              + 0.15 * A[t%2][i][j][k-1] + 0.15 * A[t%2][i][j][k+1]
                              + 0.25 * A[t%2][i][j][k];
#pragma endscop
}
