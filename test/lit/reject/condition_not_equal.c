// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i != n - 1; i++)
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}condition_not_equal.c:8:21: error: loop condition must compare 'i' with '<' or '<='
// CHECK-NEXT:     for (int i = 1; i != n - 1; i++)
// CHECK-NEXT:                     ^~~~~~~~~~
// CHECK-NEXT: note: write 'i < upper' or 'i <= upper'
// CHECK-NEXT: 1 error generated.
