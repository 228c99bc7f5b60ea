// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[n][n], float B[n][n]) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int j = 1; j < n - 1; j++)
      for (int i = 1; i < n - 1; i++)
        B[i][i] = 0.5f * A[i][j];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
#pragma endscop
}

// CHECK: {{.*}}loop_twice_in_write.c:10:14: error: 'B' is written with loop variable 'i' in two subscripts
// CHECK-NEXT:         B[i][i] = 0.5f * A[i][j];
// CHECK-NEXT:              ^
// CHECK-NEXT: note: write the iteration point: each loop variable is one subscript of the written array
// CHECK-NEXT: 1 error generated.
