/* Held-out suite: star3d2r (AN5D Table 3). 3D star of radius 2, 13 points; weights as #define constants,
 * sum ~0.989, fastest-axis arm first. */
#ifndef REAL
#define REAL float
#endif

#define KXM2 ((REAL)0.11489)
#define KXM1 ((REAL)0.07926)
#define KXP1 ((REAL)0.08047)
#define KXP2 ((REAL)0.07390)
#define KC ((REAL)0.05000)
#define KYM2 ((REAL)0.03734)
#define KYM1 ((REAL)0.06745)
#define KYP1 ((REAL)0.07631)
#define KYP2 ((REAL)0.09901)
#define KZM2 ((REAL)0.06259)
#define KZM1 ((REAL)0.11529)
#define KZP1 ((REAL)0.04363)
#define KZP2 ((REAL)0.08915)

void heldout_star3d2r(int n, int steps, REAL *buf)
{
  REAL (*A)[n][n][n] = (REAL (*)[n][n][n])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 2; i < n - 2; i++)
      for (int j = 2; j < n - 2; j++)
        for (int k = 2; k < n - 2; k++)
          A[(t + 1) % 2][i][j][k] =
                KXM2 * A[t % 2][i][j][k - 2]
              + KXM1 * A[t % 2][i][j][k - 1]
              + KXP1 * A[t % 2][i][j][k + 1]
              + KXP2 * A[t % 2][i][j][k + 2]
              + KC * A[t % 2][i][j][k]
              + KYM2 * A[t % 2][i][j - 2][k]
              + KYM1 * A[t % 2][i][j - 1][k]
              + KYP1 * A[t % 2][i][j + 1][k]
              + KYP2 * A[t % 2][i][j + 2][k]
              + KZM2 * A[t % 2][i - 2][j][k]
              + KZM1 * A[t % 2][i - 1][j][k]
              + KZP1 * A[t % 2][i + 1][j][k]
              + KZP2 * A[t % 2][i + 2][j][k];
#pragma endscop
}
