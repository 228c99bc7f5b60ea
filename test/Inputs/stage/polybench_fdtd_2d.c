/* PolyBench/C-style fdtd-2d (double): a boundary statement (ey's row 0 from
   the time-indexed fict[t]) and a three-array pipeline ey -> ex -> hz whose
   statements have different bounds. The macros stand in for polybench.h. */
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define NX nx
#define NY ny
#define TMAX tmax
#define _PB_NX nx
#define _PB_NY ny
#define _PB_TMAX tmax
#define POLYBENCH_1D(var, d1, ddim1) var[d1]
#define POLYBENCH_2D(var, d1, d2, ddim1, ddim2) var[d1][d2]

void kernel_fdtd_2d(int tmax, int nx, int ny,
                    DATA_TYPE POLYBENCH_2D(ex, NX, NY, nx, ny),
                    DATA_TYPE POLYBENCH_2D(ey, NX, NY, nx, ny),
                    DATA_TYPE POLYBENCH_2D(hz, NX, NY, nx, ny),
                    DATA_TYPE POLYBENCH_1D(fict, TMAX, tmax))
{
  int t, i, j;

#pragma scop
  for (t = 0; t < _PB_TMAX; t++) {
    for (j = 0; j < _PB_NY; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < _PB_NX; i++)
      for (j = 0; j < _PB_NY; j++)
        ey[i][j] = ey[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < _PB_NX; i++)
      for (j = 1; j < _PB_NY; j++)
        ex[i][j] = ex[i][j] - SCALAR_VAL(0.5) * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < _PB_NX - 1; i++)
      for (j = 0; j < _PB_NY - 1; j++)
        hz[i][j] = hz[i][j] - SCALAR_VAL(0.7) * (ex[i][j + 1] - ex[i][j]
                                                 + ey[i + 1][j] - ey[i][j]);
  }
#pragma endscop
}
