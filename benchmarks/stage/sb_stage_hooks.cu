/* sb_stage_hooks.cu: the StencilBench timing hooks for the stage-form benchmark
 * programs (benchmarks/stage/*.c), linked by benchmarks/run-stage-gpu.sh.
 *
 * The generated host code calls SB_START_INSTRUMENTS after copying every array
 * in and a cudaDeviceSynchronize, and SB_STOP_INSTRUMENTS after the last
 * kernel and a cudaDeviceSynchronize; run-stage-gpu.sh compiles it with
 *   -DSB_START_INSTRUMENTS=sb_start_instruments()
 *   -DSB_STOP_INSTRUMENTS=sb_stop_instruments()
 *   -include benchmarks/harness/sb_hooks.h
 * The interval is measured twice:
 *   kernel_ms  CUDA events recorded on the legacy default stream (the one the
 *              generated launches use) at the start hook and at the stop hook,
 *              the latter waited for: the device's time from the first launch
 *              to the end of the last kernel, gaps between launches included;
 *   host_ms    std::chrono::steady_clock between the two hooks (both follow a
 *              synchronize, so this is the same interval seen from the host).
 * Each stop prints
 *   SB_TIME call=<k> kernel_ms=<events> host_ms=<steady clock>
 * and at exit, if the hooks were not called exactly once each,
 *   SB_HOOKS start=<calls> stop=<calls>
 * (run-stage-gpu.sh refuses such a timing). Under the CPU emulation
 * (include/stencilcc/Runtime/CudaEmulation.h, STENCILCC_EMULATION), which has
 * no events, kernel_ms is the steady clock's figure. */
#include "../harness/sb_hooks.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#ifndef STENCILCC_EMULATION
#include <cuda_runtime.h>
#endif

namespace {
int starts = 0, stops = 0;
std::chrono::steady_clock::time_point host_start;
#ifndef STENCILCC_EMULATION
cudaEvent_t ev_start, ev_stop;

void check(cudaError_t e, const char *what)
{
  if (e != cudaSuccess) {
    std::fprintf(stderr, "sb_stage_hooks: %s failed: %s\n", what, cudaGetErrorString(e));
    std::abort();
  }
}
#endif

struct CallCount {
  ~CallCount()
  {
    if (starts != 1 || stops != 1) {
      std::printf("SB_HOOKS start=%d stop=%d\n", starts, stops);
      std::fflush(stdout);
    }
  }
} call_count;
} // namespace

extern "C" void sb_start_instruments(void)
{
#ifndef STENCILCC_EMULATION
  if (starts == 0) {
    check(cudaEventCreate(&ev_start), "cudaEventCreate");
    check(cudaEventCreate(&ev_stop), "cudaEventCreate");
  }
  check(cudaEventRecord(ev_start, 0), "cudaEventRecord");
#endif
  ++starts;
  host_start = std::chrono::steady_clock::now();
}

extern "C" void sb_stop_instruments(void)
{
  double kernel_ms;
#ifndef STENCILCC_EMULATION
  check(cudaEventRecord(ev_stop, 0), "cudaEventRecord");
  check(cudaEventSynchronize(ev_stop), "cudaEventSynchronize");
#endif
  const double host_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - host_start).count();
#ifndef STENCILCC_EMULATION
  float ms = 0;
  check(cudaEventElapsedTime(&ms, ev_start, ev_stop), "cudaEventElapsedTime");
  kernel_ms = ms;
#else
  kernel_ms = host_ms;
#endif
  ++stops;
  std::printf("SB_TIME call=%d kernel_ms=%.4f host_ms=%.4f\n", stops, kernel_ms, host_ms);
  std::fflush(stdout);
}
