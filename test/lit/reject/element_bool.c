// RUN: rm -f %t.cu
// RUN: not %stencilcc %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu

// _Bool is no integer type to stencilcc: a conversion to it tests against
// zero, which C++'s bool does too, but its arrays are rare enough that
// stencilcc asks for char or int instead.
void f(int n, int T, _Bool A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = A[t%2][i-1] != A[t%2][i+1];
#pragma endscop
}

// CHECK: {{.*}}element_bool.c:8:28: error: unsupported element type '_Bool' of array 'A'
// CHECK-NEXT: void f(int n, int T, _Bool A[2][n]) {
// CHECK-NEXT:                            ^
// CHECK-NEXT: note: stencilcc generates kernels for arrays of float, double and the integer types from char to long long
// CHECK-NEXT: 1 error generated.
