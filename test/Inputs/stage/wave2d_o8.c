/* Second-order acoustic wave equation in 2D, 8th order in space (radius 4
   star), double: three levels U[(t+2)%3] from U[(t+1)%3] and U[t%3], a
   read-only squared-velocity field V[i][j] (c^2 dt^2 / h^2) and a read-only
   per-row damping damp[i] (absorbing layer), interior 4..n-5. */
void wave2d_o8(int nt, int n, double U[3][n][n], double V[n][n], double damp[n])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < nt; t++)
    for (i = 4; i < n - 4; i++)
      for (j = 4; j < n - 4; j++)
        U[(t + 2) % 3][i][j] =
          (2.0 * U[(t + 1) % 3][i][j] - (1.0 - damp[i]) * U[t % 3][i][j]
           + V[i][j] * (-5.6944444444444 * U[(t + 1) % 3][i][j]
               + 1.6 * (U[(t + 1) % 3][i - 1][j] + U[(t + 1) % 3][i + 1][j]
                        + U[(t + 1) % 3][i][j - 1] + U[(t + 1) % 3][i][j + 1])
               - 0.2 * (U[(t + 1) % 3][i - 2][j] + U[(t + 1) % 3][i + 2][j]
                        + U[(t + 1) % 3][i][j - 2] + U[(t + 1) % 3][i][j + 2])
               + 0.025396825396825 * (U[(t + 1) % 3][i - 3][j] + U[(t + 1) % 3][i + 3][j]
                        + U[(t + 1) % 3][i][j - 3] + U[(t + 1) % 3][i][j + 3])
               - 0.0017857142857143 * (U[(t + 1) % 3][i - 4][j] + U[(t + 1) % 3][i + 4][j]
                        + U[(t + 1) % 3][i][j - 4] + U[(t + 1) % 3][i][j + 4])))
          / (1.0 + damp[i]);
#pragma endscop
}
