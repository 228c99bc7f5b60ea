// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

float weight(float x);
void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = weight(A[t%2][i-1]) + A[t%2][i+1];
#pragma endscop
}

// CHECK: {{.*}}unsupported_call.c:10:23: error: call to 'weight' is not supported
// CHECK-NEXT:       A[(t+1)%2][i] = weight(A[t%2][i-1]) + A[t%2][i+1];
// CHECK-NEXT:                       ^~~~~~~~~~~~~~~~~~~
// CHECK-NEXT: note: only math library functions (sqrt, fabs, fmin, fmax, exp, ... and their 'f' forms) and functions of the file whose body is one 'return' of their scalar parameters may be called in a stencil expression
// CHECK-NEXT: 1 error generated.
