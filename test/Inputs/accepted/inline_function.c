/* Functions of the file called in the update, each one 'return' of its
 * scalar parameters: inlined with C's conversions (double arguments to
 * float parameters, a double result returned as float, an int literal
 * compared with a float), nested, and a parameter used more than once. */
static float weight(float x) { return x > 0 ? 0.3f * x : 0.1f * x; }

static inline float laplacian(float c, float n, float s, float e, float w)
{
  return (float)(n + s + e + w - 4.0 * c);
}

void inline_function(int n, int steps, double A[2][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t + 1) % 2][i][j] = A[t % 2][i][j] +
            weight(laplacian(A[t % 2][i][j], A[t % 2][i - 1][j], A[t % 2][i + 1][j],
                             A[t % 2][i][j + 1], A[t % 2][i][j - 1]));
#pragma endscop
}
