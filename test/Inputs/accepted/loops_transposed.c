/* A nest written in another order than the array's subscripts (the column
   loop outside), from a time loop that starts at 1 and reads the level
   '(t - 1) % 2', never negative there; the loop variables are declared
   before the region, so code after it may read what the loops leave. */
void star_transposed(int n, int T, float A[2][n][n]) {
  int t, i, j;
#pragma scop
  for (t = 1; t <= T; t++)
    for (j = 1; j < n - 1; j++)
      for (i = 1; i < n - 1; i++)
        A[t % 2][i][j] =
            0.21f * A[(t - 1) % 2][i - 1][j] + 0.2f * A[(t - 1) % 2][i][j - 1] +
            0.18f * A[(t - 1) % 2][i][j] + 0.2f * A[(t - 1) % 2][i][j + 1] +
            0.21f * A[(t - 1) % 2][i + 1][j];
#pragma endscop
  (void)i;
  (void)j;
}
