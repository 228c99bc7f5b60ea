// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 0; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}read_out_of_bounds.c:9:31: error: read 'A[t % 2][i - 1]' may fall outside array 'A'
// CHECK-NEXT:       A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
// CHECK-NEXT:                               ^~~~~~~~~~~
// CHECK-NEXT: note: accesses outside [T, n] -> { A[l, -1] : T > 0 and n >= 2 and 0 <= l <= 1 and l < T }; loop bounds must keep every read within the declared extents
// CHECK-NEXT: 1 error generated.
