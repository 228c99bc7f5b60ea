// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void read_level_being_written(int steps, int n, float U[3][n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i < n - 1; i++)
      U[(t + 2) % 3][i] = 0.4f * U[(t + 2) % 3][i - 1] + 0.35f * U[(t + 1) % 3][i + 1]
                        + 0.25f * U[t % 3][i];
#pragma endscop
}

// CHECK: {{.*}}stage_read_level_being_written.c:12:34: error: reads the time level being written: 'U[(t + 2) % 3][i - 1]' is updated in place
// CHECK-NEXT:       U[(t + 2) % 3][i] = 0.4f * U[(t + 2) % 3][i - 1] + 0.35f * U[(t + 1) % 3][i + 1]
// CHECK-NEXT:                                  ^~~~~~~~~~~~~~~~~~~~~
// CHECK-NEXT: note: read one of the 2 previous levels instead, e.g. 'U[(t + 1) % 3][i - 1]'
// CHECK-NEXT: 1 error generated.
