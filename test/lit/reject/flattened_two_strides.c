// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

// One flattened array read with rows of two lengths.
void f(int n, int m, int T, float *a, float *b) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.5f * (a[i * n + j] + a[i * m + j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = b[i * n + j];
  }
#pragma endscop
}

// CHECK: {{.*}}flattened_two_strides.c:11:49: error: loop variable 'i' of the flattened subscript of 'a' has the stride 'm', which is no dimension's
// CHECK-NEXT:         b[i * n + j] = {{.*}}
// CHECK-NEXT:                                                 ^~~~~~~~~
// CHECK-NEXT: note: the strides of its dimensions are '1', 'n'
// CHECK-NEXT: 1 error generated.
