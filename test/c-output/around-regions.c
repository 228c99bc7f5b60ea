/* The C code around three regions, as --c-output must keep it: what the
 * regions leave in their arrays and in the loop variables declared before
 * them, read after each region (a single-update region, a ping-pong run as
 * one, a stage-form region), with extents written through a macro and a
 * typedef, a folded local, a float scalar, a read-only and a time-indexed
 * array, and runs where some loops do not run at all. The program prints
 * every value exactly (%a): the C build and the build through the
 * launchers must print the same. */
#include <stdio.h>
#include <stdlib.h>

#define PADDED(n) ((n) + 2)
typedef double real;

/* Single-update form, one ghost cell each side. */
static void heat(int n, int steps, real A[2][PADDED(n)][PADDED(n)], int *last)
{
  int t = -1, i = -1, j = -1;
#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i <= n; i++)
      for (j = 1; j <= n; j++)
        A[(t + 1) % 2][i][j] =
            0.125 * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] +
                     A[t % 2][i][j - 1] + A[t % 2][i][j + 1]) +
            0.5 * A[t % 2][i][j];
#pragma endscop
  last[0] = t;
  last[1] = i;
  last[2] = j;
}

/* Stage form: an interior update with a coefficient field and a scalar,
 * then row 0 from a time-indexed boundary array. */
static void relax(int n, int steps, float c, const float K[n][n],
                  const float W[steps + 1][n], float U[2][n][n], int *last)
{
  int t = -1, i = -1, j = -1;
  int lo = 1;
#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = lo; i < n - 1; i++)
      for (j = lo; j < n - 1; j++)
        U[(t + 1) % 2][i][j] =
            U[t % 2][i][j] +
            c * K[i][j] *
                (U[t % 2][i - 1][j] + U[t % 2][i + 1][j] + U[t % 2][i][j - 1] +
                 U[t % 2][i][j + 1] - 4 * U[t % 2][i][j]);
    for (j = 0; j < n; j++)
      U[(t + 1) % 2][0][j] = W[t + 1][j];
  }
#pragma endscop
  last[0] = t;
  last[1] = i;
  last[2] = j;
}

/* A ping-pong, B = f(A) then A = f(B): stencilcc runs it as a
 * single-update region whose two levels are A and B. */
static void smooth(int n, int steps, double A[n], double B[n], int *last)
{
  int t = -1, i = -1;
#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = 0.25 * A[i - 1] + 0.5 * A[i] + 0.25 * A[i + 1];
    for (i = 1; i < n - 1; i++)
      A[i] = 0.25 * B[i - 1] + 0.5 * B[i] + 0.25 * B[i + 1];
  }
#pragma endscop
  last[0] = t;
  last[1] = i;
}

static void run_heat(int n, int steps)
{
  int size = PADDED(n), last[3], l, i, j;
  real(*A)[PADDED(n)][PADDED(n)] = malloc(2 * sizeof *A);
  for (l = 0; l < 2; l++)
    for (i = 0; i < size; i++)
      for (j = 0; j < size; j++)
        A[l][i][j] = (real)((i * 7 + j * 3 + l) % 11) / 8;
  heat(n, steps, A, last);
  printf("heat n=%d steps=%d: t=%d i=%d j=%d\n", n, steps, last[0], last[1],
         last[2]);
  for (l = 0; l < 2; l++)
    for (i = 0; i < size; i++)
      for (j = 0; j < size; j++)
        printf("%a\n", A[l][i][j]);
  free(A);
}

static void run_relax(int n, int steps)
{
  int last[3], l, i, j;
  float(*K)[n] = malloc(sizeof(float) * n * n);
  float(*W)[n] = malloc(sizeof(float) * (steps + 1) * n);
  float(*U)[n][n] = malloc(sizeof(float) * 2 * n * n);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      K[i][j] = 0.5f + (float)((i + 2 * j) % 5) / 10;
      U[0][i][j] = (float)((3 * i + j) % 7);
      U[1][i][j] = -1;
    }
  for (l = 0; l <= steps; l++)
    for (j = 0; j < n; j++)
      W[l][j] = (float)(l + j) / 4;
  relax(n, steps, 0.1f, K, W, U, last);
  printf("relax n=%d steps=%d: t=%d i=%d j=%d\n", n, steps, last[0], last[1],
         last[2]);
  for (l = 0; l < 2; l++)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        printf("%a\n", U[l][i][j]);
  free(K);
  free(W);
  free(U);
}

static void run_smooth(int n, int steps)
{
  int last[2], i;
  double *A = malloc(sizeof(double) * n), *B = malloc(sizeof(double) * n);
  for (i = 0; i < n; i++) {
    A[i] = (double)(i % 9) / 4;
    B[i] = -(double)i;
  }
  smooth(n, steps, A, B, last);
  printf("smooth n=%d steps=%d: t=%d i=%d\n", n, steps, last[0], last[1]);
  for (i = 0; i < n; i++)
    printf("%a %a\n", A[i], B[i]);
  free(A);
  free(B);
}

int main(void)
{
  run_heat(37, 23);
  run_heat(5, 0); /* no step: t = 0, i and j as they were */
  run_heat(0, 3); /* no cell: t = 3, i = 1, j as it was */
  run_smooth(300, 13);
  run_relax(41, 17);
  run_relax(2, 4); /* no interior: only the boundary row's loop runs */
  return 0;
}
