// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < i; j++)
        A[(t+1)%2][i][j] = 0.5f * (A[t%2][i][j-1] + A[t%2][i][j+1]);
#pragma endscop
}

// CHECK: {{.*}}triangular_bound.c:9:27: error: loop bound depends on an enclosing loop variable
// CHECK-NEXT:       for (int j = 1; j < i; j++)
// CHECK-NEXT:                           ^
// CHECK-NEXT: note: bounds must be sums of integer parameters times constants, plus a constant (e.g. 'n - 2', '2*r')
// CHECK-NEXT: 1 error generated.
