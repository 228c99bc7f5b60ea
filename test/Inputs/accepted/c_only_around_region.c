/* C11 that C++ rejects, around a region: arrays from malloc without a cast,
   restrict pointers, an identifier that is a C++ keyword, a struct
   initialized out of member order, an enumeration set from an integer.
   The generated file must still build as CUDA C++. */
#include <stdlib.h>

struct grid { int rows, cols; };
enum boundary { FIXED, PERIODIC };

static float relax(int n, int steps, float *restrict A1)
{
  float (*A)[n][n] = (void *)A1;
  int new = 0;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = 0.2f * (A[t % 2][i][j] + A[t % 2][i - 1][j]
                               + A[t % 2][i + 1][j] + A[t % 2][i][j - 1]
                               + A[t % 2][i][j + 1]);
#pragma endscop
  new = steps % 2;
  return A[new][n / 2][n / 2];
}

int main(void)
{
  struct grid g = {.cols = 64, .rows = 64};
  enum boundary b = 0;
  float *A = malloc(2 * (size_t)g.rows * g.cols * sizeof *A);
  void *scratch = A;
  float *restrict view = scratch;
  if (!A)
    return 1;
  for (int k = 0; k < 2 * g.rows * g.cols; k++)
    view[k] = (float)(k % 7);
  float centre = relax(g.rows, 10, A);
  free(A);
  return centre > 0.0f && b == FIXED ? 0 : 1;
}
