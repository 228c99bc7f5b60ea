/* An MPI program that owns its decomposition, as --mpi-local expects: each
 * rank holds rows 0 .. nloc+2 of a 2D grid, row 0 its upper neighbour's last
 * row (or the grid's edge on rank 0), rows 1 .. nloc its own, rows nloc+1
 * and nloc+2 its lower neighbour's first two (or the edge on the last rank).
 * The ranks own different numbers of rows. After the region each rank's
 * part, both levels, must equal the same rows of the whole grid run by the
 * plain C loop (reference below), ghost rows included.
 * Built by test/mpi/run-mpi-selfchecks.sh: stencilcc --mpi-local, then
 * mpicxx with the CUDA emulation header; run with 1, 2 and 3 ranks. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Reaches one row up and two down, so the ghost rows differ per side. */
void skew(int rows, int m, int steps, double *a)
{
  double (*A)[rows][m] = (double (*)[rows][m])a;
#pragma scop
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < rows - 2; i++)
      for (int j = 1; j < m - 1; j++)
        A[(t + 1) % 2][i][j] = 0.25 * A[t % 2][i - 1][j] + 0.2 * A[t % 2][i][j]
          + 0.15 * A[t % 2][i + 1][j] + 0.1 * A[t % 2][i + 2][j]
          + 0.17 * A[t % 2][i][j - 1] + 0.13 * A[t % 2][i][j + 1];
#pragma endscop
}

/* The same loop, left alone by stencilcc (no scop): the whole grid. */
static void reference(int rows, int m, int steps, double *a)
{
  double (*A)[rows][m] = (double (*)[rows][m])a;
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < rows - 2; i++)
      for (int j = 1; j < m - 1; j++)
        A[(t + 1) % 2][i][j] = 0.25 * A[t % 2][i - 1][j] + 0.2 * A[t % 2][i][j]
          + 0.15 * A[t % 2][i + 1][j] + 0.1 * A[t % 2][i + 2][j]
          + 0.17 * A[t % 2][i][j - 1] + 0.13 * A[t % 2][i][j + 1];
}

static double start_value(int level, long row, int col)
{
  unsigned long h = (unsigned long)(level * 7919 + row * 104729 + col * 1299709);
  h ^= h >> 13;
  h *= 0x9E3779B97F4A7C15UL;
  return (double)((h >> 11) % 100000) / 100000.0 + level;
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int m = 45, steps = argc > 1 ? atoi(argv[1]) : 13;
  long total = 0, offset = 0;
  for (int r = 0; r < size; ++r) {
    if (r == rank)
      offset = total;
    total += 20 + 7 * r; /* rank r owns 20 + 7r rows */
  }
  const int nloc = 20 + 7 * rank, rows = nloc + 3, grows = (int)total + 3;
  double *whole = malloc(sizeof(double) * 2 * grows * m);
  double *part = malloc(sizeof(double) * 2 * rows * m);
  for (int l = 0; l < 2; ++l)
    for (int i = 0; i < grows; ++i)
      for (int j = 0; j < m; ++j)
        whole[((long)l * grows + i) * m + j] = start_value(l, i, j);
  for (int l = 0; l < 2; ++l)
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < m; ++j)
        part[((long)l * rows + i) * m + j] = whole[((long)l * grows + offset + i) * m + j];

  skew(rows, m, steps, part);
  reference(grows, m, steps, whole);

  double worst = 0;
  long bad = -1;
  for (int l = 0; l < 2; ++l)
    for (int i = 0; i < rows; ++i)
      for (int j = 0; j < m; ++j) {
        double want = whole[((long)l * grows + offset + i) * m + j];
        double got = part[((long)l * rows + i) * m + j];
        double err = fabs(got - want) / (fabs(want) > 1 ? fabs(want) : 1);
        if (!(err <= worst)) { /* NaN counts */
          worst = err != err ? INFINITY : err;
          bad = ((long)l * rows + i) * m + j;
        }
      }
  double all = 0;
  MPI_Allreduce(&worst, &all, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  if (worst > 1e-12)
    fprintf(stderr, "rank %d: worst cell level %ld row %ld col %ld, error %g\n", rank,
            bad / ((long)rows * m), bad / m % rows, bad % m, worst);
  if (rank == 0)
    printf("%s skew2d_local ranks=%d steps=%d rows=%ld: max relative error %.3g\n",
           all <= 1e-12 ? "PASS" : "FAIL", size, steps, total, all);
  MPI_Finalize();
  return all <= 1e-12 ? 0 : 1;
}
