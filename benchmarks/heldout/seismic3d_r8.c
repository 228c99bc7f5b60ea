/* Held-out suite: seismic3d_r8 (not in AN5D Table 3).
 * Acoustic wave propagation with the sixteenth-order second difference: a 3D
 * star of radius 8 (49 points).  Two-array leapfrog as seismic codes write it:
 * each array holds every other time level and is overwritten in place with
 * the level two steps later, so one iteration of the t loop advances two
 * time steps:
 *   Q = 2 P - Q + vel2 * lap16(P);   P = 2 Q - P + vel2 * lap16(Q);
 * (The single-buffer form P[(t+1)%2] = 2 P[t%2] - P[(t+1)%2] + ... is outside
 * stencilcc's input contract: it reads the time level being written.)
 * vel2 = (c dt / h)^2 is a scalar parameter (<= ~0.15 for stability). */
#ifndef REAL
#define REAL float
#endif

void heldout_seismic3d_r8(int n, int steps, REAL vel2, REAL P[n][n][n], REAL Q[n][n][n])
{
  const REAL a0 = (REAL)(-3.0 * 1077749.0 / 352800.0);
  const REAL a1 = (REAL)(16.0 / 9.0);
  const REAL a2 = (REAL)(-14.0 / 45.0);
  const REAL a3 = (REAL)(112.0 / 1485.0);
  const REAL a4 = (REAL)(-7.0 / 396.0);
  const REAL a5 = (REAL)(112.0 / 32175.0);
  const REAL a6 = (REAL)(-2.0 / 3861.0);
  const REAL a7 = (REAL)(16.0 / 315315.0);
  const REAL a8 = (REAL)(-1.0 / 411840.0);

#pragma scop
  for (int t = 0; t <= steps - 1; t++) {
    for (int i = 8; i < n - 8; i++)
      for (int j = 8; j < n - 8; j++)
        for (int k = 8; k < n - 8; k++)
          Q[i][j][k] = (REAL)2 * P[i][j][k] - Q[i][j][k]
            + vel2 * (a0 * P[i][j][k]
                    + a1 * (P[i][j][k - 1] + P[i][j][k + 1] + P[i][j - 1][k]
                          + P[i][j + 1][k] + P[i - 1][j][k] + P[i + 1][j][k])
                    + a2 * (P[i][j][k - 2] + P[i][j][k + 2] + P[i][j - 2][k]
                          + P[i][j + 2][k] + P[i - 2][j][k] + P[i + 2][j][k])
                    + a3 * (P[i][j][k - 3] + P[i][j][k + 3] + P[i][j - 3][k]
                          + P[i][j + 3][k] + P[i - 3][j][k] + P[i + 3][j][k])
                    + a4 * (P[i][j][k - 4] + P[i][j][k + 4] + P[i][j - 4][k]
                          + P[i][j + 4][k] + P[i - 4][j][k] + P[i + 4][j][k])
                    + a5 * (P[i][j][k - 5] + P[i][j][k + 5] + P[i][j - 5][k]
                          + P[i][j + 5][k] + P[i - 5][j][k] + P[i + 5][j][k])
                    + a6 * (P[i][j][k - 6] + P[i][j][k + 6] + P[i][j - 6][k]
                          + P[i][j + 6][k] + P[i - 6][j][k] + P[i + 6][j][k])
                    + a7 * (P[i][j][k - 7] + P[i][j][k + 7] + P[i][j - 7][k]
                          + P[i][j + 7][k] + P[i - 7][j][k] + P[i + 7][j][k])
                    + a8 * (P[i][j][k - 8] + P[i][j][k + 8] + P[i][j - 8][k]
                          + P[i][j + 8][k] + P[i - 8][j][k] + P[i + 8][j][k]));
    for (int i = 8; i < n - 8; i++)
      for (int j = 8; j < n - 8; j++)
        for (int k = 8; k < n - 8; k++)
          P[i][j][k] = (REAL)2 * Q[i][j][k] - P[i][j][k]
            + vel2 * (a0 * Q[i][j][k]
                    + a1 * (Q[i][j][k - 1] + Q[i][j][k + 1] + Q[i][j - 1][k]
                          + Q[i][j + 1][k] + Q[i - 1][j][k] + Q[i + 1][j][k])
                    + a2 * (Q[i][j][k - 2] + Q[i][j][k + 2] + Q[i][j - 2][k]
                          + Q[i][j + 2][k] + Q[i - 2][j][k] + Q[i + 2][j][k])
                    + a3 * (Q[i][j][k - 3] + Q[i][j][k + 3] + Q[i][j - 3][k]
                          + Q[i][j + 3][k] + Q[i - 3][j][k] + Q[i + 3][j][k])
                    + a4 * (Q[i][j][k - 4] + Q[i][j][k + 4] + Q[i][j - 4][k]
                          + Q[i][j + 4][k] + Q[i - 4][j][k] + Q[i + 4][j][k])
                    + a5 * (Q[i][j][k - 5] + Q[i][j][k + 5] + Q[i][j - 5][k]
                          + Q[i][j + 5][k] + Q[i - 5][j][k] + Q[i + 5][j][k])
                    + a6 * (Q[i][j][k - 6] + Q[i][j][k + 6] + Q[i][j - 6][k]
                          + Q[i][j + 6][k] + Q[i - 6][j][k] + Q[i + 6][j][k])
                    + a7 * (Q[i][j][k - 7] + Q[i][j][k + 7] + Q[i][j - 7][k]
                          + Q[i][j + 7][k] + Q[i - 7][j][k] + Q[i + 7][j][k])
                    + a8 * (Q[i][j][k - 8] + Q[i][j][k + 8] + Q[i][j - 8][k]
                          + Q[i][j + 8][k] + Q[i - 8][j][k] + Q[i + 8][j][k]));
  }
#pragma endscop
}
