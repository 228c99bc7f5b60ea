// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i += 2)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.5f * (A[t%2][i][j-1] + A[t%2][i][j+1]);
#pragma endscop
}

// CHECK: {{.*}}step_not_one.c:8:32: error: loop step must be 1
// CHECK-NEXT:     for (int i = 1; i < n - 1; i += 2)
// CHECK-NEXT:                                ^~~~~~
// CHECK-NEXT: note: stencilcc handles loops that advance by one: write 'i++'
// CHECK-NEXT: 1 error generated.
