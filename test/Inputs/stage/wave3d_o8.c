/* Second-order acoustic wave equation in 3D, 8th order in space (radius 4
   star), float: three levels U[(t+2)%3] from U[(t+1)%3] and U[t%3], a
   read-only squared-velocity field V[i][j][k] and a read-only damping field
   D[i][j][k] (sponge layer), interior 4..n-5 on every axis. */
void wave3d_o8(int nt, int n, float U[3][n][n][n], float V[n][n][n],
               float D[n][n][n])
{
  int t, i, j, k;

#pragma scop
  for (t = 0; t < nt; t++)
    for (i = 4; i < n - 4; i++)
      for (j = 4; j < n - 4; j++)
        for (k = 4; k < n - 4; k++)
          U[(t + 2) % 3][i][j][k] =
            (2.0f - D[i][j][k]) * U[(t + 1) % 3][i][j][k]
            - (1.0f - D[i][j][k]) * U[t % 3][i][j][k]
            + V[i][j][k] * (-8.5416667f * U[(t + 1) % 3][i][j][k]
                + 1.6f * (U[(t + 1) % 3][i - 1][j][k] + U[(t + 1) % 3][i + 1][j][k]
                          + U[(t + 1) % 3][i][j - 1][k] + U[(t + 1) % 3][i][j + 1][k]
                          + U[(t + 1) % 3][i][j][k - 1] + U[(t + 1) % 3][i][j][k + 1])
                - 0.2f * (U[(t + 1) % 3][i - 2][j][k] + U[(t + 1) % 3][i + 2][j][k]
                          + U[(t + 1) % 3][i][j - 2][k] + U[(t + 1) % 3][i][j + 2][k]
                          + U[(t + 1) % 3][i][j][k - 2] + U[(t + 1) % 3][i][j][k + 2])
                + 0.025396825f * (U[(t + 1) % 3][i - 3][j][k] + U[(t + 1) % 3][i + 3][j][k]
                          + U[(t + 1) % 3][i][j - 3][k] + U[(t + 1) % 3][i][j + 3][k]
                          + U[(t + 1) % 3][i][j][k - 3] + U[(t + 1) % 3][i][j][k + 3])
                - 0.0017857143f * (U[(t + 1) % 3][i - 4][j][k] + U[(t + 1) % 3][i + 4][j][k]
                          + U[(t + 1) % 3][i][j - 4][k] + U[(t + 1) % 3][i][j + 4][k]
                          + U[(t + 1) % 3][i][j][k - 4] + U[(t + 1) % 3][i][j][k + 4]));
#pragma endscop
}
