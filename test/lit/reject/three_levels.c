// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[3][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%3][i] = 0.5f * (A[t%3][i-1] + A[t%3][i+1]);
#pragma endscop
}

// CHECK: {{.*}}three_levels.c:9:9: error: '% 3' selects among 3 time levels
// CHECK-NEXT:       A[(t+1)%3][i] = 0.5f * (A[t%3][i-1] + A[t%3][i+1]);
// CHECK-NEXT:         ^~~~~~~
// CHECK-NEXT: note: stencilcc supports two buffers selected with '% 2'
// CHECK-NEXT: 1 error generated.
