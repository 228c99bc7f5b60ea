/* One parameter is both the grid size and the number of time steps. */
void steps_size(int n, float *A1)
{
  float (*A)[n] = (float (*)[n])A1;
#pragma scop
  for (int t = 0; t < n; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.3f * A[t%2][i-1] + 0.4f * A[t%2][i] + 0.3f * A[t%2][i+1];
#pragma endscop
}
