/* Held-out suite: j2d9pt-gol (AN5D Table 3), 3x3 box (Game-of-Life
 * neighbourhood) weighted and divided by a constant.  Weights and divisor
 * are #define constants (weights total 8.95, divisor 9.0); loop variables
 * y, x; time bound t <= steps - 1. */
#ifndef REAL
#define REAL float
#endif

#define W_NW ((REAL)0.62)
#define W_N  ((REAL)1.04)
#define W_NE ((REAL)0.57)
#define W_W  ((REAL)1.11)
#define W_C  ((REAL)2.26)
#define W_E  ((REAL)1.09)
#define W_SW ((REAL)0.59)
#define W_S  ((REAL)1.01)
#define W_SE ((REAL)0.66)
#define GOL_DIV ((REAL)9.0)

void heldout_j2d9pt_gol(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t <= steps - 1; t++)
    for (int y = 1; y < n - 1; y++)
      for (int x = 1; x < n - 1; x++)
        A[(t + 1) % 2][y][x] =
            (W_C * A[t % 2][y][x]
             + W_N * A[t % 2][y - 1][x] + W_S * A[t % 2][y + 1][x]
             + W_W * A[t % 2][y][x - 1] + W_E * A[t % 2][y][x + 1]
             + W_NW * A[t % 2][y - 1][x - 1] + W_NE * A[t % 2][y - 1][x + 1]
             + W_SW * A[t % 2][y + 1][x - 1] + W_SE * A[t % 2][y + 1][x + 1]) / GOL_DIV;
#pragma endscop
}
