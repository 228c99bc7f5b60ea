// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float **A) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}plain_pointer.c:5:30: error: 'A' is a plain pointer with no extents
// CHECK-NEXT: void f(int n, int T, float **A) {
// CHECK-NEXT:                              ^
// CHECK-NEXT: note: cast it to a pointer to a variable-length array: 'float (*A)[n][n] = (float (*)[n][n])p;'
// CHECK-NEXT: 1 error generated.
