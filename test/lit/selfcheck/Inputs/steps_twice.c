/* The time loop runs 2*steps times: the self-check cannot choose any count. */
void steps_twice(int n, int steps, float *A1)
{
  float (*A)[n] = (float (*)[n])A1;
#pragma scop
  for (int t = 0; t < 2 * steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = 0.3f * A[t%2][i-1] + 0.4f * A[t%2][i] + 0.3f * A[t%2][i+1];
#pragma endscop
}
