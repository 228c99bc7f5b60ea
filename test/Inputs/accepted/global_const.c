/* A file-scope const scalar used as a coefficient. */
const double kappa = 0.15;

void diffuse_const(int n, int steps, double *A1)
{
  double (*A)[n][n] = (double (*)[n][n])A1;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = kappa * (A[t%2][i-1][j] + A[t%2][i+1][j] + A[t%2][i][j-1] + A[t%2][i][j+1])
                         + (1.0 - 4.0 * kappa) * A[t%2][i][j];
#pragma endscop
}
