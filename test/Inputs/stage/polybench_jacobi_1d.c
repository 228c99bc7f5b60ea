/* PolyBench/C-style jacobi-1d (double): ping-pong B = f(A); A = f(B).
   The macros stand in for polybench.h with run-time sizes. */
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define N n
#define TSTEPS tsteps
#define _PB_N n
#define _PB_TSTEPS tsteps
#define POLYBENCH_1D(var, d1, ddim1) var[d1]

void kernel_jacobi_1d(int tsteps, int n,
                      DATA_TYPE POLYBENCH_1D(A, N, n),
                      DATA_TYPE POLYBENCH_1D(B, N, n))
{
  int t, i;

#pragma scop
  for (t = 0; t < _PB_TSTEPS; t++) {
    for (i = 1; i < _PB_N - 1; i++)
      B[i] = SCALAR_VAL(0.33333) * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < _PB_N - 1; i++)
      A[i] = SCALAR_VAL(0.33333) * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}
