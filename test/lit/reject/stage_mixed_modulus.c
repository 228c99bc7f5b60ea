// RUN: rm -f %t.json
// RUN: not %stencilcc --analyze %s -o %t.json 2>&1 | %FileCheck %s
// RUN: test ! -e %t.json

void mixed_modulus(int steps, int n, double U[3][n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i < n - 1; i++)
      U[(t + 1) % 3][i] = 0.3 * U[t % 2][i - 1] + 0.4 * U[t % 3][i]
                        + 0.3 * U[t % 3][i + 1];
#pragma endscop
}

// CHECK: {{.*}}stage_mixed_modulus.c:12:35: error: time level uses '% 2' but 'U' is used with '% 3'
// CHECK-NEXT:       U[(t + 1) % 3][i] = 0.3 * U[t % 2][i - 1] + 0.4 * U[t % 3][i]
// CHECK-NEXT:                                   ^~~~~
// CHECK-NEXT: note: select the levels of one array with one modulus
// CHECK-NEXT: 1 error generated.
