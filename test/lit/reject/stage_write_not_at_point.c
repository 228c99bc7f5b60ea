// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void write_not_at_point(int steps, int n, double A[n][n], double B[n][n])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 2; i++)
      for (j = 1; j < n - 1; j++)
        B[i + 1][j] = 0.5 * A[i][j] + 0.25 * (A[i][j - 1] + A[i][j + 1]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.3 * B[i - 1][j] + 0.4 * B[i][j] + 0.3 * B[i + 1][j];
  }
#pragma endscop
}

// CHECK: {{.*}}stage_write_not_at_point.c:13:11: error: the statement must write the iteration point
// CHECK-NEXT:         B[i + 1][j] = 0.5 * A[i][j] + 0.25 * (A[i][j - 1] + A[i][j + 1]);
// CHECK-NEXT:           ^~~~~
// CHECK-NEXT: note: write 'i' as subscript 1; reads carry the offsets
// CHECK-NEXT: 1 error generated.
