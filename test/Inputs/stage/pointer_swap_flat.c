/* A time step that ends by swapping two pointers, through a temporary the
 * step declares: a flattened 2D grid with a per-cell coefficient. The
 * buffers are the two levels of one array, `(t + 1) % 2` written from
 * `t % 2`; after the region u and unew point where the C loop leaves them. */
void pointer_swap_flat(int n, int steps, double *u, double *unew,
                       const double *kappa)
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        unew[i * n + j] = u[i * n + j] + kappa[i * n + j] *
            (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] +
             u[i * n + j + 1] - 4.0 * u[i * n + j]);
    double *swap = u;
    u = unew;
    unew = swap;
  }
#pragma endscop
}
