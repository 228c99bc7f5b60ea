/* Two independent stage-form regions in two functions of one file: a 1D
   ping-pong in double, and a 2D three-level scheme in float with a
   read-only field. */
void smooth_pingpong_1d(int steps, int n, double A[n], double B[n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 2; i < n - 2; i++)
      B[i] = 0.05 * A[i - 2] + 0.2 * A[i - 1] + 0.45 * A[i] + 0.25 * A[i + 1]
           + 0.05 * A[i + 2];
    for (i = 1; i <= n - 2; i++)
      A[i] = 0.3 * B[i - 1] + 0.5 * B[i] + 0.2 * B[i + 1];
  }
#pragma endscop
}

void wave_levels_2d(int steps, int n, int m, float U[3][n][m], float V[n][m])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= m - 2; j++)
        U[(t + 2) % 3][i][j] = 1.96f * U[(t + 1) % 3][i][j] - 0.96f * U[t % 3][i][j]
          + V[i][j] * (U[(t + 1) % 3][i - 1][j] + U[(t + 1) % 3][i + 1][j]
                       + U[(t + 1) % 3][i][j - 1] + U[(t + 1) % 3][i][j + 1]
                       - 4.0f * U[(t + 1) % 3][i][j]);
#pragma endscop
}
