/* An integer 3x3 box blur, rounded: the sum of nine long cells divided once
   by 9 (C's truncating division of the finished sum), so partial sums may
   regroup the additions but not distribute the division. */
void box_blur(int n, int steps, long A[2][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] =
            (A[t % 2][i - 1][j - 1] + A[t % 2][i - 1][j] + A[t % 2][i - 1][j + 1]
             + A[t % 2][i][j - 1] + A[t % 2][i][j] + A[t % 2][i][j + 1]
             + A[t % 2][i + 1][j - 1] + A[t % 2][i + 1][j] + A[t % 2][i + 1][j + 1]
             + 4) / 9;
#pragma endscop
}
