/* Ordinary code before and after the region in the same function. */
float star_with_setup(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
  for (int i = 0; i < n; i++) {
    A[1][i][0] = A[0][i][0];
    A[1][i][n - 1] = A[0][i][n - 1];
  }
  int done = 0;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.21f * A[t%2][i-1][j] + 0.17f * A[t%2][i][j-1]
                         + 0.25f * A[t%2][i][j] + 0.17f * A[t%2][i][j+1]
                         + 0.2f * A[t%2][i+1][j];
#pragma endscop
  done = steps;
  float centre = A[done % 2][n / 2][n / 2];
  if (centre < 0.0f)
    centre = -centre;
  return centre;
}
