/* box2d2r: all 25 points of the 5x5 box, each times its own coefficient, summed
 * 2D, radius 2, box shape, 49 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_box2d2r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 2; i < dimsize - 2; i++)
      for (int j = 2; j < dimsize - 2; j++)
        A[(t+1)%2][i][j] = (REAL)0.039497 * A[t%2][i-2][j-2]
          + (REAL)0.0324433 * A[t%2][i-2][j-1]
          + (REAL)0.0438564 * A[t%2][i-2][j]
          + (REAL)0.0368027 * A[t%2][i-2][j+1]
          + (REAL)0.0482159 * A[t%2][i-2][j+2]
          + (REAL)0.0411622 * A[t%2][i-1][j-2]
          + (REAL)0.0341084 * A[t%2][i-1][j-1]
          + (REAL)0.0455216 * A[t%2][i-1][j]
          + (REAL)0.0384679 * A[t%2][i-1][j+1]
          + (REAL)0.0314142 * A[t%2][i-1][j+2]
          + (REAL)0.0428273 * A[t%2][i][j-2]
          + (REAL)0.0357736 * A[t%2][i][j-1]
          + (REAL)0.0471867 * A[t%2][i][j]
          + (REAL)0.040133 * A[t%2][i][j+1]
          + (REAL)0.0330793 * A[t%2][i][j+2]
          + (REAL)0.0444925 * A[t%2][i+1][j-2]
          + (REAL)0.0374388 * A[t%2][i+1][j-1]
          + (REAL)0.0488519 * A[t%2][i+1][j]
          + (REAL)0.0417982 * A[t%2][i+1][j+1]
          + (REAL)0.0347445 * A[t%2][i+1][j+2]
          + (REAL)0.0461576 * A[t%2][i+2][j-2]
          + (REAL)0.0391039 * A[t%2][i+2][j-1]
          + (REAL)0.0320502 * A[t%2][i+2][j]
          + (REAL)0.0434633 * A[t%2][i+2][j+1]
          + (REAL)0.0364096 * A[t%2][i+2][j+2];
#pragma endscop
}
