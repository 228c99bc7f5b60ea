/* j2d9pt: (weighted sum of the 9-point radius-2 star) / c0
 * 2D, radius 2, star shape, 18 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_j2d9pt(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 2; i < dimsize - 2; i++)
      for (int j = 2; j < dimsize - 2; j++)
        A[(t+1)%2][i][j] = ((REAL)0.6353 * A[t%2][i-2][j]
           + (REAL)1.562 * A[t%2][i-1][j]
           + (REAL)0.9894 * A[t%2][i][j-2]
           + (REAL)1.916 * A[t%2][i][j-1]
           + (REAL)1.343 * A[t%2][i][j]
           + (REAL)0.7705 * A[t%2][i][j+1]
           + (REAL)1.698 * A[t%2][i][j+2]
           + (REAL)1.125 * A[t%2][i+1][j]
           + (REAL)0.5517 * A[t%2][i+2][j]) / (REAL)10.623;
#pragma endscop
}
