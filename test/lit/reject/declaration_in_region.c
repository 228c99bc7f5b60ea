// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void f(int n, int T, float A[2][n]) {
#pragma scop
  int s = 0;
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}declaration_in_region.c:7:3: error: declaration inside a scop region
// CHECK-NEXT:   int s = 0;
// CHECK-NEXT:   ^~~~~~~~~~
// CHECK-NEXT: note: declare variables before '#pragma scop'; the region holds only the loop nest
// CHECK-NEXT: 1 error generated.
