/* Loops incremented with v = v + 1. */
void star_assign_incr(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
  int t, i, j;
#pragma scop
  for (t = 0; t < steps; t = t + 1)
    for (i = 1; i < n - 1; i = i + 1)
      for (j = 1; j < n - 1; j = j + 1)
        A[(t+1)%2][i][j] = 0.1f * A[t%2][i-1][j] + 0.3f * A[t%2][i][j-1]
                         + 0.2f * A[t%2][i][j] + 0.3f * A[t%2][i][j+1]
                         + 0.1f * A[t%2][i+1][j];
#pragma endscop
}
