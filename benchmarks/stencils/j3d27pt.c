/* j3d27pt: (weighted sum of the 3x3x3 box) / c0
 * 3D, radius 1, box shape, 54 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_j3d27pt(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize][dimsize] = (REAL (*)[dimsize][dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        for (int k = 1; k < dimsize - 1; k++)
          A[(t+1)%2][i][j][k] = ((REAL)1.698 * A[t%2][i-1][j-1][k-1]
             + (REAL)1.125 * A[t%2][i-1][j-1][k]
             + (REAL)0.5517 * A[t%2][i-1][j-1][k+1]
             + (REAL)1.479 * A[t%2][i-1][j][k-1]
             + (REAL)0.9058 * A[t%2][i-1][j][k]
             + (REAL)1.833 * A[t%2][i-1][j][k+1]
             + (REAL)1.26 * A[t%2][i-1][j+1][k-1]
             + (REAL)0.6869 * A[t%2][i-1][j+1][k]
             + (REAL)1.614 * A[t%2][i-1][j+1][k+1]
             + (REAL)1.041 * A[t%2][i][j-1][k-1]
             + (REAL)1.968 * A[t%2][i][j-1][k]
             + (REAL)1.395 * A[t%2][i][j-1][k+1]
             + (REAL)0.8222 * A[t%2][i][j][k-1]
             + (REAL)1.749 * A[t%2][i][j][k]
             + (REAL)1.176 * A[t%2][i][j][k+1]
             + (REAL)0.6033 * A[t%2][i][j+1][k-1]
             + (REAL)1.53 * A[t%2][i][j+1][k]
             + (REAL)0.9574 * A[t%2][i][j+1][k+1]
             + (REAL)1.884 * A[t%2][i+1][j-1][k-1]
             + (REAL)1.312 * A[t%2][i+1][j-1][k]
             + (REAL)0.7386 * A[t%2][i+1][j-1][k+1]
             + (REAL)1.666 * A[t%2][i+1][j][k-1]
             + (REAL)1.093 * A[t%2][i+1][j][k]
             + (REAL)0.5197 * A[t%2][i+1][j][k+1]
             + (REAL)1.447 * A[t%2][i+1][j+1][k-1]
             + (REAL)0.8738 * A[t%2][i+1][j+1][k]
             + (REAL)1.801 * A[t%2][i+1][j+1][k+1]) / (REAL)33.832;
#pragma endscop
}
