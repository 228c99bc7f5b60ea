// RUN: rm -f %t.cu %t.c
// RUN: not %stencilcc %s --c-output=%t.c -o %t.cu 2>&1 | %FileCheck %s
// RUN: test ! -e %t.cu
// RUN: test ! -e %t.c
// Without --c-output the file compiles: outside the region the name is
// renamed in the one CUDA file.
// RUN: %stencilcc %s -o %t.cu

// The bounds name 'class' through the local they fold; the launcher would
// take it as a parameter named 'class'.
void f(int class, int steps, float A[2][class]) {
  int n = class;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.5f * (A[t%2][i-1] + A[t%2][i+1]);
#pragma endscop
}

// CHECK: {{.*}}c_output_keyword_parameter.c:11:12: error: --c-output: 'class' is a keyword of C++, and the region's launcher, in the CUDA file, takes it as a parameter of that name
// CHECK-NEXT: void f(int class, int steps, float A[2][class]) {
// CHECK-NEXT:            ^
// CHECK-NEXT: note: rename it in the C source, or compile the file without --c-output (one CUDA file, where stencilcc renames it outside the regions)
// CHECK-NEXT: 1 error generated.
