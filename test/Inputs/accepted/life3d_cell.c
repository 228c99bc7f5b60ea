/* Paper 002's Cell: a 3D Game of Life on unsigned char cells, 26
   neighbours, alive next step with 5 to 7 live neighbours if alive now,
   with exactly 6 if dead (one of the rules used for 3D automata). The
   count is a sum over the 3x3x3 box minus the cell itself. */
#define C(di, dj, dk) G[t % 2][i + (di)][j + (dj)][k + (dk)]
#define PLANE(di) (C(di, -1, -1) + C(di, -1, 0) + C(di, -1, 1) + \
                   C(di, 0, -1) + C(di, 0, 0) + C(di, 0, 1) + \
                   C(di, 1, -1) + C(di, 1, 0) + C(di, 1, 1))

void cell(int n, int steps, unsigned char G[2][n][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          G[(t + 1) % 2][i][j][k] =
              C(0, 0, 0) ? (PLANE(-1) + PLANE(0) + PLANE(1) - 1 >= 5 &&
                            PLANE(-1) + PLANE(0) + PLANE(1) - 1 <= 7)
                         : PLANE(-1) + PLANE(0) + PLANE(1) == 6;
#pragma endscop
}
