// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] += 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}compound_assign.c:9:7: error: compound assignment updates the array in place
// CHECK-NEXT:       A[(t+1)%2][i] += 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
// CHECK-NEXT:       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// CHECK-NEXT: note: write the new level from the previous one: 'A[(t+1)%2][i] = A[t%2][i] + ...'
// CHECK-NEXT: 1 error generated.
