/* PathFinder (Rodinia) on int, as Rodinia writes it: the cheapest-path row
   D[(t+1)%2] from the previous row's three neighbours (the left and right
   ones clamped at the edges), minimum by ?:, plus the wall W of the next
   row. */
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

void pathfinder_int(int rows, int cols, int W[rows][cols], int D[2][cols])
{
  int t, n;

#pragma scop
  for (t = 0; t < rows - 1; t++)
    for (n = 0; n < cols; n++)
      D[(t + 1) % 2][n] = W[t + 1][n]
        + MIN(MIN(D[t % 2][n > 0 ? n - 1 : n], D[t % 2][n]),
              D[t % 2][n < cols - 1 ? n + 1 : n]);
#pragma endscop
}
