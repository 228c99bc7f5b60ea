/* star2d1r: centre and the 4 axis neighbours up to distance 1, each times its own coefficient, summed
 * 2D, radius 1, star shape, 9 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star2d1r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = (REAL)0.214382 * A[t%2][i-1][j]
          + (REAL)0.178541 * A[t%2][i][j-1]
          + (REAL)0.236534 * A[t%2][i][j]
          + (REAL)0.200692 * A[t%2][i][j+1]
          + (REAL)0.164851 * A[t%2][i+1][j];
#pragma endscop
}
