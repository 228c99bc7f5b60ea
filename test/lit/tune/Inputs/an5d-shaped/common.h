/* The benchmark harness of an AN5D-shaped input (test/lit/tune/an5d.test):
   its own StencilBench hooks, which name variables of its main. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>

#define STENCILBENCH
#define SB_START_INSTRUMENTS do { start_time = sb_time(); } while (0)
#define SB_STOP_INSTRUMENTS do { end_time = sb_time(); } while (0)

static double sb_time(void)
{
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
}

int main(int argc, char **argv)
{
  int dimsize = argc > 1 ? atoi(argv[1]) : 64;
  int timestep = argc > 2 ? atoi(argv[2]) : 10;
  double start_time = 0, end_time = 0;
  SB_TYPE *A = (SB_TYPE *)malloc(2 * (size_t)dimsize * dimsize * sizeof(SB_TYPE));
  for (long k = 0; k < 2L * dimsize * dimsize; k++)
    A[k] = (SB_TYPE)(k % 11) / 11;
  SB_START_INSTRUMENTS;
  kernel_j2d5pt(dimsize, timestep, A);
  SB_STOP_INSTRUMENTS;
  printf("%.6f s\n", end_time - start_time);
  free(A);
  return 0;
}
