// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 2; i++)
      A[(t+1)%2][i+1] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}write_not_at_point.c:9:18: error: the statement must write the iteration point
// CHECK-NEXT:       A[(t+1)%2][i+1] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
// CHECK-NEXT:                  ^~~
// CHECK-NEXT: note: write 'i' as subscript 1; reads carry the offsets
// CHECK-NEXT: 1 error generated.
