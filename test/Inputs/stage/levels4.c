/* Four time levels (float): U[(t+3)%4] from a 5-point star on U[(t+2)%4]
   and the centre points of the two older levels U[(t+1)%4] and U[t%4]. */
void levels4(int steps, int n, int m, float U[4][n][m])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++)
        U[(t + 3) % 4][i][j] = 0.22f * U[(t + 2) % 4][i][j]
          + 0.09f * (U[(t + 2) % 4][i - 1][j] + U[(t + 2) % 4][i + 1][j])
          + 0.07f * (U[(t + 2) % 4][i][j - 1] + U[(t + 2) % 4][i][j + 1])
          + 0.27f * U[(t + 1) % 4][i][j] + 0.19f * U[t % 4][i][j];
#pragma endscop
}
