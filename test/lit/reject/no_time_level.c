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

// CHECK: {{.*}}no_time_level.c:9:9: error: first subscript of 'A' must select the time level
// CHECK-NEXT:       A[i][t] = 0.5f * (A[i-1][t] + A[i+1][t]);
// CHECK-NEXT:         ^
// CHECK-NEXT: note: write 'A[(t+1)%2][i][j]' where t is the outermost (time) loop
// CHECK-NEXT: 1 error generated.
