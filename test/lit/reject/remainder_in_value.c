// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, double A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = (int)A[t%2][i-1] % 7 + A[t%2][i+1];
#pragma endscop
}

// CHECK: {{.*}}remainder_in_value.c:9:40: error: operator '%' is not supported in a stencil expression
// CHECK-NEXT:       A[(t+1)%2][i] = (int)A[t%2][i-1] % 7 + A[t%2][i+1];
// CHECK-NEXT:                                        ^~~
// CHECK-NEXT: note: supported: + - * /, unary minus, casts and calls to math functions
// CHECK-NEXT: 1 error generated.
