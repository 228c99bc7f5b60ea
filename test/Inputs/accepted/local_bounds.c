/* Loop bounds are integer locals defined before the region. */
void star_r2_locals(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
  int lo = 2;
  int hi = n - 2;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = lo; i < hi; i++)
      for (int j = lo; j < hi; j++)
        A[(t+1)%2][i][j] = 0.04f * A[t%2][i-2][j] + 0.1f * A[t%2][i-1][j]
                         + 0.05f * A[t%2][i][j-2] + 0.11f * A[t%2][i][j-1]
                         + 0.36f * A[t%2][i][j]
                         + 0.12f * A[t%2][i][j+1] + 0.06f * A[t%2][i][j+2]
                         + 0.13f * A[t%2][i+1][j] + 0.03f * A[t%2][i+2][j];
#pragma endscop
}
