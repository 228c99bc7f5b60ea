/* One-dimensional arrays as plain pointers: a ping-pong of a and b
 * weighted by a per-cell coefficient c, each array's extent taken from
 * the accesses (as for 'A[]'). */
void plain_pointers_1d(int n, int steps, double *restrict a, double *restrict b,
                       const double *restrict c)
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = c[i] * (a[i - 1] + a[i + 1]) + (1.0 - 2.0 * c[i]) * a[i];
    for (int i = 1; i < n - 1; i++)
      a[i] = c[i] * (b[i - 1] + b[i + 1]) + (1.0 - 2.0 * c[i]) * b[i];
  }
#pragma endscop
}
