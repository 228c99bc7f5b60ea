// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, int A[2][n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = (A[t%2][i-1][j] + A[t%2][i+1][j]) / 2;
#pragma endscop
}

// CHECK: {{.*}}element_int.c:5:26: error: unsupported element type 'int' of array 'A'
// CHECK-NEXT: void f(int n, int T, int A[2][n][n]) {
// CHECK-NEXT:                          ^
// CHECK-NEXT: note: stencilcc generates kernels for arrays of float or double
// CHECK-NEXT: 1 error generated.
