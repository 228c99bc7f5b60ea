/* A 2D array smoothed along i only: every neighbour lies in the streaming
   dimension, so the star specialization reads them all from registers and
   no plane is exchanged through shared memory. */
void column_smooth(int n, int m, int steps, float *A1)
{
  float (*A)[n][m] = (float (*)[n][m])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 0; j < m; j++)
        A[(t+1)%2][i][j] = 0.3f * A[t%2][i-1][j] + 0.45f * A[t%2][i][j] + 0.25f * A[t%2][i+1][j];
#pragma endscop
}
