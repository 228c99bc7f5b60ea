/* utilities/polybench.h for stencilcc's --c-output test: the interface of
 * PolyBench/C 4.2.1's header as its documentation describes it (the macro
 * names, their arguments and what they expand to), written for this test.
 * A kernel file written against PolyBench builds with it unchanged.
 */
#ifndef POLYBENCH_H
#define POLYBENCH_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Extra cells at the end of every array dimension (0: none). */
#ifndef POLYBENCH_PADDING_FACTOR
#define POLYBENCH_PADDING_FACTOR 0
#endif

/* Loop bounds are the run-time sizes (n), or with POLYBENCH_USE_SCALAR_LB
 * the compile-time ones (N). */
#ifdef POLYBENCH_USE_SCALAR_LB
#define POLYBENCH_LOOP_BOUND(compile_time, run_time) compile_time
#else
#define POLYBENCH_LOOP_BOUND(compile_time, run_time) run_time
#endif

/* Array parameters are declared with the compile-time extents, or with
 * POLYBENCH_USE_C99_PROTO as C99 variable-length arrays of the run-time
 * ones. */
#ifdef POLYBENCH_USE_C99_PROTO
#define POLYBENCH_EXTENT(compile_time, run_time) \
  (run_time) + POLYBENCH_PADDING_FACTOR
#else
#define POLYBENCH_EXTENT(compile_time, run_time) \
  (compile_time) + POLYBENCH_PADDING_FACTOR
#endif
#define POLYBENCH_1D(var, d1, dd1) var[POLYBENCH_EXTENT(d1, dd1)]
#define POLYBENCH_2D(var, d1, d2, dd1, dd2) \
  var[POLYBENCH_EXTENT(d1, dd1)][POLYBENCH_EXTENT(d2, dd2)]

/* Arrays live on the heap: a pointer to the whole array, allocated aligned
 * by polybench_alloc_data; POLYBENCH_ARRAY(var) is the array itself. */
#define POLYBENCH_2D_ARRAY_DECL(var, type, d1, d2, dd1, dd2)                 \
  type(*var)[(d1) + POLYBENCH_PADDING_FACTOR][(d2) + POLYBENCH_PADDING_FACTOR] = \
      (type(*)[(d1) + POLYBENCH_PADDING_FACTOR]                               \
              [(d2) + POLYBENCH_PADDING_FACTOR])                              \
          polybench_alloc_data(((d1) + POLYBENCH_PADDING_FACTOR) *            \
                                   ((d2) + POLYBENCH_PADDING_FACTOR),         \
                               sizeof(type))
#define POLYBENCH_ARRAY(var) (*var)
#define POLYBENCH_FREE_ARRAY(var) free((void *)var)

/* The result is printed behind a condition no run meets (more than 42
 * arguments and an empty program name), so that the compiler keeps the
 * kernel; -DPOLYBENCH_DUMP_ARRAYS prints it always. */
#ifdef POLYBENCH_DUMP_ARRAYS
#define POLYBENCH_DCE_ONLY_CODE
#else
#define POLYBENCH_DCE_ONLY_CODE if (argc > 42 && !strcmp(argv[0], ""))
#endif
#define polybench_prevent_dce(call) POLYBENCH_DCE_ONLY_CODE call

/* The dump: framed by two marker lines, each array between a begin and an
 * end line, on stderr. */
#define POLYBENCH_DUMP_TARGET stderr
#define POLYBENCH_DUMP_START \
  fprintf(POLYBENCH_DUMP_TARGET, "==BEGIN DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_FINISH \
  fprintf(POLYBENCH_DUMP_TARGET, "==END   DUMP_ARRAYS==\n")
#define POLYBENCH_DUMP_BEGIN(name) \
  fprintf(POLYBENCH_DUMP_TARGET, "begin dump: %s", name)
#define POLYBENCH_DUMP_END(name) \
  fprintf(POLYBENCH_DUMP_TARGET, "\nend   dump: %s\n", name)

/* Timing around the kernel call: -DPOLYBENCH_TIME prints seconds on
 * stdout. */
#ifdef POLYBENCH_TIME
#define polybench_start_instruments polybench_timer_start();
#define polybench_stop_instruments polybench_timer_stop();
#define polybench_print_instruments polybench_timer_print();
#else
#define polybench_start_instruments
#define polybench_stop_instruments
#define polybench_print_instruments
#endif

void *polybench_alloc_data(unsigned long long cells, int cell_size);
void polybench_flush_cache(void);
void polybench_prepare_instruments(void);
void polybench_timer_start(void);
void polybench_timer_stop(void);
void polybench_timer_print(void);

#endif
