/* Held-out suite: box2d3r (AN5D Table 3). 2D box of radius 3, 49 points; (REAL) casts, sum ~0.989,
 * centre last. */
#ifndef REAL
#define REAL float
#endif

void heldout_box2d3r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 3; i < n - 3; i++)
      for (int j = 3; j < n - 3; j++)
        A[(t + 1) % 2][i][j] =
              (REAL)0.012876 * A[t % 2][i - 3][j - 3] + (REAL)0.014444 * A[t % 2][i - 3][j - 2]
            + (REAL)0.009842 * A[t % 2][i - 3][j - 1] + (REAL)0.018936 * A[t % 2][i - 3][j]
            + (REAL)0.021103 * A[t % 2][i - 3][j + 1] + (REAL)0.016489 * A[t % 2][i - 3][j + 2]
            + (REAL)0.017355 * A[t % 2][i - 3][j + 3] + (REAL)0.021342 * A[t % 2][i - 2][j - 3]
            + (REAL)0.014402 * A[t % 2][i - 2][j - 2] + (REAL)0.017105 * A[t % 2][i - 2][j - 1]
            + (REAL)0.022022 * A[t % 2][i - 2][j] + (REAL)0.020071 * A[t % 2][i - 2][j + 1]
            + (REAL)0.027624 * A[t % 2][i - 2][j + 2] + (REAL)0.027874 * A[t % 2][i - 2][j + 3]
            + (REAL)0.024985 * A[t % 2][i - 1][j - 3] + (REAL)0.022670 * A[t % 2][i - 1][j - 2]
            + (REAL)0.016174 * A[t % 2][i - 1][j - 1] + (REAL)0.026872 * A[t % 2][i - 1][j]
            + (REAL)0.026225 * A[t % 2][i - 1][j + 1] + (REAL)0.016597 * A[t % 2][i - 1][j + 2]
            + (REAL)0.014150 * A[t % 2][i - 1][j + 3] + (REAL)0.019687 * A[t % 2][i][j - 3]
            + (REAL)0.017172 * A[t % 2][i][j - 2] + (REAL)0.017397 * A[t % 2][i][j - 1]
            + (REAL)0.017645 * A[t % 2][i][j + 1] + (REAL)0.017993 * A[t % 2][i][j + 2]
            + (REAL)0.010032 * A[t % 2][i][j + 3] + (REAL)0.021208 * A[t % 2][i + 1][j - 3]
            + (REAL)0.030812 * A[t % 2][i + 1][j - 2] + (REAL)0.011539 * A[t % 2][i + 1][j - 1]
            + (REAL)0.025518 * A[t % 2][i + 1][j] + (REAL)0.024949 * A[t % 2][i + 1][j + 1]
            + (REAL)0.031393 * A[t % 2][i + 1][j + 2] + (REAL)0.015261 * A[t % 2][i + 1][j + 3]
            + (REAL)0.023395 * A[t % 2][i + 2][j - 3] + (REAL)0.011123 * A[t % 2][i + 2][j - 2]
            + (REAL)0.012671 * A[t % 2][i + 2][j - 1] + (REAL)0.023603 * A[t % 2][i + 2][j]
            + (REAL)0.013670 * A[t % 2][i + 2][j + 1] + (REAL)0.012232 * A[t % 2][i + 2][j + 2]
            + (REAL)0.027915 * A[t % 2][i + 2][j + 3] + (REAL)0.023166 * A[t % 2][i + 3][j - 3]
            + (REAL)0.024457 * A[t % 2][i + 3][j - 2] + (REAL)0.020865 * A[t % 2][i + 3][j - 1]
            + (REAL)0.029486 * A[t % 2][i + 3][j] + (REAL)0.023480 * A[t % 2][i + 3][j + 1]
            + (REAL)0.018870 * A[t % 2][i + 3][j + 2] + (REAL)0.032309 * A[t % 2][i + 3][j + 3]
            + (REAL)0.021893 * A[t % 2][i][j];
#pragma endscop
}
