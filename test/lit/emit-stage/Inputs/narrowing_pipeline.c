/* Two statements a step in double; the second rounds a sum to float on
   the way. The first statement's results are the second's inputs, so
   neither may fuse a multiply-add that C does not. */
void narrowing_pipeline(int steps, int n, double A[n], double B[n])
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.25 * A[i - 1] + 0.5 * A[i] + 0.25 * A[i + 1];
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.9 * B[i] + (float)(0.05 * B[i - 1] + 0.05 * B[i + 1]);
  }
#pragma endscop
}
