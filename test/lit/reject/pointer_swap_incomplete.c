// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

// `u = unew;` alone: both pointers end the step at one buffer, which no
// level rotation expresses.
void f(int n, int T, double *u, double *unew) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
    u = unew;
  }
#pragma endscop
}

// CHECK: {{.*}}pointer_swap_incomplete.c:12:5: error: the pointer assignments that end the time step leave 'u' and 'unew' pointing to the same buffer
// CHECK-NEXT:     u = unew;
// CHECK-NEXT:     ^~~~~~~~
// CHECK-NEXT: note: exchange the buffers: 'tmp = u; u = unew; unew = tmp;'
// CHECK-NEXT: 1 error generated.
