/* star3d1r: centre and the 6 axis neighbours up to distance 1, each times its own coefficient, summed
 * 3D, radius 1, star shape, 13 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star3d1r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize][dimsize] = (REAL (*)[dimsize][dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        for (int k = 1; k < dimsize - 1; k++)
          A[(t+1)%2][i][j][k] = (REAL)0.152099 * A[t%2][i-1][j][k]
            + (REAL)0.126034 * A[t%2][i][j-1][k]
            + (REAL)0.168207 * A[t%2][i][j][k-1]
            + (REAL)0.142143 * A[t%2][i][j][k]
            + (REAL)0.116079 * A[t%2][i][j][k+1]
            + (REAL)0.158251 * A[t%2][i][j+1][k]
            + (REAL)0.132187 * A[t%2][i+1][j][k];
#pragma endscop
}
