// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[3][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%3][i] = 2.0f * A[t%3][i] - A[(t+2)%3][i];
#pragma endscop
}

// CHECK: {{.*}}older_level.c:9:42: error: reads the level of time step t - 1, not the previous one
// CHECK-NEXT:       A[(t+1)%3][i] = 2.0f * A[t%3][i] - A[(t+2)%3][i];
// CHECK-NEXT:                                          ^~~~~~~~~~~~~
// CHECK-NEXT: note: every read must see the level written one step earlier: 'A[t % 3][i]'
// CHECK-NEXT: 1 error generated.
