// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

// Time levels inside a flattened subscript: not a sum of loop variables
// times strides, so not split; the note shows the cast to write instead.
void f(int n, int T, float *a) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[((t + 1) % 2) * n * n + i * n + j] = 0.5f * (a[(t % 2) * n * n + i * n + j - 1] + a[(t % 2) * n * n + i * n + j + 1]);
#pragma endscop
}

// CHECK: {{.*}}flattened_subscript.c:12:11: error: 'a' is indexed with one flattened subscript over several loops
// CHECK-NEXT:         a[((t + 1) % 2) * n * n + i * n + j] = {{.*}}
// CHECK-NEXT:           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK-NEXT: note: cast it to a pointer to a variable-length array and subscript each dimension: 'float (*a2)[n] = (float (*)[n])a;' then 'a2[i][j]'
// CHECK-NEXT: 1 error generated.
