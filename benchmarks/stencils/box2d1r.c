/* box2d1r: all 9 points of the 3x3 box, each times its own coefficient, summed
 * 2D, radius 1, box shape, 17 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_box2d1r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = (REAL)0.0977205 * A[t%2][i-1][j-1]
          + (REAL)0.129461 * A[t%2][i-1][j]
          + (REAL)0.109844 * A[t%2][i-1][j+1]
          + (REAL)0.0902275 * A[t%2][i][j-1]
          + (REAL)0.121968 * A[t%2][i][j]
          + (REAL)0.102351 * A[t%2][i][j+1]
          + (REAL)0.134092 * A[t%2][i+1][j-1]
          + (REAL)0.114475 * A[t%2][i+1][j]
          + (REAL)0.0948584 * A[t%2][i+1][j+1];
#pragma endscop
}
