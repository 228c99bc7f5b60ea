/* star2d3r: centre and the 12 axis neighbours up to distance 3, each times its own coefficient, summed
 * 2D, radius 3, star shape, 25 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star2d3r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 3; i < dimsize - 3; i++)
      for (int j = 3; j < dimsize - 3; j++)
        A[(t+1)%2][i][j] = (REAL)0.0623291 * A[t%2][i-3][j]
          + (REAL)0.0842557 * A[t%2][i-2][j]
          + (REAL)0.0707043 * A[t%2][i-1][j]
          + (REAL)0.092631 * A[t%2][i][j-3]
          + (REAL)0.0790796 * A[t%2][i][j-2]
          + (REAL)0.0655282 * A[t%2][i][j-1]
          + (REAL)0.0874548 * A[t%2][i][j]
          + (REAL)0.0739034 * A[t%2][i][j+1]
          + (REAL)0.060352 * A[t%2][i][j+2]
          + (REAL)0.0822786 * A[t%2][i][j+3]
          + (REAL)0.0687272 * A[t%2][i+1][j]
          + (REAL)0.0906538 * A[t%2][i+2][j]
          + (REAL)0.0771024 * A[t%2][i+3][j];
#pragma endscop
}
