/* A 3D star of radius 8 whose update multiplies two reads (not a sum of
   products): no blocked plan of the default tiles fits its halo and the
   streaming partial sums do not apply, so the default is the naive kernel. */
void star3d_r8_product(int n, int T, float A[2][n][n][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 8; i < n - 8; i++)
      for (int j = 8; j < n - 8; j++)
        for (int k = 8; k < n - 8; k++)
          A[(t+1)%2][i][j][k] = 0.020408f * A[t%2][i-8][j][k] + 0.020612f * A[t%2][i-7][j][k] + 0.020816f * A[t%2][i-6][j][k] + 0.021020f * A[t%2][i-5][j][k] + 0.021224f * A[t%2][i-4][j][k] + 0.021429f * A[t%2][i-3][j][k] + 0.021633f * A[t%2][i-2][j][k] + 0.020408f * A[t%2][i-1][j][k] + 0.020612f * A[t%2][i][j-8][k] + 0.020816f * A[t%2][i][j-7][k] + 0.021020f * A[t%2][i][j-6][k] + 0.021224f * A[t%2][i][j-5][k] + 0.021429f * A[t%2][i][j-4][k] + 0.021633f * A[t%2][i][j-3][k] + 0.020408f * A[t%2][i][j-2][k] + 0.020612f * A[t%2][i][j-1][k] + 0.020816f * A[t%2][i][j][k-8] + 0.021020f * A[t%2][i][j][k-7] + 0.021224f * A[t%2][i][j][k-6] + 0.021429f * A[t%2][i][j][k-5] + 0.021633f * A[t%2][i][j][k-4] + 0.020408f * A[t%2][i][j][k-3] + 0.020612f * A[t%2][i][j][k-2] + 0.020816f * A[t%2][i][j][k-1] + 0.021020f * A[t%2][i][j][k] + 0.021224f * A[t%2][i][j][k+1] + 0.021429f * A[t%2][i][j][k+2] + 0.021633f * A[t%2][i][j][k+3] + 0.020408f * A[t%2][i][j][k+4] + 0.020612f * A[t%2][i][j][k+5] + 0.020816f * A[t%2][i][j][k+6] + 0.021020f * A[t%2][i][j][k+7] + 0.021224f * A[t%2][i][j][k+8] + 0.021429f * A[t%2][i][j+1][k] + 0.021633f * A[t%2][i][j+2][k] + 0.020408f * A[t%2][i][j+3][k] + 0.020612f * A[t%2][i][j+4][k] + 0.020816f * A[t%2][i][j+5][k] + 0.021020f * A[t%2][i][j+6][k] + 0.021224f * A[t%2][i][j+7][k] + 0.021429f * A[t%2][i][j+8][k] + 0.021633f * A[t%2][i+1][j][k] + 0.020408f * A[t%2][i+2][j][k] + 0.020612f * A[t%2][i+3][j][k] + 0.020816f * A[t%2][i+4][j][k] + 0.021020f * A[t%2][i+5][j][k] + 0.021224f * A[t%2][i+6][j][k] + 0.021429f * A[t%2][i+7][j][k] + 0.021633f * A[t%2][i+8][j][k] * A[t%2][i][j][k];
#pragma endscop
}

