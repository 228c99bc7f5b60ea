/* Held-out suite: hotspot2d (not in AN5D Table 3).
 * HotSpot-style (Rodinia) chip temperature: T is updated from its 4
 * neighbours, the ambient temperature and a read-only power map P.  The sweep
 * covers the whole chip; edges are clamped in the subscripts, rows with ?:
 * written out, columns with MIN/MAX macros. */
#ifndef REAL
#define REAL float
#endif

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void heldout_hotspot2d(int rows, int cols, int steps, REAL *tbuf, REAL (*P)[cols],
                       REAL step_div_cap, REAL rx_inv, REAL ry_inv, REAL rz_inv,
                       REAL amb)
{
  REAL (*T)[rows][cols] = (REAL (*)[rows][cols])tbuf;

#pragma scop
  for (int t = 0; t < steps; t++)
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < cols; c++)
        T[(t + 1) % 2][r][c] = T[t % 2][r][c] + step_div_cap * (P[r][c]
            + (T[t % 2][r < rows - 1 ? r + 1 : r][c] + T[t % 2][r > 0 ? r - 1 : 0][c]
               - (REAL)2.0 * T[t % 2][r][c]) * ry_inv
            + (T[t % 2][r][MIN(c + 1, cols - 1)] + T[t % 2][r][MAX(c - 1, 0)]
               - (REAL)2.0 * T[t % 2][r][c]) * rx_inv
            + (amb - T[t % 2][r][c]) * rz_inv);
#pragma endscop
}
