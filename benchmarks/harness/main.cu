/* Benchmark and check driver for one stencilcc-generated CUDA file.
 *
 * Linked from three objects (benchmarks/run-gpu.sh does this):
 *   - this file, compiled by nvcc with
 *       -DREAL=float|double -DDIMS=2|3 -DSTENCIL_FN=kernel_<name> -DREFERENCE_FN=reference_<name>
 *       -DRADIUS=<r> -DFLOPS=<flop per cell>
 *   - the generated .cu, compiled by nvcc as its own translation unit with the same -DREAL and
 *       -DSB_START_INSTRUMENTS=sb_start_instruments() -DSB_STOP_INSTRUMENTS=sb_stop_instruments()
 *       -include benchmarks/harness/sb_hooks.h
 *     (it defines STENCIL_FN with C++ linkage, as nvcc compiles it as C++; define
 *      -DSTENCIL_C_LINKAGE here if a generated file ever declares it extern "C");
 *   - the original C file compiled by gcc as the CPU reference:
 *       gcc -O2 -std=c11 -DREAL=<real> -Dkernel_<name>=reference_<name> -c <name>.c
 *
 * Usage:
 *   prog check N STEPS[,STEPS...] [SEED]
 *       Per step count: random input (buffer 0 in-domain cells random in (0,1); buffer 1
 *       in-domain cells NaN; boundary cells of both buffers random and different from each
 *       other), run the CPU reference and the generated code on copies, compare buffer
 *       STEPS%2 over all its cells. Prints CHECKINFO lines (diagnostics) and one line
 *         CHECK name=.. real=.. n=.. steps=.. rel_l2=.. max_abs=.. nan=.. result=PASS|FAIL
 *       per step count. Exit 0 iff all pass, 1 if one fails.
 *   prog time N STEPS REPS
 *       Random input (the boundary cells the same in both buffers), one warm-up call of min(STEPS, 20) steps, REPS timed calls (each
 *       from the same input);
 *       kernel time of a call = SB_STOP - SB_START (CUDA events, transfers excluded). Prints
 *         TIME name=.. real=.. n=.. steps=.. median_ms=.. min_ms=.. gcells=.. gflops=.. ...
 *   Exit 2: usage error; 3: CUDA or harness error.
 *
 * Compiled with -DHARNESS_TIMER (and without the generated and reference objects) it is the
 * timer of run-gpu.sh: one process that times several generated files of one stencil, each
 * built as a shared object, so that the host buffers, their pinning and the CUDA context are
 * set up once for all of them instead of once per plan (about 2 s each at 16384^2):
 *   timer time-libs N STEPS REPS DEADLINE STEM=LIB.so [STEM=LIB.so ...]
 *       Per library in order: prints 'BEGIN stem=STEM', loads it (dlopen), finds STENCIL_FN in
 *       it and times it as 'time' does, printing the TIME line with ' stem=STEM load_ms=..'
 *       added; prints 'TIME-SKIPPED stem=STEM deadline' instead once the clock passes
 *       DEADLINE (seconds since the epoch; 0: none), and 'TIME-FAIL stem=STEM why' where a
 *       library does not load or the result is not finite. A CUDA error ends the process
 *       (exit 3) after the BEGIN line of the plan that caused it: run-gpu.sh starts a new one
 *       for the plans after it. Link with -cudart shared and -Xlinker --export-dynamic (the
 *       libraries call the SB hooks defined here and must share its CUDA runtime).
 */
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <atomic>
#include <string>
#include <thread>
#include <ctime>
#include <dlfcn.h>
#include <vector>

#include "sb_hooks.h"

#ifndef REAL
#error "compile with -DREAL=float or -DREAL=double"
#endif
#if !defined(DIMS) || (DIMS != 2 && DIMS != 3)
#error "compile with -DDIMS=2 or -DDIMS=3"
#endif
#ifndef STENCIL_FN
#error "compile with -DSTENCIL_FN=kernel_<name>"
#endif
#if !defined(REFERENCE_FN) && !defined(HARNESS_TIMER)
#error "compile with -DREFERENCE_FN=reference_<name>"
#endif
#ifndef RADIUS
#error "compile with -DRADIUS=<radius>"
#endif
#ifndef FLOPS
#error "compile with -DFLOPS=<flop per cell>"
#endif

#define HARNESS_STR2(x) #x
#define HARNESS_STR(x) HARNESS_STR2(x)

typedef REAL real_t;
typedef void (*stencil_fn_t)(int dimsize, int timestep, real_t *A1);

#ifndef HARNESS_TIMER
/* The CPU reference: the original C function, renamed, compiled by gcc. */
extern "C" void REFERENCE_FN(int dimsize, int timestep, REAL *A1);
/* The generated host function (same name and signature as the C function). */
#ifdef STENCIL_C_LINKAGE
extern "C" void STENCIL_FN(int dimsize, int timestep, REAL *A1);
#else
void STENCIL_FN(int dimsize, int timestep, REAL *A1);
#endif
/* What call_generated calls: the linked function, or (timer) the one of the loaded library. */
static stencil_fn_t g_stencil_fn = &STENCIL_FN;
#else
static stencil_fn_t g_stencil_fn = nullptr;
#endif

static const char *const kName = HARNESS_STR(STENCIL_FN);
static const char *real_name() { return sizeof(real_t) == sizeof(float) ? "float" : "double"; }

/* ---------------------------------------------------------------- CUDA checks */

#define CK(call)                                                                         \
  do {                                                                                   \
    cudaError_t ck_err_ = (call);                                                        \
    if (ck_err_ != cudaSuccess) {                                                        \
      fprintf(stderr, "harness: CUDA error: %s failed at %s:%d: %s (%s)\n", #call,       \
              __FILE__, __LINE__, cudaGetErrorName(ck_err_), cudaGetErrorString(ck_err_)); \
      exit(3);                                                                           \
    }                                                                                    \
  } while (0)

/* ---------------------------------------------------------------- SB hooks */

static cudaEvent_t g_ev_start, g_ev_stop;
static bool g_events_ready = false;
static bool g_in_region = false;
static long g_nstart = 0, g_nstop = 0;
static float g_region_ms = -1.0f;     /* CUDA-event time of the last region */
static double g_region_host_ms = -1.0; /* steady-clock time of the last region */
static std::chrono::steady_clock::time_point g_host_t0;

extern "C" void sb_start_instruments(void) {
  if (!g_events_ready) {
    fprintf(stderr, "harness: sb_start_instruments called before the harness set up\n");
    exit(3);
  }
  if (g_in_region) fprintf(stderr, "harness: warning: SB_START_INSTRUMENTS twice without a stop\n");
  g_in_region = true;
  ++g_nstart;
  CK(cudaEventRecord(g_ev_start, 0));
  g_host_t0 = std::chrono::steady_clock::now();
}

extern "C" void sb_stop_instruments(void) {
  if (!g_events_ready || !g_in_region) {
    fprintf(stderr, "harness: sb_stop_instruments called without sb_start_instruments\n");
    exit(3);
  }
  CK(cudaEventRecord(g_ev_stop, 0));
  CK(cudaEventSynchronize(g_ev_stop));
  g_region_host_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - g_host_t0).count();
  CK(cudaEventElapsedTime(&g_region_ms, g_ev_start, g_ev_stop));
  g_in_region = false;
  ++g_nstop;
}

/* ---------------------------------------------------------------- helpers */

struct Rng { /* splitmix64 */
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x2545F4914F6CDD1Dull + 0x1234567ull) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /* Uniform in the open interval (0,1), exactly representable in real_t: never 0, never 1. */
  real_t unit() {
    if (sizeof(real_t) == sizeof(float))
      return (real_t)(((double)(next() >> 41) + 0.5) * (1.0 / 8388608.0)); /* 2^-23 */
    return (real_t)(((double)(next() >> 12) + 0.5) * (1.0 / 4503599627370496.0)); /* 2^-52 */
  }
};

/* Runs f(begin, end) over [0, n) in fixed chunks on up to 16 host threads. The chunking does
 * not depend on the thread count, so chunk-seeded random fills are reproducible. */
template <class F> static void parallel_chunks(size_t n, F f) {
  const size_t chunk = (size_t)1 << 22;
  const size_t nchunks = (n + chunk - 1) / chunk;
  unsigned nt = std::thread::hardware_concurrency();
  if (nt == 0) nt = 1;
  if (nt > 16) nt = 16;
  if ((size_t)nt > nchunks) nt = (unsigned)(nchunks ? nchunks : 1);
  std::atomic<size_t> next(0);
  auto work = [&]() {
    for (size_t c; (c = next.fetch_add(1)) < nchunks;)
      f(c, c * chunk, std::min(n, (c + 1) * chunk));
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < nt; ++t) pool.emplace_back(work);
  work();
  for (auto &t : pool) t.join();
}

static size_t cells_per_buffer(int n) {
  size_t c = 1;
  for (int d = 0; d < DIMS; ++d) c *= (size_t)n;
  return c;
}

/* Coordinates of a flat index inside one buffer, slowest dimension first. */
static void coords_of(size_t idx, int n, int c[DIMS]) {
  for (int d = DIMS - 1; d >= 0; --d) {
    c[d] = (int)(idx % (size_t)n);
    idx /= (size_t)n;
  }
}

static bool in_domain(size_t idx, int n) {
  int c[DIMS];
  coords_of(idx, n, c);
  for (int d = 0; d < DIMS; ++d)
    if (c[d] < RADIUS || c[d] >= n - RADIUS) return false;
  return true;
}

#ifndef HARNESS_TIMER /* the check's helpers */

static std::string coords_str(size_t idx, int n) {
  int c[DIMS];
  coords_of(idx, n, c);
  char buf[64];
#if DIMS == 2
  snprintf(buf, sizeof buf, "(%d,%d)", c[0], c[1]);
#else
  snprintf(buf, sizeof buf, "(%d,%d,%d)", c[0], c[1], c[2]);
#endif
  return buf;
}
#endif

static real_t *alloc_host(size_t count) {
  real_t *p = (real_t *)malloc(count * sizeof(real_t));
  if (!p) {
    fprintf(stderr, "harness: out of host memory (%zu elements of %zu bytes)\n", count,
            sizeof(real_t));
    exit(3);
  }
  return p;
}

static bool parse_int(const char *s, long lo, long hi, long *out) {
  char *end = nullptr;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi) return false;
  *out = v;
  return true;
}

static void setup_device() {
  int ndev = 0;
  CK(cudaGetDeviceCount(&ndev));
  if (ndev < 1) {
    fprintf(stderr, "harness: no CUDA device\n");
    exit(3);
  }
  CK(cudaSetDevice(0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  fprintf(stderr, "harness: %s on %s (sm_%d%d, %d SMs)\n", kName, prop.name, prop.major,
          prop.minor, prop.multiProcessorCount);
  CK(cudaEventCreate(&g_ev_start));
  CK(cudaEventCreate(&g_ev_stop));
  g_events_ready = true;
}

/* Calls the generated function and checks that it left no error and bracketed its kernels
 * with the SB hooks exactly once. Returns false when the hooks were not called. */
static bool call_generated(int n, int steps, real_t *a) {
  long s0 = g_nstart, p0 = g_nstop;
  g_region_ms = -1.0f;
  g_region_host_ms = -1.0;
  g_stencil_fn(n, steps, a);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  if (g_in_region) {
    fprintf(stderr, "harness: the generated code called SB_START_INSTRUMENTS but not SB_STOP\n");
    exit(3);
  }
  return g_nstart == s0 + 1 && g_nstop == p0 + 1;
}

/* ---------------------------------------------------------------- check */

#ifndef HARNESS_TIMER

static int run_check(int n, int steps, uint64_t seed) {
  const size_t per = cells_per_buffer(n);
  const size_t total = 2 * per;
  real_t *init = alloc_host(total);
  Rng rng(seed);
  const real_t qnan = std::numeric_limits<real_t>::quiet_NaN();
  for (size_t i = 0; i < per; ++i) {
    if (in_domain(i, n)) {
      init[i] = rng.unit();   /* buffer 0: the input */
      init[per + i] = qnan;   /* buffer 1: poison, every cell must be written */
    } else {                  /* boundary: random, different in the two buffers */
      real_t b0 = rng.unit(), b1 = rng.unit();
      while (b1 == b0) b1 = rng.unit();
      init[i] = b0;
      init[per + i] = b1;
    }
  }
  real_t *ref = alloc_host(total);
  real_t *gpu = alloc_host(total);
  memcpy(ref, init, total * sizeof(real_t));
  memcpy(gpu, init, total * sizeof(real_t));

  REFERENCE_FN(n, steps, ref);
  bool hooks = call_generated(n, steps, gpu);

  const size_t off = (size_t)(steps % 2) * per;
  const double tol = sizeof(real_t) == sizeof(float) ? 1e-5 : 1e-12;
  const double cell_tol = 10.0 * tol; /* for the diagnostics only */
  double sum_d2 = 0.0, sum_r2 = 0.0, max_abs = 0.0;
  size_t nan = 0, ref_nonfinite = 0, nan_dom = 0, bad_dom = 0, bad_bnd = 0, shown = 0;
  std::string examples;
  for (size_t i = 0; i < per; ++i) {
    const double g = (double)gpu[off + i], r = (double)ref[off + i];
    const bool dom = in_domain(i, n);
    if (!std::isfinite(r)) ++ref_nonfinite;
    bool bad;
    if (!std::isfinite(g)) {
      ++nan;
      if (dom) ++nan_dom;
      bad = true;
    } else {
      const double d = fabs(g - r);
      if (std::isfinite(r)) {
        sum_d2 += d * d;
        sum_r2 += r * r;
        if (d > max_abs) max_abs = d;
      }
      bad = !(d <= cell_tol * std::max(fabs(r), 1.0));
    }
    if (bad) {
      if (dom) ++bad_dom; else ++bad_bnd;
      if (shown < 5) {
        char buf[160];
        snprintf(buf, sizeof buf, " %s%s:gpu=%.9g,ref=%.9g", coords_str(i, n).c_str(),
                 dom ? "" : "[bnd]", g, r);
        examples += buf;
        ++shown;
      }
    }
  }
  const double rel_l2 = sum_r2 > 0.0 ? sqrt(sum_d2 / sum_r2) : (sum_d2 > 0.0 ? INFINITY : 0.0);
  const bool pass = nan == 0 && ref_nonfinite == 0 && rel_l2 <= tol;

  printf("CHECKINFO name=%s steps=%d seed=%llu buffer=%d hooks=%s bad_domain=%zu bad_boundary=%zu "
         "nan_domain=%zu nan_boundary=%zu ref_nonfinite=%zu%s%s\n",
         kName, steps, (unsigned long long)seed, steps % 2, hooks ? "ok" : "NOT-CALLED", bad_dom,
         bad_bnd, nan_dom, nan - nan_dom, ref_nonfinite, shown ? " first:" : "", examples.c_str());
  printf("CHECK name=%s real=%s n=%d steps=%d rel_l2=%.3e max_abs=%.3e nan=%zu result=%s\n", kName,
         real_name(), n, steps, rel_l2, max_abs, nan, pass ? "PASS" : "FAIL");
  fflush(stdout);
  free(init);
  free(ref);
  free(gpu);
  return pass ? 0 : 1;
}

#endif /* !HARNESS_TIMER */

/* ---------------------------------------------------------------- time */

static double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t k = v.size();
  return k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
}

static double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

/* The host side of timed runs: the random input and the array the generated code works on,
 * pinned. Set up once per process: the timer reuses it for every plan it times. */
struct TimedRunBuffers {
  int n = 0, steps = 0;
  size_t total = 0;
  real_t *init = nullptr, *work = nullptr;
  bool pinned = false;
  double setup_ms = 0, pin_ms = 0;
};

static void setup_timed_run(TimedRunBuffers &b, int n, int steps) {
  /* setup_ms: host buffers and their random fill; pin_ms: cudaHostRegister, with the CUDA
   * context's creation where this is the first CUDA call that needs it. */
  auto phase = std::chrono::steady_clock::now();
  b.n = n;
  b.steps = steps;
  b.total = 2 * cells_per_buffer(n);
  b.init = alloc_host(b.total);
  b.work = alloc_host(b.total);
  const uint64_t seed = 0x5eedull + (uint64_t)n * 1000003ull + (uint64_t)steps;
  real_t *init = b.init;
  parallel_chunks(b.total, [&](size_t c, size_t lo, size_t hi) {
    Rng rng(seed * 7919ull + c);
    for (size_t i = lo; i < hi; ++i) init[i] = rng.unit();
  });
  /* Both time levels hold the same outside the domain, as in a program that sets its
   * boundary once for both: the warp-shuffle plans (--exchange=shuffle) then take a
   * boundary value from registers, not memory (they check it at run time; the checks above
   * keep the levels different, so the other path is what they verify). */
  const size_t per = b.total / 2;
  parallel_chunks(per, [&](size_t, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; ++i)
      if (!in_domain(i, n)) init[per + i] = init[i];
  });
  b.setup_ms = ms_since(phase);
  phase = std::chrono::steady_clock::now();
  /* Pin the array the generated code copies from and to: its transfers are not timed, but
   * pinned memory makes them (and so the whole run) faster. Not fatal if refused. */
  cudaError_t e = cudaHostRegister(b.work, b.total * sizeof(real_t), cudaHostRegisterDefault);
  if (e == cudaSuccess) b.pinned = true;
  else {
    fprintf(stderr, "harness: note: cudaHostRegister refused (%s); transfers use pageable memory\n",
            cudaGetErrorString(e));
    (void)cudaGetLastError(); /* clear it */
  }
  b.pin_ms = ms_since(phase);
}

static void release_timed_run(TimedRunBuffers &b) {
  if (b.pinned) CK(cudaHostUnregister(b.work));
  free(b.init);
  free(b.work);
  b = TimedRunBuffers();
}

/* Times g_stencil_fn: one warm-up call, REPS timed calls, each from the same input. Prints the
 * TIME line (with `extra` appended) and returns the number of non-finite result cells, or -1
 * when the SB hooks were not called. */
static long time_generated(TimedRunBuffers &b, int reps, const std::string &extra) {
  /* calls_ms: every call of the generated code, transfers included; scan_ms: the non-finite
   * scan. With setup_ms and pin_ms they say where a timed run's wall time goes. */
  auto phase = std::chrono::steady_clock::now();
  double calls_ms = 0, scan_ms = 0;
  const int n = b.n, steps = b.steps;
  real_t *const init = b.init, *const work = b.work;
  std::vector<double> ms, host_ms;
  for (int r = -1; r < reps; ++r) { /* r == -1: warm-up */
    /* Every call starts from the same random input (values decay over the steps). */
    parallel_chunks(b.total, [&](size_t, size_t lo, size_t hi) {
      memcpy(work + lo, init + lo, (hi - lo) * sizeof(real_t));
    });
    /* The warm-up loads the module and raises the clocks; a few steps do that as well as
     * the whole run, which for the slow 3D stencils takes tens of seconds. */
    if (!call_generated(n, r < 0 && steps > 20 ? 20 : steps, work)) {
      fprintf(stderr, "harness: the SB hooks were not called once per call (starts %ld, stops %ld): "
                      "compile the generated file with -DSB_START_INSTRUMENTS=sb_start_instruments() "
                      "-DSB_STOP_INSTRUMENTS=sb_stop_instruments()\n", g_nstart, g_nstop);
      return -1;
    }
    if (r >= 0) {
      ms.push_back((double)g_region_ms);
      host_ms.push_back(g_region_host_ms);
    }
  }
  calls_ms = ms_since(phase);
  phase = std::chrono::steady_clock::now();
  /* A result that is not finite means the timed code is broken: say so. */
  std::atomic<size_t> nonfinite_cells(0);
  const size_t per = cells_per_buffer(n), off = (size_t)(steps % 2) * per;
  parallel_chunks(per, [&](size_t, size_t lo, size_t hi) {
    size_t k = 0;
    for (size_t i = lo; i < hi; ++i)
      if (!std::isfinite((double)work[off + i])) ++k;
    nonfinite_cells += k;
  });
  const size_t nonfinite = nonfinite_cells.load();
  scan_ms = ms_since(phase);

  const double med = median_of(ms), mn = *std::min_element(ms.begin(), ms.end()),
               mx = *std::max_element(ms.begin(), ms.end());
  double dom = 1.0;
  for (int d = 0; d < DIMS; ++d) dom *= (double)(n - 2 * RADIUS > 0 ? n - 2 * RADIUS : 0);
  const double gcells = med > 0.0 ? dom * (double)steps / (med * 1e-3) / 1e9 : 0.0;
  printf("TIME name=%s real=%s n=%d steps=%d median_ms=%.4f min_ms=%.4f gcells=%.4f gflops=%.3f "
         "max_ms=%.4f host_median_ms=%.4f reps=%d nonfinite=%zu setup_ms=%.0f pin_ms=%.0f "
         "calls_ms=%.0f scan_ms=%.0f%s\n",
         kName, real_name(), n, steps, med, mn, gcells, gcells * (double)(FLOPS), mx,
         median_of(host_ms), reps, nonfinite, b.setup_ms, b.pin_ms, calls_ms, scan_ms,
         extra.c_str());
  fflush(stdout);
  return (long)nonfinite;
}

#ifndef HARNESS_TIMER
static int run_time(int n, int steps, int reps) {
  TimedRunBuffers b;
  setup_timed_run(b, n, steps);
  const long nonfinite = time_generated(b, reps, "");
  release_timed_run(b);
  return nonfinite < 0 ? 3 : nonfinite ? 1 : 0;
}
#else
/* The Itanium C++ ABI name of `void STENCIL_FN(int, int, REAL *)`: nvcc compiles the generated
 * file as C++, so that is the symbol its shared object exports. */
static std::string mangled_stencil_name() {
  return "_Z" + std::to_string(strlen(kName)) + kName + "iiP" +
         (sizeof(real_t) == sizeof(float) ? "f" : "d");
}

static int run_time_libs(int n, int steps, int reps, long deadline, int nlibs, char **libs) {
  TimedRunBuffers b;
  setup_timed_run(b, n, steps);
  int failed = 0;
  for (int k = 0; k < nlibs; ++k) {
    const std::string arg = libs[k];
    const size_t eq = arg.find('=');
    const std::string stem = arg.substr(0, eq), path = arg.substr(eq + 1);
    if (deadline > 0 && (long)time(nullptr) >= deadline) {
      printf("TIME-SKIPPED stem=%s deadline\n", stem.c_str());
      fflush(stdout);
      continue;
    }
    printf("BEGIN stem=%s\n", stem.c_str());
    fflush(stdout);
    auto t0 = std::chrono::steady_clock::now();
    /* RTLD_LOCAL: every library defines the same STENCIL_FN and kernel names. They stay
     * loaded: unloading a library that registered CUDA kernels gains nothing here. */
    void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      printf("TIME-FAIL stem=%s dlopen: %s\n", stem.c_str(), dlerror());
      fflush(stdout);
      ++failed;
      continue;
    }
    void *sym = dlsym(h, mangled_stencil_name().c_str());
    if (!sym) sym = dlsym(h, kName); /* a generated file with C linkage */
    if (!sym) {
      printf("TIME-FAIL stem=%s %s: neither %s nor %s is defined\n", stem.c_str(), path.c_str(),
             mangled_stencil_name().c_str(), kName);
      fflush(stdout);
      ++failed;
      continue;
    }
    g_stencil_fn = reinterpret_cast<stencil_fn_t>(sym);
    char extra[160];
    snprintf(extra, sizeof extra, " stem=%s load_ms=%.0f", stem.c_str(), ms_since(t0));
    const long nonfinite = time_generated(b, reps, extra);
    if (nonfinite < 0) return 3;
    if (nonfinite > 0) {
      printf("TIME-FAIL stem=%s %ld non-finite result cells\n", stem.c_str(), nonfinite);
      fflush(stdout);
      ++failed;
    }
    /* The shared setup is reported once, with the first plan. */
    b.setup_ms = b.pin_ms = 0;
  }
  release_timed_run(b);
  return failed ? 1 : 0;
}
#endif

/* ---------------------------------------------------------------- main */

#ifndef HARNESS_TIMER
static int usage(const char *prog) {
  fprintf(stderr,
          "usage: %s check N STEPS[,STEPS...] [SEED]\n"
          "       %s time N STEPS REPS\n"
          "(%s, REAL=%s, DIMS=%d, RADIUS=%d, FLOPS=%d)\n",
          prog, prog, kName, real_name(), DIMS, RADIUS, FLOPS);
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 2) return usage(argv[0]);
  const std::string mode = argv[1];
  long n = 0;
  if (mode == "check" && (argc == 4 || argc == 5)) {
    if (!parse_int(argv[2], 1, 1L << 20, &n)) return usage(argv[0]);
    long seed = 1;
    if (argc == 5 && !parse_int(argv[4], 0, 1L << 62, &seed)) return usage(argv[0]);
    std::vector<int> steps;
    std::string list = argv[3];
    size_t pos = 0;
    while (pos <= list.size()) {
      size_t comma = list.find(',', pos);
      if (comma == std::string::npos) comma = list.size();
      long s;
      if (!parse_int(list.substr(pos, comma - pos).c_str(), 0, 1L << 30, &s)) return usage(argv[0]);
      steps.push_back((int)s);
      pos = comma + 1;
    }
    setup_device();
    int rc = 0;
    for (int s : steps)
      if (run_check((int)n, s, (uint64_t)seed * 1000003ull + (uint64_t)s) != 0) rc = 1;
    return rc;
  }
  if (mode == "time" && argc == 5) {
    long steps, reps;
    if (!parse_int(argv[2], 1, 1L << 20, &n) || !parse_int(argv[3], 0, 1L << 30, &steps) ||
        !parse_int(argv[4], 1, 100000, &reps))
      return usage(argv[0]);
    setup_device();
    return run_time((int)n, (int)steps, (int)reps);
  }
  return usage(argv[0]);
}
#else
static int usage(const char *prog) {
  fprintf(stderr,
          "usage: %s time-libs N STEPS REPS DEADLINE STEM=LIB.so [STEM=LIB.so ...]\n"
          "(timer for %s, REAL=%s, DIMS=%d, RADIUS=%d, FLOPS=%d)\n",
          prog, kName, real_name(), DIMS, RADIUS, FLOPS);
  return 2;
}

int main(int argc, char **argv) {
  long n, steps, reps, deadline;
  if (argc < 7 || std::string(argv[1]) != "time-libs" || !parse_int(argv[2], 1, 1L << 20, &n) ||
      !parse_int(argv[3], 0, 1L << 30, &steps) || !parse_int(argv[4], 1, 100000, &reps) ||
      !parse_int(argv[5], 0, 1L << 40, &deadline))
    return usage(argv[0]);
  for (int k = 6; k < argc; ++k) {
    const char *eq = strchr(argv[k], '=');
    if (!eq || eq == argv[k] || !eq[1]) return usage(argv[0]);
  }
  setup_device();
  return run_time_libs((int)n, (int)steps, (int)reps, deadline, argc - 6, argv + 6);
}
#endif
