/* PathFinder (Rodinia), float: the cheapest-path row D[(t+1)%2] from the
   previous row D[t%2] (left/right neighbours clamped at the edges) plus the
   next row of the time-indexed read-only cost array W[t+1]. */
#include <math.h>

void pathfinder(int rows, int cols, float W[rows][cols], float D[2][cols])
{
  int t, n;

#pragma scop
  for (t = 0; t < rows - 1; t++)
    for (n = 0; n < cols; n++)
      D[(t + 1) % 2][n] = W[t + 1][n]
        + fminf(fminf(D[t % 2][n > 0 ? n - 1 : n], D[t % 2][n]),
                D[t % 2][n < cols - 1 ? n + 1 : n]);
#pragma endscop
}
