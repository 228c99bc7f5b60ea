/* Differences of neighbours along the outer loop (Emitter/
 * CarriedDifferences.h): A[i+1][j] - A[i][j] at i is A[i][j] - A[i-1][j] at
 * i + 1, with the same sign, so the blocked kernels carry it along the
 * stream. */
void flux2d(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = A[t%2][i][j]
                         + 0.2f * (A[t%2][i+1][j] - A[t%2][i][j])
                         - 0.1f * (A[t%2][i][j] - A[t%2][i-1][j])
                         + 0.05f * (A[t%2][i][j-1] + A[t%2][i][j+1]);
#pragma endscop
}
