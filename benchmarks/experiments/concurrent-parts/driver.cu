// Experiment: does splitting one grid into P parts, each run from its own host thread (so its
// own per-thread default stream) with its own buffers, recover the throughput a single launch
// sequence loses at small sizes (the tail of each launch)? Times, for a 2D grid of M x N cells
// (M rows along the streaming dimension), STEPS steps of the generated run function RUN
// (compile with -DRUN=stencilcc_kernel_<name>_r0_run and -include <generated .cu>):
//   P = 1: the whole grid; P > 1: P slabs of M/P rows plus GHOST rows a side, concurrently.
// No exchange between parts: an upper bound on what concurrent parts can give.
// Usage: driver M N STEPS P GHOST
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>
#include <cuda_runtime.h>

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: driver M N STEPS P GHOST\n");
    return 2;
  }
  const long m = atol(argv[1]), n = atol(argv[2]), steps = atol(argv[3]);
  const int parts = atoi(argv[4]);
  const long ghost = atol(argv[5]);
  std::vector<float *> buffers(parts);
  std::vector<long> rows(parts);
  for (int p = 0; p < parts; ++p) {
    rows[p] = m / parts + (p > 0 ? ghost : 0) + (p + 1 < parts ? ghost : 0);
    const size_t bytes = 2 * (size_t)rows[p] * n * sizeof(float);
    if (cudaMalloc(&buffers[p], bytes) != cudaSuccess) {
      fprintf(stderr, "cudaMalloc failed\n");
      return 1;
    }
    cudaMemset(buffers[p], 0, bytes);
  }
  cudaDeviceSynchronize();
  auto run_all = [&](long count) {
    std::vector<std::thread> threads;
    for (int p = 0; p < parts; ++p)
      threads.emplace_back([&, p] {
        long extent[2] = {rows[p], n}, lower[2] = {1, 1}, upper[2] = {rows[p] - 1, n - 1};
        int frames = 0;
        RUN(buffers[p], 0, count, extent, lower, upper, true, &frames);
        cudaStreamSynchronize(cudaStreamPerThread);
      });
    for (auto &t : threads)
      t.join();
  };
  run_all(24); // warm-up
  double best = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    cudaDeviceSynchronize();
    const auto start = std::chrono::steady_clock::now();
    run_all(steps);
    cudaDeviceSynchronize();
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    best = s < best ? s : best;
  }
  const cudaError_t err = cudaGetLastError();
  printf("M=%ld N=%ld parts=%d ghost=%ld steps=%ld: %.3f ms, %.1f GCells/s (useful cells) %s\n", m, n,
         parts, ghost, steps, best * 1e3, (double)m * n * steps / best / 1e9,
         err == cudaSuccess ? "" : cudaGetErrorString(err));
  return 0;
}
