/* Integer arithmetic as C defines it: truncating division and remainder of
   negative values, shifts, bitwise and logical operators, abs, and the
   conversion back to a narrower element type (short). */
#include <stdlib.h>

void integer_ops(int n, int steps, int q, short A[2][n])
{
  int t, i;

#pragma scop
  for (t = 0; t < steps; t++)
    for (i = 2; i < n - 2; i++)
      A[(t + 1) % 2][i] =
          (A[t % 2][i - 2] * 3 - A[t % 2][i + 1]) / q % 5
          + ((A[t % 2][i - 1] ^ A[t % 2][i + 2]) & 7)
          + (abs(A[t % 2][i]) >> 1)
          + (!A[t % 2][i + 1] || A[t % 2][i - 1] > A[t % 2][i])
          - (~A[t % 2][i] << 2) % 9;
#pragma endscop
}
