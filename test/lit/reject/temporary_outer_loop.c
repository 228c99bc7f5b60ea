// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n][n], float c[n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++) {
      float ci = c[i];
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = ci * A[t%2][i][j];
    }
#pragma endscop
}

// CHECK: {{.*}}temporary_outer_loop.c:9:7: error: temporary declared outside the innermost loop
// CHECK-NEXT:       float ci = c[i];
// CHECK-NEXT:       ^~~~~~~~~~~~~~~~
// CHECK-NEXT: note: declare temporaries in the innermost loop's body, before its assignment (the CUDA compiler keeps what does not change)
// CHECK-NEXT: 1 error generated.
