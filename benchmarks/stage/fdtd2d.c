/* fdtd2d: PolyBench/C fdtd-2d: per time step a boundary statement (row 0 of
 * ey from the time-indexed fict[t]), then ey, ex and hz updates with their own
 * bounds, on an n x n grid (nx = ny = n). One time step is four statements
 * (four sweeps, one of them a single row). Build: -DREAL=float (default) or
 * -DREAL=double.
 *   ./fdtd2d N T     (N x N grid, T steps; fict has T entries) */
#include "bench_common.h"

void kernel_fdtd_2d(int tmax, int nx, int ny, REAL ex[nx][ny], REAL ey[nx][ny],
                    REAL hz[nx][ny], REAL fict[tmax])
{
  int t, i, j;

#pragma scop
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - (REAL)0.5 * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - (REAL)0.5 * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - (REAL)0.7 * (ex[i][j + 1] - ex[i][j]
                                           + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 1000, 2, &n, &T);
  size_t cells = (size_t)n * (size_t)n;
  REAL *ex = bench_alloc(cells), *ey = bench_alloc(cells), *hz = bench_alloc(cells);
  REAL *fict = bench_alloc(T > 0 ? (size_t)T : 1);
  bench_fill(ex, cells, 1, -0.5, 1.0);
  bench_fill(ey, cells, 2, -0.5, 1.0);
  bench_fill(hz, cells, 3, -0.5, 1.0);
  for (long t = 0; t < T; t++) /* a bounded source: a ramp of period 64 */
    fict[t] = (REAL)((double)(t % 64) / 64.0);
  bench_banner("fdtd2d", n, T, 4 * T);
  kernel_fdtd_2d((int)T, (int)n, (int)n, BENCH_VLA(ex), BENCH_VLA(ey), BENCH_VLA(hz), fict);
  bench_checksum("ex", ex, cells);
  bench_checksum("ey", ey, cells);
  bench_checksum("hz", hz, cells);
  bench_total();
  free(ex);
  free(ey);
  free(hz);
  free(fict);
  return 0;
}
