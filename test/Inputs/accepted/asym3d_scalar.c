/* 3D, asymmetric reads in every dimension (a diagonal one), uneven bounds, a scalar
 * coefficient scaling part of the sum: a sum of products in general shape. */
void asym3d(int nx, int ny, int nz, int steps, float c, float *A1)
{
  float (*A)[nx][ny][nz] = (float (*)[nx][ny][nz])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < nx - 1; i++)
      for (int j = 1; j < ny - 2; j++)
        for (int k = 1; k < nz - 1; k++)
          A[(t+1)%2][i][j][k] = c * (A[t%2][i-2][j][k] + A[t%2][i+1][j][k+1]
                              + A[t%2][i][j+2][k-1] + A[t%2][i][j-1][k])
                              + 0.5f * A[t%2][i][j][k] + 0.01f;
#pragma endscop
}
