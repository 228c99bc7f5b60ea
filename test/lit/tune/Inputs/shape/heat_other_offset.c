/* The same as heat_other_names.c but for one offset (col + 2): another
   shape, which the cache's star2d1r entry does not fit. */
void diffuse(int n, int nsteps, float *buffer)
{
  float (*temperature)[n][n] = (float (*)[n][n])buffer;
  int step, row, col;
#pragma scop
  for (step = 0; step < nsteps; step++)
    for (row = 2; row <= n - 3; row++)
      for (col = 2; col <= n - 3; col++)
        temperature[(step + 1) % 2][row][col] =
            0.6f * temperature[step % 2][row][col]
          + 0.1f * temperature[step % 2][row][col + 2]
          + 0.1f * temperature[step % 2][row][col - 1]
          + 0.1f * temperature[step % 2][row + 1][col]
          + 0.1f * temperature[step % 2][row - 1][col];
#pragma endscop
}
