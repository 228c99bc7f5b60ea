/* Held-out suite: box2d4r (AN5D Table 3). 2D box of radius 4, 81 points; (REAL) casts, sum ~0.992,
 * row-major, loop bound col <= n - 5. */
#ifndef REAL
#define REAL float
#endif

void heldout_box2d4r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int row = 4; row <= n - 5; row++)
      for (int col = 4; col <= n - 5; col++)
        A[(t + 1) % 2][row][col] =
              (REAL)0.012365 * A[t % 2][row - 4][col - 4] + (REAL)0.010204 * A[t % 2][row - 4][col - 3]
            + (REAL)0.009454 * A[t % 2][row - 4][col - 2] + (REAL)0.012667 * A[t % 2][row - 4][col - 1]
            + (REAL)0.011350 * A[t % 2][row - 4][col] + (REAL)0.008400 * A[t % 2][row - 4][col + 1]
            + (REAL)0.006030 * A[t % 2][row - 4][col + 2] + (REAL)0.008243 * A[t % 2][row - 4][col + 3]
            + (REAL)0.017671 * A[t % 2][row - 4][col + 4] + (REAL)0.017757 * A[t % 2][row - 3][col - 4]
            + (REAL)0.014508 * A[t % 2][row - 3][col - 3] + (REAL)0.009102 * A[t % 2][row - 3][col - 2]
            + (REAL)0.012794 * A[t % 2][row - 3][col - 1] + (REAL)0.016223 * A[t % 2][row - 3][col]
            + (REAL)0.016064 * A[t % 2][row - 3][col + 1] + (REAL)0.006130 * A[t % 2][row - 3][col + 2]
            + (REAL)0.018668 * A[t % 2][row - 3][col + 3] + (REAL)0.016302 * A[t % 2][row - 3][col + 4]
            + (REAL)0.013589 * A[t % 2][row - 2][col - 4] + (REAL)0.016942 * A[t % 2][row - 2][col - 3]
            + (REAL)0.006239 * A[t % 2][row - 2][col - 2] + (REAL)0.007418 * A[t % 2][row - 2][col - 1]
            + (REAL)0.014413 * A[t % 2][row - 2][col] + (REAL)0.010038 * A[t % 2][row - 2][col + 1]
            + (REAL)0.013878 * A[t % 2][row - 2][col + 2] + (REAL)0.014774 * A[t % 2][row - 2][col + 3]
            + (REAL)0.017164 * A[t % 2][row - 2][col + 4] + (REAL)0.008093 * A[t % 2][row - 1][col - 4]
            + (REAL)0.011198 * A[t % 2][row - 1][col - 3] + (REAL)0.018156 * A[t % 2][row - 1][col - 2]
            + (REAL)0.011515 * A[t % 2][row - 1][col - 1] + (REAL)0.005651 * A[t % 2][row - 1][col]
            + (REAL)0.006477 * A[t % 2][row - 1][col + 1] + (REAL)0.012187 * A[t % 2][row - 1][col + 2]
            + (REAL)0.008301 * A[t % 2][row - 1][col + 3] + (REAL)0.010905 * A[t % 2][row - 1][col + 4]
            + (REAL)0.011476 * A[t % 2][row][col - 4] + (REAL)0.005790 * A[t % 2][row][col - 3]
            + (REAL)0.007057 * A[t % 2][row][col - 2] + (REAL)0.018216 * A[t % 2][row][col - 1]
            + (REAL)0.013843 * A[t % 2][row][col] + (REAL)0.013484 * A[t % 2][row][col + 1]
            + (REAL)0.011208 * A[t % 2][row][col + 2] + (REAL)0.016918 * A[t % 2][row][col + 3]
            + (REAL)0.013230 * A[t % 2][row][col + 4] + (REAL)0.017258 * A[t % 2][row + 1][col - 4]
            + (REAL)0.006214 * A[t % 2][row + 1][col - 3] + (REAL)0.010496 * A[t % 2][row + 1][col - 2]
            + (REAL)0.018537 * A[t % 2][row + 1][col - 1] + (REAL)0.011334 * A[t % 2][row + 1][col]
            + (REAL)0.017434 * A[t % 2][row + 1][col + 1] + (REAL)0.011625 * A[t % 2][row + 1][col + 2]
            + (REAL)0.017251 * A[t % 2][row + 1][col + 3] + (REAL)0.014618 * A[t % 2][row + 1][col + 4]
            + (REAL)0.008031 * A[t % 2][row + 2][col - 4] + (REAL)0.006177 * A[t % 2][row + 2][col - 3]
            + (REAL)0.007320 * A[t % 2][row + 2][col - 2] + (REAL)0.010245 * A[t % 2][row + 2][col - 1]
            + (REAL)0.017368 * A[t % 2][row + 2][col] + (REAL)0.012873 * A[t % 2][row + 2][col + 1]
            + (REAL)0.013017 * A[t % 2][row + 2][col + 2] + (REAL)0.016464 * A[t % 2][row + 2][col + 3]
            + (REAL)0.005465 * A[t % 2][row + 2][col + 4] + (REAL)0.016263 * A[t % 2][row + 3][col - 4]
            + (REAL)0.007271 * A[t % 2][row + 3][col - 3] + (REAL)0.015095 * A[t % 2][row + 3][col - 2]
            + (REAL)0.014495 * A[t % 2][row + 3][col - 1] + (REAL)0.010403 * A[t % 2][row + 3][col]
            + (REAL)0.017801 * A[t % 2][row + 3][col + 1] + (REAL)0.009943 * A[t % 2][row + 3][col + 2]
            + (REAL)0.011689 * A[t % 2][row + 3][col + 3] + (REAL)0.016128 * A[t % 2][row + 3][col + 4]
            + (REAL)0.016958 * A[t % 2][row + 4][col - 4] + (REAL)0.014766 * A[t % 2][row + 4][col - 3]
            + (REAL)0.015968 * A[t % 2][row + 4][col - 2] + (REAL)0.008217 * A[t % 2][row + 4][col - 1]
            + (REAL)0.010564 * A[t % 2][row + 4][col] + (REAL)0.009574 * A[t % 2][row + 4][col + 1]
            + (REAL)0.009019 * A[t % 2][row + 4][col + 2] + (REAL)0.013736 * A[t % 2][row + 4][col + 3]
            + (REAL)0.010389 * A[t % 2][row + 4][col + 4];
#pragma endscop
}
