/* PolyBench/C-style jacobi-2d in float: ping-pong B = f(A); A = f(B).
   The macros stand in for polybench.h with run-time sizes. */
#define DATA_TYPE float
#define SCALAR_VAL(x) x##f
#define N n
#define TSTEPS tsteps
#define _PB_N n
#define _PB_TSTEPS tsteps
#define POLYBENCH_2D(var, d1, d2, ddim1, ddim2) var[d1][d2]

void kernel_jacobi_2d(int tsteps, int n,
                      DATA_TYPE POLYBENCH_2D(A, N, N, n, n),
                      DATA_TYPE POLYBENCH_2D(B, N, N, n, n))
{
  int t, i, j;

#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        B[i][j] = SCALAR_VAL(0.2) * (A[i][j] + A[i][j - 1] + A[i][j + 1]
                                     + A[i + 1][j] + A[i - 1][j]);
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        A[i][j] = SCALAR_VAL(0.2) * (B[i][j] + B[i][j - 1] + B[i][j + 1]
                                     + B[i + 1][j] + B[i - 1][j]);
  }
#pragma endscop
}
