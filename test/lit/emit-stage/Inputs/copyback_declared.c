/* Copy-back with declared extents that differ: V[n-1][n] is the caller's
 * word, so no device buffer of V may be longer than that. */
void copyback_declared(int n, int T, double U[n][n], double V[n - 1][n])
{
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        V[i][j] = (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1]) / 4;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        U[i][j] = V[i][j];
  }
#pragma endscop
}
