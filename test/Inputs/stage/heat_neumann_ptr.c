/* A 2D heat step as written for OpenMP: copy-back through pointers to
 * rows (`double (*u)[n]`), Neumann boundaries refreshed every step by four
 * boundary statements that read and write fixed rows and columns, an
 * inclusive time bound and OpenMP pragmas (ignored). The first extents
 * come from the accesses: the fixed rows 0 and 1 lie inside the loops'
 * reach for every size at which the C code stays inside its arrays. */
void heat_neumann_ptr(int n, int T, double (*restrict u)[n], double (*restrict v)[n])
{
#pragma scop
  for (int t = 1; t <= T; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = u[i][j] + 0.2 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - 4 * u[i][j]);
    for (int j = 1; j < n - 1; j++) {
      v[0][j] = v[1][j];
    }
    for (int j = 1; j < n - 1; j++)
      v[n - 1][j] = v[n - 2][j];
    for (int i = 0; i < n; i++)
      v[i][0] = v[i][1];
    for (int i = 0; i < n; i++)
      v[i][n - 1] = v[i][n - 2];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        u[i][j] = v[i][j];
  }
#pragma endscop
}
