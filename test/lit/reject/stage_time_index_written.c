// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void time_index_written(int rows, int cols, float W[rows][cols], float D[2][cols])
{
  int t, n;

#pragma scop
  for (t = 0; t < rows - 1; t++) {
    for (n = 0; n < cols; n++)
      D[(t + 1) % 2][n] = W[t][n] + 0.5f * D[t % 2][n];
    for (n = 0; n < cols; n++)
      W[t + 1][n] = 0.75f * D[(t + 1) % 2][n];
  }
#pragma endscop
}

// CHECK: {{.*}}stage_time_index_written.c:14:9: error: writes 'W' at time step 't + 1': arrays indexed by the time step are read only
// CHECK-NEXT:       W[t + 1][n] = 0.75f * D[(t + 1) % 2][n];
// CHECK-NEXT:         ^~~~~
// CHECK-NEXT: note: keep state in arrays written through a level '(t + 1) % k' or in arrays without a time subscript
// CHECK-NEXT: 1 error generated.
