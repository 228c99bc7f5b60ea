/* pathfinder: Rodinia PathFinder's dynamic program as a stencil: the cheapest
 * path cost row D[(t+1)%2] from the previous row D[t%2] (left and right
 * neighbours clamped at the edges) plus row t+1 of the time-indexed read-only
 * cost array W, (T+1) x cols. One time step is one sweep. Float only (fminf);
 * the costs are small integers, so every plan computes the same bits.
 *   ./pathfinder COLS T     (W is (T+1) x COLS) */
#include "bench_common.h"

void pathfinder(int T, int cols, REAL *W1, REAL *D1)
{
  REAL (*W)[cols] = (REAL (*)[cols])W1;
  REAL (*D)[cols] = (REAL (*)[cols])D1;
  int t, n;

#pragma scop
  for (t = 0; t < T; t++)
    for (n = 0; n < cols; n++)
      D[(t + 1) % 2][n] = W[t + 1][n]
        + fminf(fminf(D[t % 2][n > 0 ? n - 1 : n], D[t % 2][n]),
                D[t % 2][n < cols - 1 ? n + 1 : n]);
#pragma endscop
}

int main(int argc, char **argv)
{
  long cols, T;
  bench_args(argc, argv, "COLS", 100000, 1, &cols, &T);
  size_t rowcells = (size_t)cols, wcells = (size_t)(T + 1) * rowcells;
  REAL *W = bench_alloc(wcells), *D = bench_alloc(2 * rowcells);
  /* costs 0..9, as Rodinia's: a random row, rotated by 7919 t in row t
     (W of 2^22 x 1001 floats fills at copy speed) */
  for (size_t k = 0; k < rowcells; k++)
    W[k] = (REAL)(int)bench_value(k, 1, 0.0, 10.0);
  for (long t = 1; t <= T; t++) {
    size_t s = (size_t)(7919 * t) % rowcells;
    memcpy(W + (size_t)t * rowcells, W + s, (rowcells - s) * sizeof(REAL));
    memcpy(W + (size_t)t * rowcells + (rowcells - s), W, s * sizeof(REAL));
  }
  for (size_t k = 0; k < rowcells; k++)
    D[k] = W[k];
  bench_fill(D + rowcells, rowcells, 2, 0.0, 10.0);
  for (size_t k = 0; k < rowcells; k++)
    D[rowcells + k] = (REAL)(int)D[rowcells + k];
  bench_banner("pathfinder", cols, T, T);
  pathfinder((int)T, (int)cols, W, D);
  bench_checksum("D[0]", D, rowcells);
  bench_checksum("D[1]", D + rowcells, rowcells);
  bench_total();
  free(W);
  free(D);
  return 0;
}
