// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float *a, float *b) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i * n + j] = 0.25f * (a[(i - 1) * n + j] + a[(i + 1) * n + j] + a[i * n + j - 1] + a[i * n + j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i * n + j] = b[i * n + j];
  }
#pragma endscop
}

// CHECK: {{.*}}flattened_subscript.c:10:11: error: 'b' is indexed with one flattened subscript over several loops
// CHECK-NEXT:         b[i * n + j] = {{.*}}
// CHECK-NEXT:           ^~~~~~~~~
// CHECK-NEXT: note: cast it to a pointer to a variable-length array and subscript each dimension: 'float (*b2)[n] = (float (*)[n])b;' then 'b2[i][j]'
// CHECK-NEXT: 1 error generated.
