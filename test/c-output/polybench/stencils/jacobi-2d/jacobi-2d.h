/* stencils/jacobi-2d/jacobi-2d.h for stencilcc's --c-output test: the
 * dataset sizes and data types of PolyBench/C 4.2.1's jacobi-2d as its
 * documentation lists them, written for this test. */
#ifndef JACOBI_2D_H
#define JACOBI_2D_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && \
    !defined(MEDIUM_DATASET) && !defined(LARGE_DATASET) && \
    !defined(EXTRALARGE_DATASET)
#define LARGE_DATASET
#endif

#if !defined(TSTEPS) && !defined(N)
#if defined(MINI_DATASET)
#define TSTEPS 20
#define N 30
#elif defined(SMALL_DATASET)
#define TSTEPS 40
#define N 90
#elif defined(MEDIUM_DATASET)
#define TSTEPS 100
#define N 250
#elif defined(LARGE_DATASET)
#define TSTEPS 500
#define N 1300
#else
#define TSTEPS 1000
#define N 2800
#endif
#endif

#define _PB_TSTEPS POLYBENCH_LOOP_BOUND(TSTEPS, tsteps)
#define _PB_N POLYBENCH_LOOP_BOUND(N, n)

#if !defined(DATA_TYPE_IS_INT) && !defined(DATA_TYPE_IS_FLOAT) && \
    !defined(DATA_TYPE_IS_DOUBLE)
#define DATA_TYPE_IS_DOUBLE
#endif

#if defined(DATA_TYPE_IS_INT)
#define DATA_TYPE int
#define DATA_PRINTF_MODIFIER "%d "
#define SCALAR_VAL(x) x
#elif defined(DATA_TYPE_IS_FLOAT)
#define DATA_TYPE float
#define DATA_PRINTF_MODIFIER "%0.2f "
#define SCALAR_VAL(x) x##f
#else
#define DATA_TYPE double
#define DATA_PRINTF_MODIFIER "%0.2lf "
#define SCALAR_VAL(x) x
#endif

#endif
