/* Bounds that are affine expressions of parameters and constants, not all at the radius. */
void star_affine(int n, int m, int steps, float *A1)
{
  float (*A)[n][m] = (float (*)[n][m])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 3; i < n - 3; i++)
      for (int j = 2 - 1; j < m - 2 + 1; j++)
        A[(t+1)%2][i][j] = 0.17f * A[t%2][i-1][j] + 0.18f * A[t%2][i][j-1]
                         + 0.3f * A[t%2][i][j] + 0.19f * A[t%2][i][j+1]
                         + 0.16f * A[t%2][i+1][j];
#pragma endscop
}
