// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

// A flattened subscript read past the end of its row (j + 1 = n at the
// last j): C reads the next row's first cell, which no split into rows of
// n expresses as a constant offset.
void f(int n, int T, float *a, float *b) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 0; j < n; j++)
        b[i * n + j] = 0.5f * (a[i * n + j] + a[i * n + j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 0; j < n; j++)
        a[i * n + j] = b[i * n + j];
  }
#pragma endscop
}

// CHECK: {{.*}}flattened_row_crossing.c:13:47: error: read of 'a' leaves the array: a[i][j + 1] may fall outside a[n - 1][n]
// CHECK-NEXT:         b[i * n + j] = {{.*}}
// CHECK-NEXT:                                               ^~~~~~~~~~~~~~~~
// CHECK-NEXT: note: for example with {{.*}}, iteration (t = 0, i = 1, j = {{[0-9]+}}) accesses a[1][{{[0-9]+}}], outside a[n - 1][n]; the array is indexed flat, and stencilcc reads its subscripts as one per dimension of these extents: that is what C computes only while each stays inside its extent, not past the end of a row
// CHECK-NEXT: 1 error generated.
