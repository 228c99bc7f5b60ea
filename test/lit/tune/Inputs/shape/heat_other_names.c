/* A five-point star written by someone else: other coefficients, other
   names, the loops from 1 to n-2 inclusive, the terms in another order.
   Its shape is star2d1r's (benchmarks/stencils/star2d1r.c). */
void diffuse(int n, int nsteps, float *buffer)
{
  float (*temperature)[n][n] = (float (*)[n][n])buffer;
  int step, row, col;
#pragma scop
  for (step = 0; step < nsteps; step++)
    for (row = 1; row <= n - 2; row++)
      for (col = 1; col <= n - 2; col++)
        temperature[(step + 1) % 2][row][col] =
            0.6f * temperature[step % 2][row][col]
          + 0.1f * temperature[step % 2][row][col + 1]
          + 0.1f * temperature[step % 2][row][col - 1]
          + 0.1f * temperature[step % 2][row + 1][col]
          + 0.1f * temperature[step % 2][row - 1][col];
#pragma endscop
}
