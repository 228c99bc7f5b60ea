// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

// Swapped buffers with a time loop from a run-time value: which buffer a
// pointer names at step t depends on t - t0.
void f(int n, int t0, int T, double *u, double *unew) {
  double *tmp;
#pragma scop
  for (int t = t0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
    tmp = u;
    u = unew;
    unew = tmp;
  }
#pragma endscop
}

// CHECK: {{.*}}pointer_swap_symbolic_start.c:13:5: error: the time step rotates pointers but the time loop starts at 't0'
// CHECK-NEXT:     tmp = u;
// CHECK-NEXT:     ^~~~~~~
// CHECK-NEXT: note: start the time loop at a constant ('t = 0') so that each step's buffers follow from t
// CHECK-NEXT: 1 error generated.
