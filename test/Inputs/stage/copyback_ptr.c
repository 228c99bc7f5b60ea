/* Copy-back through VLA pointer casts: V = f(U); U = V. The accesses
 * reach rows 0..n-1 of U but only 1..n-2 of V, so the frontend infers V
 * one row shorter than U; the device buffer of V is padded to the grid's
 * rows. Division by an integer constant. */
void copyback_ptr(int n, int T, double *restrict u, double *restrict v)
{
  double (*U)[n] = (double (*)[n])u;
  double (*V)[n] = (double (*)[n])v;
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        V[i][j] = (U[i - 1][j] + U[i + 1][j] + U[i][j - 1] + U[i][j + 1]) / 4;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        U[i][j] = V[i][j];
  }
#pragma endscop
}
