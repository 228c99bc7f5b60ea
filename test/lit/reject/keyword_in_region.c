// RUN: rm -f %t.cu
// RUN: not %stencilcc %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu

void f(int n, int steps, float this, float A[2][n]) {
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = this * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}keyword_in_region.c:9:23: error: 'this' is a keyword of C++, the language of the generated file
// CHECK-NEXT:       A[(t+1)%2][i] = this * (A[t%2][i-1] + A[t%2][i+1]);
// CHECK-NEXT:                       ^
// CHECK-NEXT: note: rename it in the C source; outside the regions stencilcc renames such names itself, inside one it cannot
// CHECK-NEXT: 1 error generated.
