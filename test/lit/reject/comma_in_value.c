// RUN: rm -f %t.cu
// RUN: not %stencilcc %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu

void f(int n, int T, int A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = (A[t%2][i-1], A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}comma_in_value.c:9:35: error: operator ',' is not supported in a stencil expression
// CHECK-NEXT: {{^}}      A[(t+1)%2][i] = (A[t%2][i-1], A[t%2][i+1]);
// CHECK-NEXT: {{^}}                                  ^~~~~~~~~~~~~
// CHECK-NEXT: note: supported: C's arithmetic, comparison, logical and bitwise operators, '?:', casts and calls to math functions; no assignments, increments or commas
// CHECK-NEXT: 1 warning and 1 error generated.
