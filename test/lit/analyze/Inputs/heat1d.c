void heat1d(int n, int steps, double A[2][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.25 * A[t%2][i-1] + 0.5 * A[t%2][i] + 0.25 * A[t%2][i+1];
#pragma endscop
}
