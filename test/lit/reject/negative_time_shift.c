// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[t%2][i] = 0.5f * (A[(t-1)%2][i-1] + A[(t-1)%2][i+1]);
#pragma endscop
}

// From t = 1 the same level is never negative (test/Inputs/accepted/
// loops_transposed.c); from t = 0 it is -1, a read before the array.
// CHECK: {{.*}}negative_time_shift.c:9:29: error: time level 't - 1' is negative at the first step (t = 0) and C's '%' keeps the sign
// CHECK-NEXT:       A[t%2][i] = 0.5f * (A[(t-1)%2][i-1] + A[(t-1)%2][i+1]);
// CHECK-NEXT:                             ^~~~~
// CHECK-NEXT: note: shift by a non-negative constant, e.g. '(t + 1) % 2', or start the time loop at a constant where the level is not negative
// CHECK-NEXT: 1 error generated.
