/* A 1D smoothing whose step ends by swapping two pointers, the time loop
 * from 1: stencilcc runs it with the kernels of its single-array `t%2`
 * twin, one sweep a step, the first reading the buffer `a` points to. */
void pointer_swap_1d(int n, int steps, float *a, float *b)
{
  float *tmp;
#pragma scop
  for (int t = 1; t <= steps; t++) {
    for (int i = 2; i < n - 2; i++)
      b[i] = 0.1f * a[i - 2] + 0.2f * a[i - 1] + 0.4f * a[i] + 0.2f * a[i + 1] +
             0.1f * a[i + 2];
    tmp = a;
    a = b;
    b = tmp;
  }
#pragma endscop
}
