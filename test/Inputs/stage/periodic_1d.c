/* 1D ping-pong (double) on a ring: every neighbour wraps around with a
   remainder, radius 2 to the left and 1 to the right, over the whole array. */
void periodic_1d(int steps, int n, double A[n], double B[n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 0; i < n; i++)
      B[i] = 0.15 * A[(i + n - 2) % n] + 0.25 * A[(i + n - 1) % n]
           + 0.4 * A[i] + 0.2 * A[(i + 1) % n];
    for (i = 0; i < n; i++)
      A[i] = 0.1 * B[(i + n - 2) % n] + 0.3 * B[(i + n - 1) % n]
           + 0.35 * B[i] + 0.25 * B[(i + 1) % n];
  }
#pragma endscop
}
