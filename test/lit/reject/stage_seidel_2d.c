// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define N n
#define _PB_N n
#define _PB_TSTEPS tsteps
#define POLYBENCH_2D(var, d1, d2, ddim1, ddim2) var[d1][d2]

void kernel_seidel_2d(int tsteps, int n, DATA_TYPE POLYBENCH_2D(A, N, N, n, n))
{
  int t, i, j;

#pragma scop
  for (t = 0; t <= _PB_TSTEPS - 1; t++)
    for (i = 1; i <= _PB_N - 2; i++)
      for (j = 1; j <= _PB_N - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
                   + A[i][j - 1] + A[i][j] + A[i][j + 1]
                   + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) / SCALAR_VAL(9.0);
#pragma endscop
}

// CHECK: {{.*}}stage_seidel_2d.c:20:20: error: read 'A[i - 1][j - 1]' reads a value this statement writes in the same sweep
// CHECK-NEXT:         A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1]
// CHECK-NEXT:                    ^~~~~~~~~~~~~~~
// CHECK-NEXT: note: each statement is a data-parallel sweep: it must read other points as earlier statements or steps left them (write the result to another array or time level); for example with tsteps = 4, n = 4, iteration (t = 0, i = 2, j = 2) reads the value written by iteration (t = 0, i = 1, j = 1); so do 'A[i - 1][j]', 'A[i - 1][j + 1]', 'A[i][j - 1]'
// CHECK-NEXT: {{.*}}stage_seidel_2d.c:21:46: error: read 'A[i][j + 1]' reads a cell another point of this statement overwrites in the same sweep
// CHECK-NEXT:                    + A[i][j - 1] + A[i][j] + A[i][j + 1]
// CHECK-NEXT:                                              ^~~~~~~~~~~
// CHECK-NEXT: note: each statement is a data-parallel sweep: it must read other points as earlier statements or steps left them (write the result to another array or time level); for example with tsteps = 4, n = 4, iteration (t = 0, i = 1, j = 1) reads a cell written by iteration (t = 0, i = 1, j = 2); so do 'A[i + 1][j - 1]', 'A[i + 1][j]', 'A[i + 1][j + 1]'
// CHECK-NEXT: 2 errors generated.
