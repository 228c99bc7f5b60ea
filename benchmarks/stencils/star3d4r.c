/* star3d4r: centre and the 24 axis neighbours up to distance 4, each times its own coefficient, summed
 * 3D, radius 4, star shape, 49 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star3d4r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize][dimsize] = (REAL (*)[dimsize][dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 4; i < dimsize - 4; i++)
      for (int j = 4; j < dimsize - 4; j++)
        for (int k = 4; k < dimsize - 4; k++)
          A[(t+1)%2][i][j][k] = (REAL)0.0358006 * A[t%2][i-4][j][k]
            + (REAL)0.0472224 * A[t%2][i-3][j][k]
            + (REAL)0.0401633 * A[t%2][i-2][j][k]
            + (REAL)0.0331043 * A[t%2][i-1][j][k]
            + (REAL)0.0445261 * A[t%2][i][j-4][k]
            + (REAL)0.037467 * A[t%2][i][j-3][k]
            + (REAL)0.0488888 * A[t%2][i][j-2][k]
            + (REAL)0.0418297 * A[t%2][i][j-1][k]
            + (REAL)0.0347707 * A[t%2][i][j][k-4]
            + (REAL)0.0461925 * A[t%2][i][j][k-3]
            + (REAL)0.0391334 * A[t%2][i][j][k-2]
            + (REAL)0.0320744 * A[t%2][i][j][k-1]
            + (REAL)0.0434962 * A[t%2][i][j][k]
            + (REAL)0.0364371 * A[t%2][i][j][k+1]
            + (REAL)0.0478589 * A[t%2][i][j][k+2]
            + (REAL)0.0407998 * A[t%2][i][j][k+3]
            + (REAL)0.0337408 * A[t%2][i][j][k+4]
            + (REAL)0.0451626 * A[t%2][i][j+1][k]
            + (REAL)0.0381035 * A[t%2][i][j+2][k]
            + (REAL)0.0310445 * A[t%2][i][j+3][k]
            + (REAL)0.0424663 * A[t%2][i][j+4][k]
            + (REAL)0.0354072 * A[t%2][i+1][j][k]
            + (REAL)0.046829 * A[t%2][i+2][j][k]
            + (REAL)0.0397699 * A[t%2][i+3][j][k]
            + (REAL)0.0327109 * A[t%2][i+4][j][k];
#pragma endscop
}
