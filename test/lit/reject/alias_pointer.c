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

// CHECK: {{.*}}alias_pointer.c:11:31: error: reads array 'B'; only the stencil array 'A' may be read
// CHECK-NEXT:       A[(t+1)%2][i] = 0.5f * (B[t%2][i-1] + A[t%2][i+1]);
// CHECK-NEXT:                               ^~~~~~~~~~~
// CHECK-NEXT: note: a region updates one array from its previous time level; other arrays (and aliases of 'A') are not supported
// CHECK-NEXT: 1 error generated.
