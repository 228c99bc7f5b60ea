/* Held-out suite: fdtd2d_te (not in AN5D Table 3).
 * 2D FDTD (Yee scheme, TE mode), three fields updated in sequence each step:
 * a line source drives ey on the first row, then ey and ex from hz, then hz
 * from ex and ey.  The statements have different loop bounds; src[t] is a
 * read-only array indexed by the time loop.  Grid nx x ny. */
#ifndef REAL
#define REAL float
#endif

void heldout_fdtd2d_te(int nx, int ny, int steps, REAL src[steps],
                       REAL ex[nx][ny], REAL ey[nx][ny], REAL hz[nx][ny])
{
  const REAL ce = (REAL)0.5, ch = (REAL)0.7;

#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int j = 0; j < ny; j++)
      ey[0][j] = src[t];
    for (int i = 1; i < nx; i++)
      for (int j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - ce * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < nx; i++)
      for (int j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - ce * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i <= nx - 2; i++)
      for (int j = 0; j <= ny - 2; j++)
        hz[i][j] = hz[i][j] - ch * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}
