/* A 1D update reaching 300 cells each way: bT*radius on both sides leaves
   no compute region in any tile of the default search (at most 512). */
void wide1d(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 300; i < n - 300; i++)
      A[(t+1)%2][i] = 0.25f * A[t%2][i-300] + 0.5f * A[t%2][i] + 0.25f * A[t%2][i+300];
#pragma endscop
}
