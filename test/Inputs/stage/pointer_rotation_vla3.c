/* Three levels of a 2D wave equation in pointers to variable-length rows,
 * rotated at the end of each step through a temporary declared before the
 * region, with a velocity field: u2 = f(u1, u0), then u0 <- u1 <- u2 <- u0. */
void pointer_rotation_vla3(int n, int steps, float *a, float *b, float *c,
                           const float *vel)
{
  float (*u0)[n] = (float (*)[n])a;
  float (*u1)[n] = (float (*)[n])b;
  float (*u2)[n] = (float (*)[n])c;
  float (*tmp)[n];
  const float (*v)[n] = (const float (*)[n])vel;
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        u2[i][j] = 2.0f * u1[i][j] - u0[i][j] +
                   v[i][j] * (u1[i - 1][j] + u1[i + 1][j] + u1[i][j - 1] +
                              u1[i][j + 1] - 4.0f * u1[i][j]);
    tmp = u0;
    u0 = u1;
    u1 = u2;
    u2 = tmp;
  }
#pragma endscop
}
