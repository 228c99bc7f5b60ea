// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void in_place_neighbour(int steps, int n, double A[n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i < n - 1; i++)
      A[i] = 0.5 * (A[i - 1] + A[i + 1]);
#pragma endscop
}

// CHECK: {{.*}}stage_in_place_neighbour.c:12:21: error: read 'A[i - 1]' reads a value this statement writes in the same sweep
// CHECK-NEXT:       A[i] = 0.5 * (A[i - 1] + A[i + 1]);
// CHECK-NEXT:                     ^~~~~~~~
// CHECK-NEXT: note: each statement is a data-parallel sweep: it must read other points as earlier statements or steps left them (write the result to another array or time level); for example with steps = 4, n = 4, iteration (t = 0, i = 2) reads the value written by iteration (t = 0, i = 1)
// CHECK-NEXT: {{.*}}stage_in_place_neighbour.c:12:32: error: read 'A[i + 1]' reads a cell another point of this statement overwrites in the same sweep
// CHECK-NEXT:       A[i] = 0.5 * (A[i - 1] + A[i + 1]);
// CHECK-NEXT:                                ^~~~~~~~
// CHECK-NEXT: note: each statement is a data-parallel sweep: it must read other points as earlier statements or steps left them (write the result to another array or time level); for example with steps = 4, n = 4, iteration (t = 0, i = 1) reads a cell written by iteration (t = 0, i = 2)
// CHECK-NEXT: 2 errors generated.
