/* Loop variables t and j declared before the nest, i declared in its for. */
void star_mixed(int n, int steps, float *A1)
{
  float (*A)[n][n] = (float (*)[n][n])A1;
  int t;
  int j;
#pragma scop
  for (t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.18f * A[t%2][i-1][j] + 0.22f * A[t%2][i][j-1]
                         + 0.2f * A[t%2][i][j] + 0.21f * A[t%2][i][j+1]
                         + 0.19f * A[t%2][i+1][j];
#pragma endscop
}
