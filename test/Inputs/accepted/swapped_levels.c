/* Time levels the other way round: write A[t%2], read A[(t+1)%2]. */
void star_swapped(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[t%2][i][j] = 0.15f * A[(t+1)%2][i-1][j] + 0.2f * A[(t+1)%2][i][j-1]
                     + 0.3f * A[(t+1)%2][i][j] + 0.2f * A[(t+1)%2][i][j+1]
                     + 0.15f * A[(t+1)%2][i+1][j];
#pragma endscop
}
