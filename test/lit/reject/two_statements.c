// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++) {
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
      A[(t+1)%2][i] = A[(t+1)%2][i] * 0.5f;
    }
#pragma endscop
}

// CHECK: {{.*}}two_statements.c:10:7: error: loop body holds more than one statement
// CHECK-NEXT:       A[(t+1)%2][i] = A[(t+1)%2][i] * 0.5f;
// CHECK-NEXT:       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK-NEXT: note: each statement of a time step is its own loop nest: split the loop into one nest per assignment
// CHECK-NEXT: 1 error generated.
