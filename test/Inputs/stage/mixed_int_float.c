/* Integers beside floats in one region: a float heat step that only moves
   cells whose int mask is set, then an int counter of the cells that grew
   past a threshold, read by the next step's mask. */
void mixed_int_float(int steps, int n, float T[2][n][n], int M[n][n],
                     int Hot[n][n])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        T[(t + 1) % 2][i][j] = M[i][j] && Hot[i][j] < 3
          ? 0.25f * (T[t % 2][i - 1][j] + T[t % 2][i + 1][j]
                     + T[t % 2][i][j - 1] + T[t % 2][i][j + 1])
          : T[t % 2][i][j];
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        Hot[i][j] = Hot[i][j] + (T[(t + 1) % 2][i][j] > 0.6f);
  }
#pragma endscop
}
