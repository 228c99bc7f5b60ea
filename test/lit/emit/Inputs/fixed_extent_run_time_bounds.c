/* PolyBench's default build: arrays of compile-time extents N swept to a
   run-time size n. In bounds only while n <= N: stencilcc compiles the
   region under that assumption, warns, and its host code checks it. */
#include <stdio.h>
#include <stdlib.h>

#define N 90

void relax(int n, int steps, float A[2][N][N])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.25f * (A[t % 2][i - 1][j] + A[t % 2][i + 1][j]
                                        + A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
#pragma endscop
}

void pingpong(int n, int steps, double A[N][N], double B[N][N])
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j] + 0.5 * A[i][j];
  }
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : N;
  float (*A)[N][N] = calloc(2, sizeof *A);
  double (*P)[N] = calloc(N, sizeof *P), (*Q)[N] = calloc(N, sizeof *Q);
  for (int i = 0; i < N; i++)
    A[0][i][i] = 1, P[i][(i * 7) % N] = 1;
  relax(n, 5, A);
  pingpong(n, 3, P, Q);
  printf("%.6f %.6f\n", A[1][5][5] + A[1][6][5], P[5][35] + Q[6][42]);
  free(A);
  free(P);
  free(Q);
  return 0;
}
