/* A complete program: standard headers, a kernel with the region, and a main
   that allocates, initializes, runs the kernel and prints a checksum. */
#include <stdio.h>
#include <stdlib.h>

void heat2d(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.125f * A[t%2][i-1][j] + 0.125f * A[t%2][i+1][j]
                         + 0.125f * A[t%2][i][j-1] + 0.125f * A[t%2][i][j+1]
                         + 0.5f * A[t%2][i][j];
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 100;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  float *A = (float *)malloc(sizeof(float) * 2 * (size_t)n * (size_t)n);
  if (!A)
    return 1;
  for (int k = 0; k < 2 * n * n; k++)
    A[k] = (float)(k % 17) / 17.0f;
  heat2d(n, steps, A);
  double sum = 0.0;
  for (int k = 0; k < n * n; k++)
    sum += A[(size_t)(steps % 2) * (size_t)n * (size_t)n + (size_t)k];
  printf("checksum %.6f\n", sum);
  free(A);
  return 0;
}
