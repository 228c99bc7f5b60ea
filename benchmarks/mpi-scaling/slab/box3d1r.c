/* box3d1r, slab form: the update of benchmarks/stencils/box3d1r.c over a grid
 * whose outermost (streaming, --mpi split) extent `rows` is its own size
 * parameter, so that weak scaling can give every rank the same slab
 * (run.sh --modes weak: rows = ranks x the slab, the other extents fixed). */
#ifndef REAL
#define REAL float
#endif

void kernel_box3d1r(int rows, int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[rows][dimsize][dimsize] = (REAL (*)[rows][dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < rows - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        for (int k = 1; k < dimsize - 1; k++)
          A[(t+1)%2][i][j][k] = (REAL)0.0317958 * A[t%2][i-1][j-1][k-1]
            + (REAL)0.0424352 * A[t%2][i-1][j-1][k]
            + (REAL)0.0358597 * A[t%2][i-1][j-1][k+1]
            + (REAL)0.0292842 * A[t%2][i-1][j][k-1]
            + (REAL)0.0399236 * A[t%2][i-1][j][k]
            + (REAL)0.0333481 * A[t%2][i-1][j][k+1]
            + (REAL)0.0439874 * A[t%2][i-1][j+1][k-1]
            + (REAL)0.037412 * A[t%2][i-1][j+1][k]
            + (REAL)0.0308365 * A[t%2][i-1][j+1][k+1]
            + (REAL)0.0414758 * A[t%2][i][j-1][k-1]
            + (REAL)0.0349004 * A[t%2][i][j-1][k]
            + (REAL)0.0455397 * A[t%2][i][j-1][k+1]
            + (REAL)0.0389642 * A[t%2][i][j][k-1]
            + (REAL)0.0323888 * A[t%2][i][j][k]
            + (REAL)0.0430281 * A[t%2][i][j][k+1]
            + (REAL)0.0364526 * A[t%2][i][j+1][k-1]
            + (REAL)0.0298772 * A[t%2][i][j+1][k]
            + (REAL)0.0405165 * A[t%2][i][j+1][k+1]
            + (REAL)0.033941 * A[t%2][i+1][j-1][k-1]
            + (REAL)0.0445803 * A[t%2][i+1][j-1][k]
            + (REAL)0.0380049 * A[t%2][i+1][j-1][k+1]
            + (REAL)0.0314294 * A[t%2][i+1][j][k-1]
            + (REAL)0.0420687 * A[t%2][i+1][j][k]
            + (REAL)0.0354933 * A[t%2][i+1][j][k+1]
            + (REAL)0.0289178 * A[t%2][i+1][j+1][k-1]
            + (REAL)0.0395571 * A[t%2][i+1][j+1][k]
            + (REAL)0.0329817 * A[t%2][i+1][j+1][k+1];
#pragma endscop
}
