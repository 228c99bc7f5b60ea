/* A grid flattened by hand, as plain C codes keep one: plain pointers
 * indexed through a macro and through an index the loop body computes,
 * a ping-pong of u and v weighted by a per-cell conductivity k. stencilcc
 * splits each subscript along its strides (1 and n) into u[i][j]. */
#define AT(i, j) ((i) * n + (j))

void flattened_2d(int n, int steps, float *restrict u, float *restrict v,
                  const float *restrict k)
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        int c = i * n + j;
        v[c] = u[c] + k[c] * (u[c - n] + u[c + n] + u[c - 1] + u[c + 1] - 4.0f * u[c]);
      }
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[AT(i, j)] = v[AT(i, j)] + k[AT(i, j)] *
          (v[AT(i - 1, j)] + v[AT(i + 1, j)] + v[AT(i, j - 1)] + v[AT(i, j + 1)] - 4.0f * v[AT(i, j)]);
  }
#pragma endscop
}
