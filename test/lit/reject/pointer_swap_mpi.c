// RUN: rm -f %t.cu
// RUN: not %stencilcc --mpi %s -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu

// --mpi with pointers the step swaps: its host code would not set them.
void f(int n, int T, double *u, double *unew) {
  double *tmp;
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
    tmp = u;
    u = unew;
    unew = tmp;
  }
#pragma endscop
}

// CHECK: {{.*}}pointer_swap_mpi.c:8:1: error: --mpi does not yet run regions whose time step rotates pointers (its host code does not set them after the region)
// CHECK-NEXT: #pragma scop
// CHECK-NEXT: ^
// CHECK-NEXT: note: keep the levels in one array ('A[(t + 1) % 2][i][j] = f(A[t % 2])') or compile without --mpi
// CHECK-NEXT: 1 error generated.
