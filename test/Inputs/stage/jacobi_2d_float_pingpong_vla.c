/* 2D Jacobi ping-pong (float) on arrays given as plain buffers and viewed
   through VLA pointer casts, AN5D style: B = f(A); A = f(B). */
void jacobi_2d_float_pingpong_vla(int steps, int n, float *A1, float *B1)
{
  float (*A)[n] = (float (*)[n])A1;
  float (*B)[n] = (float (*)[n])B1;

#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.24f * A[i][j] + 0.21f * A[i - 1][j] + 0.17f * A[i + 1][j]
                + 0.2f * A[i][j - 1] + 0.18f * A[i][j + 1];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.28f * B[i][j] + 0.16f * B[i - 1][j] + 0.19f * B[i + 1][j]
                + 0.23f * B[i][j - 1] + 0.14f * B[i][j + 1];
  }
#pragma endscop
}
