/* hotspot: Rodinia HotSpot's thermal step: the temperature alternates between
 * two levels temp[t%2] -> temp[(t+1)%2] over the whole rows x cols chip, edge
 * cells reusing their own temperature through MIN/MAX-clamped subscripts;
 * power is a read-only field, cap, rx, ry, rz, amb read-only scalars.
 * One time step is one sweep. Float (Rodinia's type); -DREAL=double works too.
 *   ./hotspot N T     (N x N chip, T steps) */
#include "bench_common.h"

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void hotspot(int steps, int rows, int cols, REAL *temp1, REAL *power1,
             REAL cap, REAL rx, REAL ry, REAL rz, REAL amb)
{
  REAL (*temp)[rows][cols] = (REAL (*)[rows][cols])temp1;
  REAL (*power)[cols] = (REAL (*)[cols])power1;
  int t, i, j;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 0; i < rows; i++)
      for (j = 0; j < cols; j++)
        temp[(t + 1) % 2][i][j] = temp[t % 2][i][j] + cap * (power[i][j]
          + (temp[t % 2][MIN(i + 1, rows - 1)][j] + temp[t % 2][MAX(i - 1, 0)][j]
             - (REAL)2.0 * temp[t % 2][i][j]) * ry
          + (temp[t % 2][i][MIN(j + 1, cols - 1)] + temp[t % 2][i][MAX(j - 1, 0)]
             - (REAL)2.0 * temp[t % 2][i][j]) * rx
          + (amb - temp[t % 2][i][j]) * rz);
#pragma endscop
}

int main(int argc, char **argv)
{
  long n, T;
  bench_args(argc, argv, "N", 1000, 1, &n, &T);
  size_t cells = (size_t)n * (size_t)n;
  REAL *temp = bench_alloc(2 * cells), *power = bench_alloc(cells);
  /* temperatures about 320-340 (K), power densities below 0.01; with
     cap (2 rx + 2 ry + rz) = 0.45 < 1 every step is a convex combination. */
  bench_fill(temp, cells, 1, 320.0, 20.0);
  bench_fill(temp + cells, cells, 2, 320.0, 20.0);
  bench_fill(power, cells, 3, 0.0, 0.01);
  bench_banner("hotspot", n, T, T);
  hotspot((int)T, (int)n, (int)n, temp, power, (REAL)0.5, (REAL)0.2, (REAL)0.2,
          (REAL)0.1, (REAL)300.0);
  bench_checksum("temp[0]", temp, cells);
  bench_checksum("temp[1]", temp + cells, cells);
  bench_total();
  free(temp);
  free(power);
  return 0;
}
