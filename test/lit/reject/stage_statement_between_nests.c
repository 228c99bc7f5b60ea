// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void statement_between_nests(int steps, int n, double A[n], double B[n])
{
  int t, i;
  double x = 0.5;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = 0.25 * A[i - 1] + 0.5 * A[i] + 0.25 * A[i + 1];
    x = 1;
    for (i = 1; i < n - 1; i++)
      A[i] = x * (0.3 * B[i - 1] + 0.4 * B[i] + 0.3 * B[i + 1]);
  }
#pragma endscop
}

// CHECK: {{.*}}stage_statement_between_nests.c:14:5: error: statement of the time step is not a loop nest
// CHECK-NEXT:     x = 1;
// CHECK-NEXT:     ^~~~~
// CHECK-NEXT: note: each statement of a time step is a loop nest ending in one assignment to an array element
// CHECK-NEXT: 1 error generated.
