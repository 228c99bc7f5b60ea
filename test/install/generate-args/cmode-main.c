/* Calls the function of needs-macro.c whose region runs through its
 * launcher (C_OUTPUT), and prints what it computed. */
#include <stdio.h>

void smooth(int n, int steps, float A[2][n]);

int main(void)
{
  float A[2][16];
  int i;
  for (i = 0; i < 16; i++)
    A[0][i] = A[1][i] = (float)(i % 5);
  smooth(16, 3, A);
  for (i = 0; i < 16; i++)
    printf("%g\n", A[1][i]);
  return 0;
}
