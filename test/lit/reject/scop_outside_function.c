// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

#pragma scop
int x;
#pragma endscop
void f(int n, int T, float A[2][n]) {
}

// CHECK: {{.*}}scop_outside_function.c:5:1: error: '#pragma scop' outside a function body
// CHECK-NEXT: #pragma scop
// CHECK-NEXT: ^
// CHECK-NEXT: note: put the region inside the function that runs the stencil
// CHECK-NEXT: 1 error generated.
