// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

// A swap between the loop nests of a step.
void f(int n, int T, double *u, double *v, double *w) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    double *s = u;
    u = v;
    v = s;
    for (int i = 1; i < n - 1; i++)
      w[i] = u[i];
  }
#pragma endscop
}

// CHECK: {{.*}}pointer_swap_between_nests.c:11:5: error: pointer assignment between the statements of a time step
// CHECK-NEXT:     double *s = u;
// CHECK-NEXT:     ^~~~~~~~~~~~~~
// CHECK-NEXT: note: exchange the buffers after the last loop nest of the step: 'tmp = u; u = unew; unew = tmp;'
// CHECK-NEXT: 1 error generated.
