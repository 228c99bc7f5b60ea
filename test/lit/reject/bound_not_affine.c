// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int m, int T, float A[2][n * m]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n * m - 1; i++)
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}bound_not_affine.c:8:25: error: loop bound is not affine in integer parameters
// CHECK-NEXT:     for (int i = 1; i < n * m - 1; i++)
// CHECK-NEXT:                         ^~~~~
// CHECK-NEXT: note: bounds must be sums of integer parameters times constants, plus a constant (e.g. 'n - 2', '2*r')
// CHECK-NEXT: 1 error generated.
