/* A header of the input's own tree: --tune-emit copies it beside the
   candidates (test/lit/tune/stage.test). */
#define DIFFUSION_RATE 0.2f
#define NEIGHBOURS(A, t, i, j) \
  (A[t % 2][i - 1][j] + A[t % 2][i + 1][j] + A[t % 2][i][j - 1] + A[t % 2][i][j + 1])
