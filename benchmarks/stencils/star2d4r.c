/* star2d4r: centre and the 16 axis neighbours up to distance 4, each times its own coefficient, summed
 * 2D, radius 4, star shape, 33 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_star2d4r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 4; i < dimsize - 4; i++)
      for (int j = 4; j < dimsize - 4; j++)
        A[(t+1)%2][i][j] = (REAL)0.0536917 * A[t%2][i-4][j]
          + (REAL)0.0703424 * A[t%2][i-3][j]
          + (REAL)0.0600517 * A[t%2][i-2][j]
          + (REAL)0.049761 * A[t%2][i-1][j]
          + (REAL)0.0664117 * A[t%2][i][j-4]
          + (REAL)0.056121 * A[t%2][i][j-3]
          + (REAL)0.0458303 * A[t%2][i][j-2]
          + (REAL)0.062481 * A[t%2][i][j-1]
          + (REAL)0.0521903 * A[t%2][i][j]
          + (REAL)0.068841 * A[t%2][i][j+1]
          + (REAL)0.0585503 * A[t%2][i][j+2]
          + (REAL)0.0482596 * A[t%2][i][j+3]
          + (REAL)0.0649103 * A[t%2][i][j+4]
          + (REAL)0.0546196 * A[t%2][i+1][j]
          + (REAL)0.0712703 * A[t%2][i+2][j]
          + (REAL)0.0609796 * A[t%2][i+3][j]
          + (REAL)0.0506889 * A[t%2][i+4][j];
#pragma endscop
}
