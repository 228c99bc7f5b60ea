/* Comments of both kinds inside the region. */
void star_commented(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  /* time steps */
  for (int t = 0; t < steps; t++)
    // rows
    for (int i = 1; i < n - 1; i++) /* the streaming dimension */
      for (int j = 1; j < n - 1; j++) // columns
        A[(t+1)%2][i][j] = 0.2f * A[t%2][i-1][j]   /* north */
                         + 0.2f * A[t%2][i][j-1]   // west
                         + 0.2f * A[t%2][i][j]     /* centre */
                         + 0.2f * A[t%2][i][j+1]   // east
                         + 0.2f * A[t%2][i+1][j];  /* south */
  /* end of the nest */
#pragma endscop
}
