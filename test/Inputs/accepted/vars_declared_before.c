/* Loop variables declared before the loops, not in the for statements. */
void star_oldstyle(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
  int t, i, j;
#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.2f * A[t%2][i-1][j] + 0.1f * A[t%2][i][j-1]
                         + 0.4f * A[t%2][i][j] + 0.1f * A[t%2][i][j+1]
                         + 0.2f * A[t%2][i+1][j];
#pragma endscop
}
