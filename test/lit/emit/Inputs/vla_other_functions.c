/* Variable-length-array parameters outside the region's function, spelled
 * through macros as PolyBench's POLYBENCH_USE_C99_PROTO spells them, and
 * the region's function called with array pointers of fixed extents. */
#include <stdlib.h>
#define ARRAY_2D(var, n) var[n][n]
#define AS_ARG(var) (*var)

void init(int n, double ARRAY_2D(A, n), double B[n][n]);
static double corner(int n, const double ARRAY_2D(A, n)) { return A[0][0]; }

static void relax(int steps, int n, double A[n][n], double B[n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25 * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.25 * (B[i-1][j] + B[i+1][j] + B[i][j-1] + B[i][j+1]);
  }
#pragma endscop
}

void init(int n, double ARRAY_2D(A, n), double B[n][n])
{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = B[i][j] = (i * 7 + j) % 5;
}

int main(void)
{
  int n = 48;
  double (*A)[48][48] = malloc(sizeof *A), (*B)[48][48] = malloc(sizeof *B);
  init(n, *A, AS_ARG(B));
  relax(10, n, AS_ARG(A), *B);
  return corner(n, *A) > 0;
}
