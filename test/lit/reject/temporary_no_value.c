// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        float c;
        A[(t+1)%2][i][j] = 0.5f * A[t%2][i][j];
      }
#pragma endscop
}

// CHECK: {{.*}}temporary_no_value.c:10:15: error: temporary 'c' has no value
// CHECK-NEXT:         float c;
// CHECK-NEXT:               ^
// CHECK-NEXT: note: declare each temporary of the innermost loop with its value, e.g. 'float c = A[t%2][i][j];', and end the body with one assignment to an array element
// CHECK-NEXT: 1 error generated.
