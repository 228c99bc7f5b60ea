// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[i][t] = 0.5f * (A[i-1][t] + A[i+1][t]);
#pragma endscop
}

// CHECK: {{.*}}no_time_level.c:9:12: error: subscript 2 of 'A' uses the time loop variable 't'
// CHECK-NEXT:       A[i][t] = 0.5f * (A[i-1][t] + A[i+1][t]);
// CHECK-NEXT:            ^
// CHECK-NEXT: note: 't' may only select a time level in the first subscript ('A[(t+1)%2][i]') or the row of an array indexed by the time step ('W[t+1][i]')
// CHECK-NEXT: 1 error generated.
