/* The time loop starts at 1 and runs through T inclusive. */
void star_t1(int n, int T, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
  int t;
#pragma scop
  for (t = 1; t <= T; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.19f * A[t%2][i-1][j] + 0.2f * A[t%2][i][j-1]
                         + 0.22f * A[t%2][i][j] + 0.2f * A[t%2][i][j+1]
                         + 0.19f * A[t%2][i+1][j];
#pragma endscop
}
