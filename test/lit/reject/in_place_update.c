// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.5f * (A[(t+1)%2][i-1][j] + A[t%2][i][j+1]);
#pragma endscop
}

// CHECK: {{.*}}in_place_update.c:10:36: error: reads the time level being written: 'A[(t + 1) % 2][i - 1][j]' is updated in place
// CHECK-NEXT:         A[(t+1)%2][i][j] = 0.5f * (A[(t+1)%2][i-1][j] + A[t%2][i][j+1]);
// CHECK-NEXT:                                    ^~~~~~~~~~~~~~~~~~
// CHECK-NEXT: note: read the previous level instead: 'A[t % 2][i - 1][j]'
// CHECK-NEXT: 1 error generated.
