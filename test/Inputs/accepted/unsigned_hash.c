/* Unsigned arithmetic wraps: a 1D mixing stencil whose products overflow
   32 bits on purpose, with a conditional select and an unsigned shift. */
void unsigned_hash(int n, int steps, unsigned A[2][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t + 1) % 2][i] = (A[t % 2][i - 1] * 2654435761u + A[t % 2][i + 1])
                          ^ (A[t % 2][i] > 7u ? A[t % 2][i] >> 3 : A[t % 2][i] * 5u);
#pragma endscop
}
