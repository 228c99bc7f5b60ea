/* Coefficients as named const locals and a const global, the divisor
   among them: each is its value (a literal in the kernels: the division
   takes the constant-division path), while a const computed from a
   parameter stays a run-time scalar. The self-check's reference declares
   the locals again. */
const float cc = 0.2f;

void smooth(int n, int steps, float dt, float A[2][n][n])
{
  const float cn = 0.25f, cs = 0.15f;
  const float cw = (float)0.1, ce = 0.18f;
  const float norm = 1.05f;
  const float gain = dt * 0.5f;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[(t+1)%2][i][j] = (cn * A[t%2][i-1][j] + cs * A[t%2][i+1][j]
                          + cw * A[t%2][i][j-1] + ce * A[t%2][i][j+1]
                          + cc * A[t%2][i][j]) / norm + gain * A[t%2][i][j];
#pragma endscop
}
