/* star3d2r: centre and the 12 axis neighbours up to distance 2, each times its own coefficient, summed
 * 3D, radius 2, star shape, 25 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star3d2r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize][dimsize] = (REAL (*)[dimsize][dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 2; i < dimsize - 2; i++)
      for (int j = 2; j < dimsize - 2; j++)
        for (int k = 2; k < dimsize - 2; k++)
          A[(t+1)%2][i][j][k] = (REAL)0.0868151 * A[t%2][i-2][j][k]
            + (REAL)0.0733628 * A[t%2][i-1][j][k]
            + (REAL)0.0599105 * A[t%2][i][j-2][k]
            + (REAL)0.0816768 * A[t%2][i][j-1][k]
            + (REAL)0.0682245 * A[t%2][i][j][k-2]
            + (REAL)0.0899907 * A[t%2][i][j][k-1]
            + (REAL)0.0765385 * A[t%2][i][j][k]
            + (REAL)0.0630862 * A[t%2][i][j][k+1]
            + (REAL)0.0848524 * A[t%2][i][j][k+2]
            + (REAL)0.0714001 * A[t%2][i][j+1][k]
            + (REAL)0.0931664 * A[t%2][i][j+2][k]
            + (REAL)0.0797141 * A[t%2][i+1][j][k]
            + (REAL)0.0662618 * A[t%2][i+2][j][k];
#pragma endscop
}
