// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float *A1) {
  float (*A)[n] = (float (*)[n])A1;
  float (*B)[n] = (float (*)[n])A1;
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5f * (B[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}alias_pointer.c:11:31: error: 'B' and 'A' point to the same memory ('A1')
// CHECK-NEXT:       A[(t+1)%2][i] = 0.5f * (B[t%2][i-1] + A[t%2][i+1]);
// CHECK-NEXT:                               ^
// CHECK-NEXT: note: name each array once; levels of one array go through its first subscript '(t + c) % k'
// CHECK-NEXT: 1 error generated.
