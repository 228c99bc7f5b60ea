/* Double-precision element type and literals. */
void star_double(int n, int steps, double *A1)
{
  double (*A)[n][n] = (double (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.1875 * A[t%2][i-1][j] + 0.21875 * A[t%2][i][j-1]
                         + 0.1875 * A[t%2][i][j] + 0.1953125 * A[t%2][i][j+1]
                         + 0.2109375 * A[t%2][i+1][j];
#pragma endscop
}
