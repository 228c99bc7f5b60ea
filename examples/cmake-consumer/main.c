/* Host program: a hot square in a cold plate, diffused on the GPU by the
 * kernel stencilcc generated from heat_step.c. */
#include "heat.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 512;
  int steps = argc > 2 ? atoi(argv[2]) : 100;
  float *A = calloc((size_t)2 * n * n, sizeof(float));
  if (!A || n < 3 || steps < 0) {
    fprintf(stderr, "usage: heat [n >= 3] [steps >= 0]\n");
    return 1;
  }
  for (int b = 0; b < 2; b++)
    for (int i = n / 4; i < 3 * n / 4; i++)
      for (int j = n / 4; j < 3 * n / 4; j++)
        A[((size_t)b * n + i) * n + j] = 100.0f;
  heat_step(n, steps, A);
  const float *R = A + (size_t)(steps % 2) * n * n;
  double total = 0;
  for (size_t k = 0; k < (size_t)n * n; k++)
    total += R[k];
  printf("n=%d steps=%d centre=%.4f total heat=%.6e\n", n, steps,
         R[(size_t)(n / 2) * n + n / 2], total);
  free(A);
  return 0;
}
