/* star2d1r's reads with other arithmetic: the weighted sum divided by a
   constant, and the centre read twice. Another shape (its operations
   differ), the same family: the nearest-shape rule gives it the plan tuned
   on star2d1r. */
void diffuse_divided(int n, int nsteps, float *buffer)
{
  float (*u)[n][n] = (float (*)[n][n])buffer;
#pragma scop
  for (int t = 0; t < nsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u[(t + 1) % 2][i][j] = u[t % 2][i][j]
            + (u[t % 2][i - 1][j] + u[t % 2][i + 1][j] + u[t % 2][i][j - 1]
               + u[t % 2][i][j + 1] - 4.0f * u[t % 2][i][j]) / 8.0f;
#pragma endscop
}
