/* Two regions in one function whose array is a VLA parameter: the
   parameter is rewritten once, cast back once. A second function takes a
   1D VLA parameter of another element type. */
void two_sweeps(int n, int steps, float A[2][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.25f * (A[t%2][i-1][j] + A[t%2][i+1][j]
                                  + A[t%2][i][j-1] + A[t%2][i][j+1]);
#pragma endscop
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = 0.5f * A[t%2][i][j]
                         + 0.125f * (A[t%2][i-1][j] + A[t%2][i+1][j]
                                   + A[t%2][i][j-1] + A[t%2][i][j+1]);
#pragma endscop
}

void line(int m, int steps, double B[][m])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < m - 1; i++)
      B[(t+1)%2][i] = 0.25 * B[t%2][i-1] + 0.5 * B[t%2][i] + 0.25 * B[t%2][i+1];
#pragma endscop
}
