/* sb_hooks.h: declarations of the StencilBench timing hooks that the benchmark
 * harness (main.cu) defines.
 *
 * The generated .cu calls `SB_START_INSTRUMENTS;` / `SB_STOP_INSTRUMENTS;` when those
 * macros are defined. run-gpu.sh compiles the generated file with
 *   -DSB_START_INSTRUMENTS=sb_start_instruments() -DSB_STOP_INSTRUMENTS=sb_stop_instruments()
 *   -include benchmarks/harness/sb_hooks.h
 * so that the two calls have a declaration in that translation unit (the generated file,
 * which holds the user's text, declares nothing itself). */
#ifndef STENCILCC_SB_HOOKS_H
#define STENCILCC_SB_HOOKS_H

#ifdef __cplusplus
extern "C" {
#endif

/* Called after the input copy and a device synchronize. */
void sb_start_instruments(void);
/* Called after the last kernel and a device synchronize. */
void sb_stop_instruments(void);

#ifdef __cplusplus
}
#endif

#endif
