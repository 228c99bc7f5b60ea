/* Scalar temporaries in the innermost loop body, each standing for its
 * value: a neighbour index, a sum of doubles rounded to float at its
 * declaration, a temporary of temporaries. */
void temporaries(int n, int steps, double A[2][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        int up = i - 1;
        double c = A[t % 2][i][j];
        float s = A[t % 2][up][j] + A[t % 2][i + 1][j] + 0.3 * (A[t % 2][i][j - 1] + A[t % 2][i][j + 1]);
        double d = s - 2.6 * c;
        A[(t + 1) % 2][i][j] = c + 0.1 * d;
      }
#pragma endscop
}
