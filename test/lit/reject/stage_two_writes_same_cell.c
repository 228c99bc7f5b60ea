// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void two_writes_same_cell(int steps, int n, float A[n][n], float B[n][n])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 0; j < n; j++)
        B[0][j] = 0.5f * A[i][j];
    for (i = 1; i < n - 1; i++)
      for (j = 0; j < n; j++)
        A[i][j] = 0.6f * A[i][j] + 0.4f * B[i - 1][j];
  }
#pragma endscop
}

// CHECK: {{.*}}stage_two_writes_same_cell.c:11:5: error: loop 'i' does not appear in the written subscripts, so every iteration writes the same element
// CHECK-NEXT:     for (i = 1; i < n - 1; i++)
// CHECK-NEXT:     ^
// CHECK-NEXT: note: write the iteration point: each loop variable is one subscript of the written array
// CHECK-NEXT: 1 error generated.
