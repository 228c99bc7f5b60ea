/* j2d5pt: (weighted sum of the 5-point radius-1 star) / c0
 * 2D, radius 1, star shape, 10 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_j2d5pt(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = ((REAL)1.781 * A[t%2][i-1][j]
           + (REAL)1.208 * A[t%2][i][j-1]
           + (REAL)0.6353 * A[t%2][i][j]
           + (REAL)1.562 * A[t%2][i][j+1]
           + (REAL)0.9894 * A[t%2][i+1][j]) / (REAL)6.1942;
#pragma endscop
}
