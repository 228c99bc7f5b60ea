// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5f * A[t%2][i-1] + 0.001f * i;
#pragma endscop
}

// CHECK: {{.*}}loop_var_in_value.c:9:53: error: loop variable 'i' is used in the computed value
// CHECK-NEXT:       A[(t+1)%2][i] = 0.5f * A[t%2][i-1] + 0.001f * i;
// CHECK-NEXT:                                                     ^
// CHECK-NEXT: note: loop variables may appear only in the array subscripts
// CHECK-NEXT: 1 error generated.
