// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int t0, int T, float A[2][n]) {
#pragma scop
  for (int t = t0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[t%2][i] = 0.5f * (A[(t-1)%2][i-1] + A[(t-1)%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}time_shift_symbolic_start.c:9:29: error: time level 't - 1' may be negative at the first step (t = t0) and C's '%' keeps the sign
// CHECK-NEXT:       A[t%2][i] = 0.5f * (A[(t-1)%2][i-1] + A[(t-1)%2][i+1]);
// CHECK-NEXT:                             ^~~~~
// CHECK-NEXT: note: shift by a non-negative constant, e.g. '(t + 1) % 2', or start the time loop at a constant where the level is not negative
// CHECK-NEXT: 1 error generated.
