/* box2d3r: all 49 points of the 7x7 box, each times its own coefficient, summed
 * 2D, radius 3, box shape, 97 FLOP per cell (paper 001 Table 3).
 * Compile with -DREAL=double for the double-precision variant. */
#ifndef REAL
#define REAL float
#endif

void kernel_box2d3r(int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[dimsize][dimsize] = (REAL (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 3; i < dimsize - 3; i++)
      for (int j = 3; j < dimsize - 3; j++)
        A[(t+1)%2][i][j] = (REAL)0.0222553 * A[t%2][i-3][j-3]
          + (REAL)0.0186759 * A[t%2][i-3][j-2]
          + (REAL)0.0244676 * A[t%2][i-3][j-1]
          + (REAL)0.0208881 * A[t%2][i-3][j]
          + (REAL)0.0173086 * A[t%2][i-3][j+1]
          + (REAL)0.0231003 * A[t%2][i-3][j+2]
          + (REAL)0.0195209 * A[t%2][i-3][j+3]
          + (REAL)0.0159414 * A[t%2][i-2][j-3]
          + (REAL)0.0217331 * A[t%2][i-2][j-2]
          + (REAL)0.0181536 * A[t%2][i-2][j-1]
          + (REAL)0.0239453 * A[t%2][i-2][j]
          + (REAL)0.0203659 * A[t%2][i-2][j+1]
          + (REAL)0.0167864 * A[t%2][i-2][j+2]
          + (REAL)0.0225781 * A[t%2][i-2][j+3]
          + (REAL)0.0189986 * A[t%2][i-1][j-3]
          + (REAL)0.0247903 * A[t%2][i-1][j-2]
          + (REAL)0.0212109 * A[t%2][i-1][j-1]
          + (REAL)0.0176314 * A[t%2][i-1][j]
          + (REAL)0.0234231 * A[t%2][i-1][j+1]
          + (REAL)0.0198436 * A[t%2][i-1][j+2]
          + (REAL)0.0162641 * A[t%2][i-1][j+3]
          + (REAL)0.0220559 * A[t%2][i][j-3]
          + (REAL)0.0184764 * A[t%2][i][j-2]
          + (REAL)0.0242681 * A[t%2][i][j-1]
          + (REAL)0.0206886 * A[t%2][i][j]
          + (REAL)0.0171091 * A[t%2][i][j+1]
          + (REAL)0.0229009 * A[t%2][i][j+2]
          + (REAL)0.0193214 * A[t%2][i][j+3]
          + (REAL)0.0157419 * A[t%2][i+1][j-3]
          + (REAL)0.0215336 * A[t%2][i+1][j-2]
          + (REAL)0.0179541 * A[t%2][i+1][j-1]
          + (REAL)0.0237459 * A[t%2][i+1][j]
          + (REAL)0.0201664 * A[t%2][i+1][j+1]
          + (REAL)0.0165869 * A[t%2][i+1][j+2]
          + (REAL)0.0223786 * A[t%2][i+1][j+3]
          + (REAL)0.0187991 * A[t%2][i+2][j-3]
          + (REAL)0.0245909 * A[t%2][i+2][j-2]
          + (REAL)0.0210114 * A[t%2][i+2][j-1]
          + (REAL)0.0174319 * A[t%2][i+2][j]
          + (REAL)0.0232236 * A[t%2][i+2][j+1]
          + (REAL)0.0196441 * A[t%2][i+2][j+2]
          + (REAL)0.0160647 * A[t%2][i+2][j+3]
          + (REAL)0.0218564 * A[t%2][i+3][j-3]
          + (REAL)0.0182769 * A[t%2][i+3][j-2]
          + (REAL)0.0240686 * A[t%2][i+3][j-1]
          + (REAL)0.0204891 * A[t%2][i+3][j]
          + (REAL)0.0169097 * A[t%2][i+3][j+1]
          + (REAL)0.0227014 * A[t%2][i+3][j+2]
          + (REAL)0.0191219 * A[t%2][i+3][j+3];
#pragma endscop
}
