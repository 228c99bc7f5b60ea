/* star3d1r, slab form: the update of benchmarks/stencils/star3d1r.c over a grid
 * whose outermost (streaming, --mpi split) extent `rows` is its own size
 * parameter, so that weak scaling can give every rank the same slab
 * (run.sh --modes weak: rows = ranks x the slab, the other extents fixed). */
#ifndef REAL
#define REAL float
#endif

void kernel_star3d1r(int rows, int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[rows][dimsize][dimsize] = (REAL (*)[rows][dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < rows - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        for (int k = 1; k < dimsize - 1; k++)
          A[(t+1)%2][i][j][k] = (REAL)0.152099 * A[t%2][i-1][j][k]
            + (REAL)0.126034 * A[t%2][i][j-1][k]
            + (REAL)0.168207 * A[t%2][i][j][k-1]
            + (REAL)0.142143 * A[t%2][i][j][k]
            + (REAL)0.116079 * A[t%2][i][j][k+1]
            + (REAL)0.158251 * A[t%2][i][j+1][k]
            + (REAL)0.132187 * A[t%2][i+1][j][k];
#pragma endscop
}
