/* Jacobi 2D, 5 points: the input of SPEC §1 as a user would write it. */
#include <stdio.h>
#include <stdlib.h>

void j2d5pt(int dimsize, int timestep, float *A1)
{
  float (*A)[dimsize][dimsize] = (float (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i < dimsize - 1; i++)
      for (int j = 1; j < dimsize - 1; j++)
        A[(t+1)%2][i][j] = (5.1f*A[t%2][i-1][j] + 12.1f*A[t%2][i][j-1] + 15.0f*A[t%2][i][j]
                          + 12.2f*A[t%2][i][j+1] + 5.2f*A[t%2][i+1][j]) / 118;
#pragma endscop
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 256, steps = argc > 2 ? atoi(argv[2]) : 20;
  float *A = (float *)malloc(sizeof(float) * 2 * n * n);
  for (int k = 0; k < 2 * n * n; k++)
    A[k] = (float)(k % 97) / 97.0f;
  j2d5pt(n, steps, A);
  /* The checksum of the result buffer, A[steps % 2]. */
  double sum = 0;
  for (int k = 0; k < n * n; k++)
    sum += A[(steps % 2) * n * n + k];
  printf("n=%d steps=%d checksum=%.9e\n", n, steps, sum);
  free(A);
  return 0;
}
