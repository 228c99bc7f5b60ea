/* Global arrays of a fixed size flattened by hand, the row length a
 * macro: the strides are the integers 1 and N (a subscript's constant
 * `- N` is a row up). */
#define N 96

float cur[N * N], next[N * N];

void flattened_fixed_size(int steps)
{
#pragma scop
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        next[i * N + j] = 0.25f * (cur[i * N + j - 1] + cur[i * N + j + 1]
                                   + cur[i * N + j - N] + cur[i * N + j + N]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        cur[i * N + j] = next[i * N + j];
  }
#pragma endscop
}
