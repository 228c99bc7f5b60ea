/* PolyBench/C-style heat-3d (double): ping-pong B = f(A); A = f(B) over
   the interior 1..n-2 of a 3D grid. The macros stand in for polybench.h. */
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define N n
#define TSTEPS tsteps
#define _PB_N n
#define _PB_TSTEPS tsteps
#define POLYBENCH_3D(var, d1, d2, d3, ddim1, ddim2, ddim3) var[d1][d2][d3]

void kernel_heat_3d(int tsteps, int n,
                    DATA_TYPE POLYBENCH_3D(A, N, N, N, n, n, n),
                    DATA_TYPE POLYBENCH_3D(B, N, N, N, n, n, n))
{
  int t, i, j, k;

#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        for (k = 1; k < _PB_N - 1; k++)
          B[i][j][k] =
              SCALAR_VAL(0.125) * (A[i + 1][j][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i - 1][j][k])
            + SCALAR_VAL(0.125) * (A[i][j + 1][k] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j - 1][k])
            + SCALAR_VAL(0.125) * (A[i][j][k + 1] - SCALAR_VAL(2.0) * A[i][j][k] + A[i][j][k - 1])
            + A[i][j][k];
    for (i = 1; i < _PB_N - 1; i++)
      for (j = 1; j < _PB_N - 1; j++)
        for (k = 1; k < _PB_N - 1; k++)
          A[i][j][k] =
              SCALAR_VAL(0.125) * (B[i + 1][j][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i - 1][j][k])
            + SCALAR_VAL(0.125) * (B[i][j + 1][k] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j - 1][k])
            + SCALAR_VAL(0.125) * (B[i][j][k + 1] - SCALAR_VAL(2.0) * B[i][j][k] + B[i][j][k - 1])
            + B[i][j][k];
  }
#pragma endscop
}
