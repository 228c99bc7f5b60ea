/* The array is local to the function that holds the region. */
float local_run(int steps)
{
  float A[2][32][32];
  float sum = 0.0f;
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      A[0][i][j] = A[1][i][j] = (float)(i + j) / 64.0f;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < 31; i++)
      for (int j = 1; j < 31; j++)
        A[(t+1)%2][i][j] = 0.25f * A[t%2][i-1][j] + 0.1f * A[t%2][i][j-1]
                         + 0.3f * A[t%2][i][j] + 0.1f * A[t%2][i][j+1]
                         + 0.25f * A[t%2][i+1][j];
#pragma endscop
  for (int i = 0; i < 32; i++)
    for (int j = 0; j < 32; j++)
      sum += A[steps % 2][i][j];
  return sum;
}
