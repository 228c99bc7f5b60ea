// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float *A1) {
  float (*A)[n] = (float (*)[n])A1;
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}endscop_without_scop.c:10:1: error: '#pragma endscop' without a matching '#pragma scop'
// CHECK-NEXT: #pragma endscop
// CHECK-NEXT: ^
// CHECK-NEXT: 1 error generated.
