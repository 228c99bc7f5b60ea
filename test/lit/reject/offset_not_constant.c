// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int k, int T, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.5f * (A[t%2][i+k][j] + A[t%2][i][j]);
#pragma endscop
}

// CHECK: {{.*}}offset_not_constant.c:10:43: error: offset 'k' is not a constant
// CHECK-NEXT:         A[(t+1)%2][i][j] = 0.5f * (A[t%2][i+k][j] + A[t%2][i][j]);
// CHECK-NEXT:                                           ^~~
// CHECK-NEXT: note: subscript 1 must be 'i' plus or minus a constant (a read at a constant offset of the written point)
// CHECK-NEXT: 1 error generated.
