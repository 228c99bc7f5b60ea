/* Held-out suite: heat1d_pingpong (not in AN5D Table 3).
 * 1D three-point smoothing in the PolyBench jacobi-1d style: two statements
 * per time step, B = f(A) then A = f(B) (ping-pong between two arrays given
 * as VLA parameters).  Loop variables declared before the loops; the two
 * sweeps use slightly different (distinct, positive, < 1 in total) weights. */
#ifndef REAL
#define REAL float
#endif

void heldout_heat1d_pingpong(int n, int steps, REAL A[n], REAL B[n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = (REAL)0.3186 * A[i - 1] + (REAL)0.3551 * A[i] + (REAL)0.3207 * A[i + 1];
    for (i = 1; i < n - 1; i++)
      A[i] = (REAL)0.3302 * B[i + 1] + (REAL)0.3419 * B[i] + (REAL)0.3163 * B[i - 1];
  }
#pragma endscop
}
