/* Time steps that end by rotating pointers, as solvers written with
 * pointers do: what the regions leave in the buffers and in the pointer
 * variables (and in a temporary declared before the region) after 0, 1, 2
 * and an odd number of steps. The program prints every value exactly (%a)
 * and where each pointer points; the C build, the build through the
 * launchers (--c-output) and the one-file output must print the same. The
 * file is C and C++ alike (the one-file output is C++). */
#include <stdio.h>
#include <stdlib.h>

/* Two buffers of a grid flattened by hand, swapped through a temporary
 * declared before the region. */
static void heat(int n, int steps, double **pu, double **pv, double **ptmp) {
  double *u = *pu, *unew = *pv, *tmp = *ptmp;
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        unew[i * n + j] = 0.5 * u[i * n + j] +
                          0.125 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                                   u[i * n + j - 1] + u[i * n + j + 1]);
    tmp = u;
    u = unew;
    unew = tmp;
  }
#pragma endscop
  *pu = u;
  *pv = unew;
  *ptmp = tmp;
}

/* Three levels of a wave equation rotated through a temporary declared in
 * the step, a time loop from 1, a velocity field. */
static void wave(int n, int steps, float **p0, float **p1, float **p2,
                 const float *c) {
  float *u0 = *p0, *u1 = *p1, *u2 = *p2;
#pragma scop
  for (int t = 1; t <= steps; t++) {
    for (int i = 1; i < n - 1; i++)
      u2[i] =
          2.0f * u1[i] - u0[i] + c[i] * (u1[i - 1] - 2.0f * u1[i] + u1[i + 1]);
    float *r = u0;
    u0 = u1;
    u1 = u2;
    u2 = r;
  }
#pragma endscop
  *p0 = u0;
  *p1 = u1;
  *p2 = u2;
}

static void run_heat(int n, int steps) {
  double *a = (double *)malloc(sizeof(double) * n * n);
  double *b = (double *)malloc(sizeof(double) * n * n);
  double *u = a, *v = b, *tmp = NULL;
  for (int k = 0; k < n * n; k++) {
    a[k] = (double)((k * 7) % 13) / 4;
    b[k] = -1;
  }
  heat(n, steps, &u, &v, &tmp);
  printf("heat n=%d steps=%d: u=%s v=%s tmp=%s\n", n, steps,
         u == a   ? "a"
         : u == b ? "b"
                  : "?",
         v == a   ? "a"
         : v == b ? "b"
                  : "?",
         tmp == a   ? "a"
         : tmp == b ? "b"
         : tmp      ? "?"
                    : "null");
  for (int k = 0; k < n * n; k++)
    printf("%a %a\n", a[k], b[k]);
  free(a);
  free(b);
}

static void run_wave(int n, int steps) {
  float *b[3], *c = (float *)malloc(sizeof(float) * n);
  for (int l = 0; l < 3; l++)
    b[l] = (float *)malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    b[0][i] = (float)(i % 5) / 8;
    b[1][i] = (float)(i % 7) / 8;
    b[2][i] = 0;
    c[i] = 0.1f + (float)(i % 3) / 16;
  }
  float *u0 = b[0], *u1 = b[1], *u2 = b[2];
  wave(n, steps, &u0, &u1, &u2, c);
  printf("wave n=%d steps=%d: u0=b%d u1=b%d u2=b%d\n", n, steps,
         u0 == b[0]   ? 0
         : u0 == b[1] ? 1
                      : 2,
         u1 == b[0]   ? 0
         : u1 == b[1] ? 1
                      : 2,
         u2 == b[0]   ? 0
         : u2 == b[1] ? 1
                      : 2);
  for (int i = 0; i < n; i++)
    printf("%a %a %a\n", b[0][i], b[1][i], b[2][i]);
  for (int l = 0; l < 3; l++)
    free(b[l]);
  free(c);
}

int main(void) {
  run_heat(23, 0);
  run_heat(23, 1);
  run_heat(23, 2);
  run_heat(37, 11);
  run_wave(200, 0);
  run_wave(200, 1);
  run_wave(200, 5);
  run_wave(200, 30);
  return 0;
}
