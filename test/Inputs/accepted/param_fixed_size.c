/* The array is a function parameter of fixed size, N a macro. */
#define N 256

void jacobi_fixed(int steps, double A[2][N][N])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[(t+1)%2][i][j] = 0.2 * (A[t%2][i][j] + A[t%2][i-1][j] + A[t%2][i+1][j]
                                  + A[t%2][i][j-1] + A[t%2][i][j+1]);
#pragma endscop
}
