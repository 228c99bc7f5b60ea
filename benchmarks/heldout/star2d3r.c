/* Held-out suite: star2d3r (AN5D Table 3). 2D star of radius 3, 13 points; weights as #define constants,
 * sum ~0.991, farthest points first, centre last, loop bound j <= n - 4. */
#ifndef REAL
#define REAL float
#endif

#define KN3 ((REAL)0.03897)
#define KW3 ((REAL)0.09754)
#define KE3 ((REAL)0.07870)
#define KS3 ((REAL)0.04847)
#define KN2 ((REAL)0.09268)
#define KW2 ((REAL)0.07825)
#define KE2 ((REAL)0.09645)
#define KS2 ((REAL)0.07959)
#define KN1 ((REAL)0.08828)
#define KW1 ((REAL)0.09231)
#define KE1 ((REAL)0.05872)
#define KS1 ((REAL)0.03937)
#define KC ((REAL)0.10188)

void heldout_star2d3r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n] = (REAL (*)[n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 3; i <= n - 4; i++)
      for (int j = 3; j <= n - 4; j++)
        A[(t + 1) % 2][i][j] =
              KN3 * A[t % 2][i - 3][j]
            + KW3 * A[t % 2][i][j - 3]
            + KE3 * A[t % 2][i][j + 3]
            + KS3 * A[t % 2][i + 3][j]
            + KN2 * A[t % 2][i - 2][j]
            + KW2 * A[t % 2][i][j - 2]
            + KE2 * A[t % 2][i][j + 2]
            + KS2 * A[t % 2][i + 2][j]
            + KN1 * A[t % 2][i - 1][j]
            + KW1 * A[t % 2][i][j - 1]
            + KE1 * A[t % 2][i][j + 1]
            + KS1 * A[t % 2][i + 1][j]
            + KC * A[t % 2][i][j];
#pragma endscop
}
