/* A function with variable-length-array parameters, called with void *
   arguments straight from malloc: C converts them; the generated file
   (C++) passes a pointer to the element type, which the rewritten
   parameters take (test/lit/emit/c-to-cxx.test). */
#include <stdlib.h>

void smooth(int steps, int n, float A[2][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = 0.25f * A[t % 2][i - 1] + 0.5f * A[t % 2][i]
                          + 0.25f * A[t % 2][i + 1];
#pragma endscop
}

int main(void)
{
  int n = 100;
  void *cells = calloc(2 * (size_t)n, sizeof(float));
  if (!cells)
    return 1;
  smooth(10, n, cells);
  smooth(10, n, malloc(2 * (size_t)n * sizeof(float)));
  free(cells);
  return 0;
}
