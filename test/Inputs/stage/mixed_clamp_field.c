/* 2D damped wave (float): three levels U[(t+2)%3], a read-only velocity
   field V[i][j], over the whole grid with clamped (?:) neighbours at the
   edges instead of interior loops. */
void mixed_clamp_field(int steps, int n, int m, float U[3][n][m], float V[n][m])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
        U[(t + 2) % 3][i][j] = 1.98f * U[(t + 1) % 3][i][j] - 0.98f * U[t % 3][i][j]
          + V[i][j] * (U[(t + 1) % 3][i > 0 ? i - 1 : i][j]
                       + U[(t + 1) % 3][i < n - 1 ? i + 1 : i][j]
                       + U[(t + 1) % 3][i][j > 0 ? j - 1 : j]
                       + U[(t + 1) % 3][i][j < m - 1 ? j + 1 : j]
                       - 4.0f * U[(t + 1) % 3][i][j]);
#pragma endscop
}
