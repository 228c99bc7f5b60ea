/* The radius is a macro used in the bounds and the offsets. */
#define R 2

void star_macro_radius(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = R; i < n - R; i++)
      for (int j = R; j < n - R; j++)
        A[(t+1)%2][i][j] = 0.03f * A[t%2][i-R][j] + 0.12f * A[t%2][i-1][j]
                         + 0.04f * A[t%2][i][j-R] + 0.11f * A[t%2][i][j-1]
                         + 0.4f * A[t%2][i][j]
                         + 0.1f * A[t%2][i][j+1] + 0.05f * A[t%2][i][j+R]
                         + 0.13f * A[t%2][i+1][j] + 0.02f * A[t%2][i+R][j];
#pragma endscop
}
