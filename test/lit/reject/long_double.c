// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, long double A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5L * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}long_double.c:5:34: error: unsupported element type 'long double' of array 'A'
// CHECK-NEXT: void f(int n, int T, long double A[2][n]) {
// CHECK-NEXT:                                  ^
// CHECK-NEXT: note: stencilcc generates kernels for arrays of float, double and the integer types from char to long long
// CHECK-NEXT: 1 error generated.
