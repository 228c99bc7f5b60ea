/* Conway's Game of Life on int cells (0 dead, 1 alive): a cell is alive
   next step with exactly 3 live neighbours, or with 2 and alive now. The
   eight-neighbour count is written out twice, as such code usually is. */
void life2d(int n, int steps, int A[2][n][n])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] =
            (A[t % 2][i - 1][j - 1] + A[t % 2][i - 1][j] + A[t % 2][i - 1][j + 1] +
             A[t % 2][i][j - 1] + A[t % 2][i][j + 1] +
             A[t % 2][i + 1][j - 1] + A[t % 2][i + 1][j] + A[t % 2][i + 1][j + 1]) == 3 ||
            (A[t % 2][i][j] != 0 &&
             (A[t % 2][i - 1][j - 1] + A[t % 2][i - 1][j] + A[t % 2][i - 1][j + 1] +
              A[t % 2][i][j - 1] + A[t % 2][i][j + 1] +
              A[t % 2][i + 1][j - 1] + A[t % 2][i + 1][j] + A[t % 2][i + 1][j + 1]) == 2);
#pragma endscop
}
