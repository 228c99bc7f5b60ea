/* Squared differences to the six axis neighbours, in double (a 3D
 * gradient2d): c - A[i+1] at i is minus c - A[i-1] at i + 1, and only its
 * square is used, so the blocked kernels carry it along the stream
 * (Emitter/CarriedDifferences.h). */
#include <math.h>

void gradient3d(int n, int steps, double A[2][n][n][n])
{
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[(t+1)%2][i][j][k] = 0.5 * A[t%2][i][j][k]
            + 1.0 / sqrt(1.0
                + (A[t%2][i][j][k] - A[t%2][i-1][j][k]) * (A[t%2][i][j][k] - A[t%2][i-1][j][k])
                + (A[t%2][i][j][k] - A[t%2][i+1][j][k]) * (A[t%2][i][j][k] - A[t%2][i+1][j][k])
                + (A[t%2][i][j][k] - A[t%2][i][j-1][k]) * (A[t%2][i][j][k] - A[t%2][i][j-1][k])
                + (A[t%2][i][j][k] - A[t%2][i][j+1][k]) * (A[t%2][i][j][k] - A[t%2][i][j+1][k])
                + (A[t%2][i][j][k] - A[t%2][i][j][k-1]) * (A[t%2][i][j][k] - A[t%2][i][j][k-1])
                + (A[t%2][i][j][k] - A[t%2][i][j][k+1]) * (A[t%2][i][j][k] - A[t%2][i][j][k+1]));
#pragma endscop
}
