/* Inclusive upper bounds: `i <= n - 2` over an array of extent n. */
void star_le(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[(t+1)%2][i][j] = 0.1f * A[t%2][i-1][j] + 0.2f * A[t%2][i][j-1]
                         + 0.35f * A[t%2][i][j] + 0.2f * A[t%2][i][j+1]
                         + 0.15f * A[t%2][i+1][j];
#pragma endscop
}
