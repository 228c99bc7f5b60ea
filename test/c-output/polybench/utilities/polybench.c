/* utilities/polybench.c for stencilcc's --c-output test: the run-time
 * support PolyBench/C 4.2.1 documents (aligned allocation, cache flush,
 * timer), written for this test. Plain C11 with POSIX. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "polybench.h"

static double polybench_t_start, polybench_t_end;

static double polybench_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Reads a buffer larger than the last-level cache, so a timed kernel
 * starts cold. */
void polybench_flush_cache(void)
{
  const size_t cells = 32 * 1024 * 1024 / sizeof(double);
  double *buffer = (double *)calloc(cells, sizeof(double));
  double sum = 0.0;
  size_t i;
  if (!buffer)
    return;
  for (i = 0; i < cells; i++)
    sum += buffer[i];
  if (sum != 0.0)
    fprintf(stderr, "[PolyBench] cache flush read a non-zero sum\n");
  free(buffer);
}

void polybench_prepare_instruments(void) { polybench_flush_cache(); }

void polybench_timer_start(void)
{
  polybench_prepare_instruments();
  polybench_t_start = polybench_now();
}

void polybench_timer_stop(void) { polybench_t_end = polybench_now(); }

void polybench_timer_print(void)
{
  printf("%0.6f\n", polybench_t_end - polybench_t_start);
}

void *polybench_alloc_data(unsigned long long cells, int cell_size)
{
  void *data = NULL;
  size_t bytes = (size_t)cells * (size_t)cell_size;
  if (posix_memalign(&data, 4096, bytes ? bytes : 1) != 0 || !data) {
    fprintf(stderr, "[PolyBench] cannot allocate %zu bytes\n", bytes);
    exit(1);
  }
  return data;
}
