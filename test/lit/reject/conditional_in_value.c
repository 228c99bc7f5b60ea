// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, double A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = (A[t%2][i-1] > A[t%2][i+1]) ? A[t%2][i-1] : A[t%2][i+1];
#pragma endscop
}

// CHECK: {{.*}}conditional_in_value.c:9:23: error: conditional operator '?:' is not supported in a stencil expression
// CHECK-NEXT:       A[(t+1)%2][i] = (A[t%2][i-1] > A[t%2][i+1]) ? A[t%2][i-1] : A[t%2][i+1];
// CHECK-NEXT:                       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK-NEXT: note: supported: + - * /, unary minus, casts, literals, read-only scalars, reads of the stencil array and math function calls
// CHECK-NEXT: 1 error generated.
