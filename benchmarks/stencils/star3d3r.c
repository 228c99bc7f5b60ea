/* star3d3r: centre and the 18 axis neighbours up to distance 3, each times its own coefficient, summed
 * 3D, radius 3, star shape, 37 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star3d3r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize][dimsize] = (REAL (*)[dimsize][dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 3; i < dimsize - 3; i++)
      for (int j = 3; j < dimsize - 3; j++)
        for (int k = 3; k < dimsize - 3; k++)
          A[(t+1)%2][i][j][k] = (REAL)0.0412781 * A[t%2][i-3][j][k]
            + (REAL)0.0562749 * A[t%2][i-2][j][k]
            + (REAL)0.0470064 * A[t%2][i-1][j][k]
            + (REAL)0.0620032 * A[t%2][i][j-3][k]
            + (REAL)0.0527347 * A[t%2][i][j-2][k]
            + (REAL)0.0434661 * A[t%2][i][j-1][k]
            + (REAL)0.0584629 * A[t%2][i][j][k-3]
            + (REAL)0.0491944 * A[t%2][i][j][k-2]
            + (REAL)0.0641912 * A[t%2][i][j][k-1]
            + (REAL)0.0549227 * A[t%2][i][j][k]
            + (REAL)0.0456541 * A[t%2][i][j][k+1]
            + (REAL)0.060651 * A[t%2][i][j][k+2]
            + (REAL)0.0513824 * A[t%2][i][j][k+3]
            + (REAL)0.0421138 * A[t%2][i][j+1][k]
            + (REAL)0.0571107 * A[t%2][i][j+2][k]
            + (REAL)0.0478421 * A[t%2][i][j+3][k]
            + (REAL)0.062839 * A[t%2][i+1][j][k]
            + (REAL)0.0535704 * A[t%2][i+2][j][k]
            + (REAL)0.0443018 * A[t%2][i+3][j][k];
#pragma endscop
}
