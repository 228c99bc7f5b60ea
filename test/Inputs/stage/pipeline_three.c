/* A three-statement pipeline (double) with a different domain per
   statement: a face flux F from Q, a flux G smoothed across rows from F
   (reads the F written earlier in the same step), then Q updated from the
   divergence of G (reads the G of this step). */
void pipeline_three(int steps, int n, int m, double Q[n][m], double F[n][m],
                    double G[n][m])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 0; i < n; i++)
      for (j = 0; j < m - 1; j++)
        F[i][j] = 0.4 * (Q[i][j + 1] - Q[i][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 0; j < m - 1; j++)
        G[i][j] = 0.2 * F[i - 1][j] + 0.55 * F[i][j] + 0.25 * F[i + 1][j];
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < m - 1; j++)
        Q[i][j] = Q[i][j] + G[i][j] - G[i][j - 1];
  }
#pragma endscop
}
