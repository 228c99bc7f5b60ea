// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void read_out_of_bounds_stage(int steps, int n, double A[n], double B[n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = 0.3 * A[i - 1] + 0.45 * A[i] + 0.25 * A[i + 2];
    for (i = 1; i < n - 1; i++)
      A[i] = 0.2 * B[i - 1] + 0.5 * B[i] + 0.3 * B[i + 1];
  }
#pragma endscop
}

// CHECK: {{.*}}stage_read_out_of_bounds.c:12:52: error: read of 'A' leaves the array: A[i + 2] may fall outside A[n]
// CHECK-NEXT:       B[i] = 0.3 * A[i - 1] + 0.45 * A[i] + 0.25 * A[i + 2];
// CHECK-NEXT:                                                    ^~~~~~~~
// CHECK-NEXT: note: for example with steps = 4, n = 4, iteration (t = 0, i = 2) accesses A[4], outside A[n]; loop bounds and subscripts must keep every access within the declared extents
// CHECK-NEXT: 1 error generated.
