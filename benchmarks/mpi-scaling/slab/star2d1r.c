/* star2d1r, slab form: the update of benchmarks/stencils/star2d1r.c over a grid
 * whose outermost (streaming, --mpi split) extent `rows` is its own size
 * parameter, so that weak scaling can give every rank the same slab
 * (run.sh --modes weak: rows = ranks x the slab, the other extents fixed). */
#ifndef REAL
#define REAL float
#endif

void kernel_star2d1r(int rows, int dimsize, int timestep, REAL *A1)
{
  REAL (*A)[rows][dimsize] = (REAL (*)[rows][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < rows - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = (REAL)0.214382 * A[t%2][i-1][j]
          + (REAL)0.178541 * A[t%2][i][j-1]
          + (REAL)0.236534 * A[t%2][i][j]
          + (REAL)0.200692 * A[t%2][i][j+1]
          + (REAL)0.164851 * A[t%2][i+1][j];
#pragma endscop
}
