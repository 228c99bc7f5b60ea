/* star2d2r: centre and the 8 axis neighbours up to distance 2, each times its own coefficient, summed
 * 2D, radius 2, star shape, 17 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star2d2r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 2; i < dimsize - 2; i++)
      for (int j = 2; j < dimsize - 2; j++)
        A[(t+1)%2][i][j] = (REAL)0.12581 * A[t%2][i-2][j]
          + (REAL)0.106746 * A[t%2][i-1][j]
          + (REAL)0.0876826 * A[t%2][i][j-2]
          + (REAL)0.118528 * A[t%2][i][j-1]
          + (REAL)0.0994646 * A[t%2][i][j]
          + (REAL)0.13031 * A[t%2][i][j+1]
          + (REAL)0.111247 * A[t%2][i][j+2]
          + (REAL)0.0921829 * A[t%2][i+1][j]
          + (REAL)0.123029 * A[t%2][i+2][j];
#pragma endscop
}
