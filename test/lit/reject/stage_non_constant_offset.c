// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void non_constant_offset_stage(int steps, int n, double A[n][2 * n], double B[n][2 * n])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 0; j < n; j++)
        B[i][j] = 0.6 * A[i][2 * j] + 0.4 * A[i][j];
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * B[i - 1][j] + 0.5 * B[i][j] + 0.3 * B[i + 1][j];
  }
#pragma endscop
}

// CHECK: {{.*}}stage_non_constant_offset.c:13:30: error: offset is not a constant
// CHECK-NEXT:         B[i][j] = 0.6 * A[i][2 * j] + 0.4 * A[i][j];
// CHECK-NEXT:                              ^~~~~
// CHECK-NEXT: note: subscript 2 must be 'j' plus or minus a constant (a read at a constant offset of the written point)
// CHECK-NEXT: 1 error generated.
