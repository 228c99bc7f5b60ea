/* Held-out suite: asym2d (not in AN5D Table 3).
 * Upwind-biased smoother for a flow coming from the north-west: reaches 3
 * rows north (i-1..i-3), none south, 2 columns west (j-1, j-2) and 1 east.
 * 7 points, distinct positive weights (total 0.9892).  Because nothing is
 * read to the south, the row loop runs to the last row (i < ny). */
#ifndef REAL
#define REAL float
#endif

void heldout_asym2d(int ny, int nx, int steps, REAL *buf)
{
  REAL (*q)[ny][nx] = (REAL (*)[ny][nx])buf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 3; i < ny; i++)
      for (int j = 2; j < nx - 1; j++)
        q[(t + 1) % 2][i][j] = (REAL)0.3125 * q[t % 2][i][j]
                             + (REAL)0.1840 * q[t % 2][i - 1][j]
                             + (REAL)0.0915 * q[t % 2][i - 2][j]
                             + (REAL)0.0388 * q[t % 2][i - 3][j]
                             + (REAL)0.1694 * q[t % 2][i][j - 1]
                             + (REAL)0.0752 * q[t % 2][i][j - 2]
                             + (REAL)0.1178 * q[t % 2][i][j + 1];
#pragma endscop
}
