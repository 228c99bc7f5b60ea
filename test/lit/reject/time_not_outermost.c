// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n][n]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int t = 0; t < T; t++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.5f * (A[t%2][i][j-1] + A[t%2][i][j+1]);
#pragma endscop
}

// CHECK: {{.*}}time_not_outermost.c:8:5: error: time loop 't' must be the outermost loop
// CHECK-NEXT:     for (int t = 0; t < T; t++)
// CHECK-NEXT:     ^
// CHECK-NEXT: note: the loop whose variable selects the time level ('t') must enclose every spatial loop
// CHECK-NEXT: 1 error generated.
