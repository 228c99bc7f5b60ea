/* j2d9pt-gol: (weighted sum of the 3x3 box) / c0
 * 2D, radius 1, box shape, 18 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_j2d9pt_gol(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = ((REAL)0.9894 * A[t%2][i-1][j-1]
           + (REAL)1.916 * A[t%2][i-1][j]
           + (REAL)1.343 * A[t%2][i-1][j+1]
           + (REAL)0.7705 * A[t%2][i][j-1]
           + (REAL)1.698 * A[t%2][i][j]
           + (REAL)1.125 * A[t%2][i][j+1]
           + (REAL)0.5517 * A[t%2][i+1][j-1]
           + (REAL)1.479 * A[t%2][i+1][j]
           + (REAL)0.9058 * A[t%2][i+1][j+1]) / (REAL)10.811;
#pragma endscop
}
