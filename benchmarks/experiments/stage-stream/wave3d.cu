// Experiment: one time step per launch of the 3D 8th-order wave
// (benchmarks/stage/wave3d_o8.c) three ways, timed and compared in one run:
//   naive   one thread per cell (stencilcc's stage naive kernel, 32-bit)
//   stream  a thread per (j, k) column streams a segment of i, the column's
//           U1 values in a register window, in-plane neighbours from L1
//   smem    as stream, in-plane neighbours from a shared-memory plane
// nvcc -O3 -arch=sm_90 wave3d.cu -o wave3d && ./wave3d N STEPS
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cmath>
#include <algorithm>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

__device__ __forceinline__ float lapc(float c, float a1, float a2, float a3, float a4) {
  return -8.5416666666666667f * c + 1.6f * a1 - 0.2f * a2 + 0.025396825396825397f * a3 - 0.0017857142857142857f * a4;
}

__global__ void __launch_bounds__(256) naive(const float *__restrict__ U1, const float *__restrict__ U0,
                                             float *__restrict__ U2, const float *__restrict__ V,
                                             const float *__restrict__ D, int n) {
  const int i = 4 + blockIdx.z * blockDim.z + threadIdx.z;
  const int j = 4 + blockIdx.y * blockDim.y + threadIdx.y;
  const int k = 4 + blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 4 || j >= n - 4 || k >= n - 4) return;
  const int P = n * n, c = (i * n + j) * n + k;
  float s[5];
  s[0] = U1[c];
  for (int r = 1; r <= 4; ++r)
    s[r] = U1[c - r * P] + U1[c + r * P] + U1[c - r * n] + U1[c + r * n] + U1[c - r] + U1[c + r];
  const float d = D[c];
  U2[c] = (2.0f - d) * U1[c] - (1.0f - d) * U0[c] + V[c] * lapc(s[0], s[1], s[2], s[3], s[4]);
}

// stencilcc's naive stage kernel as generated (64-bit indices, levels by t % 3)
__global__ void generated_naive(float *__restrict__ U, const float *__restrict__ D, const float *__restrict__ V, const long t, const long p_n)
{
  const long i = 4 + (long)blockIdx.z * blockDim.z + threadIdx.z;
  const long j = 4 + (long)blockIdx.y * blockDim.y + threadIdx.y;
  const long k = 4 + (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p_n - 4 || j >= p_n - 4 || k >= p_n - 4)
    return;
  U[((((t + 2) % 3) * p_n + i) * p_n + j) * p_n + k] = (float)(((float)2.0 - D[(i * p_n + j) * p_n + k]) * U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + k] - ((float)1.0 - D[(i * p_n + j) * p_n + k]) * U[(((t % 3) * p_n + i) * p_n + j) * p_n + k] + V[(i * p_n + j) * p_n + k] * ((float)-8.5416666666666667 * U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + k] + (float)1.6 * (U[((((t + 1) % 3) * p_n + (i - 1)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + (i + 1)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j - 1)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j + 1)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k - 1)] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k + 1)]) - (float)0.2 * (U[((((t + 1) % 3) * p_n + (i - 2)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + (i + 2)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j - 2)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j + 2)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k - 2)] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k + 2)]) + (float)0.025396825396825397 * (U[((((t + 1) % 3) * p_n + (i - 3)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + (i + 3)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j - 3)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j + 3)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k - 3)] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k + 3)]) - (float)0.0017857142857142857 * (U[((((t + 1) % 3) * p_n + (i - 4)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + (i + 4)) * p_n + j) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j - 4)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + (j + 4)) * p_n + k] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k - 4)] + U[((((t + 1) % 3) * p_n + i) * p_n + j) * p_n + (k + 4)])));
}

template <int SEG>
__global__ void __launch_bounds__(256) stream(const float *__restrict__ U1, const float *__restrict__ U0,
                                              float *__restrict__ U2, const float *__restrict__ V,
                                              const float *__restrict__ D, int n) {
  const int k = 4 + blockIdx.x * 32 + threadIdx.x;
  const int j = 4 + blockIdx.y * 8 + threadIdx.y;
  const int i0 = 4 + blockIdx.z * SEG, i1 = min(i0 + SEG, n - 4);
  if (k >= n - 4 || j >= n - 4) return;
  const int P = n * n;
  int c = (i0 * n + j) * n + k;
  float w[9];
#pragma unroll
  for (int q = 0; q < 8; ++q) w[q] = U1[c + (q - 4) * P];
  for (int i = i0; i < i1; ++i, c += P) {
    w[8] = U1[c + 4 * P];
    float s[5];
    s[0] = w[4];
#pragma unroll
    for (int r = 1; r <= 4; ++r)
      s[r] = w[4 - r] + w[4 + r] + U1[c - r * n] + U1[c + r * n] + U1[c - r] + U1[c + r];
    const float d = D[c];
    U2[c] = (2.0f - d) * w[4] - (1.0f - d) * U0[c] + V[c] * lapc(s[0], s[1], s[2], s[3], s[4]);
#pragma unroll
    for (int q = 0; q < 8; ++q) w[q] = w[q + 1];
  }
}

// BX x BY threads own BX x BY columns; the plane tile has a halo of 4.
template <int SEG, int BX, int BY>
__global__ void __launch_bounds__(BX * BY) smem(const float *__restrict__ U1, const float *__restrict__ U0,
                                               float *__restrict__ U2, const float *__restrict__ V,
                                               const float *__restrict__ D, int n) {
  constexpr int TX = BX + 8, TY = BY + 8;
  __shared__ float tile[2][TY][TX];
  const int k0 = 4 + blockIdx.x * BX, j0 = 4 + blockIdx.y * BY;
  const int k = k0 + threadIdx.x, j = j0 + threadIdx.y;
  const int i0 = 4 + blockIdx.z * SEG, i1 = min(i0 + SEG, n - 4);
  const bool own = k < n - 4 && j < n - 4;
  const int P = n * n, tid = threadIdx.y * BX + threadIdx.x;
  int c = (i0 * n + j) * n + k;
  float w[9];
#pragma unroll
  for (int q = 0; q < 8; ++q) w[q] = own ? U1[c + (q - 4) * P] : 0.0f;
  int b = 0;
  for (int i = i0; i < i1; ++i, c += P, b ^= 1) {
    // plane i of U1 into the tile (cells past the grid are never read)
    for (int e = tid; e < TX * TY; e += BX * BY) {
      const int ty = e / TX, tx = e % TX, gj = j0 - 4 + ty, gk = k0 - 4 + tx;
      if (gj < n && gk < n) tile[b][ty][tx] = U1[(i * n + gj) * n + gk];
    }
    __syncthreads();
    if (own) {
      w[8] = U1[c + 4 * P];
      const int y = threadIdx.y + 4, x = threadIdx.x + 4;
      float s[5];
      s[0] = w[4];
#pragma unroll
      for (int r = 1; r <= 4; ++r)
        s[r] = w[4 - r] + w[4 + r] + tile[b][y - r][x] + tile[b][y + r][x] + tile[b][y][x - r] + tile[b][y][x + r];
      const float d = D[c];
      U2[c] = (2.0f - d) * w[4] - (1.0f - d) * U0[c] + V[c] * lapc(s[0], s[1], s[2], s[3], s[4]);
#pragma unroll
      for (int q = 0; q < 8; ++q) w[q] = w[q + 1];
    }
  }
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 512, T = argc > 2 ? atoi(argv[2]) : 100;
  const size_t N = (size_t)n * n * n;
  std::vector<float> h(N);
  float *U[3], *V, *D, *Ref;
  float *Ubase;
  CHECK(cudaMalloc(&Ubase, 3 * N * 4));
  for (int l = 0; l < 3; ++l) U[l] = Ubase + l * N;
  CHECK(cudaMalloc(&V, N * 4)); CHECK(cudaMalloc(&D, N * 4)); CHECK(cudaMalloc(&Ref, N * 4));
  auto fill = [&](float *p, unsigned seed, float lo, float span) {
    srand(seed);
    for (size_t x = 0; x < N; ++x) h[x] = lo + span * (float)rand() / RAND_MAX;
    CHECK(cudaMemcpy(p, h.data(), N * 4, cudaMemcpyHostToDevice));
  };
  cudaEvent_t a, z;
  cudaEventCreate(&a); cudaEventCreate(&z);
  auto reset = [&]() { fill(U[0], 1, -0.5f, 1); fill(U[1], 2, -0.5f, 1); fill(U[2], 3, -0.5f, 1); };
  fill(V, 4, 0.02f, 0.1f); fill(D, 5, 0.0f, 0.05f);
  const int m = n - 8;
  auto run = [&](const char *name, auto launch) {
    reset();
    for (int t = 0; t < 3; ++t) launch(U[(t + 1) % 3], U[t % 3], U[(t + 2) % 3]);
    reset();
    CHECK(cudaDeviceSynchronize());
    cudaEventRecord(a);
    for (int t = 0; t < T; ++t) launch(U[(t + 1) % 3], U[t % 3], U[(t + 2) % 3]);
    cudaEventRecord(z);
    CHECK(cudaEventSynchronize(z));
    CHECK(cudaGetLastError());
    float ms; cudaEventElapsedTime(&ms, a, z);
    double gc = (double)m * m * m * T / (ms * 1e-3) / 1e9;
    // compare the last level written with the naive run's
    const float *last = U[(T - 1 + 2) % 3];
    static std::vector<float> ref;
    std::vector<float> got(N);
    CHECK(cudaMemcpy(got.data(), last, N * 4, cudaMemcpyDeviceToHost));
    double err = 0;
    if (ref.empty()) ref = got;
    else for (size_t x = 0; x < N; ++x) err = std::max(err, (double)std::fabs(got[x] - ref[x]));
    printf("%-16s %8.2f ms  %7.1f GCells/s  max|diff| vs naive %.3g\n", name, ms, gc, err);
    return gc;
  };
  double base = run("naive", [&](float *u1, float *u0, float *u2) {
    naive<<<dim3((m + 31) / 32, (m + 3) / 4, (m + 1) / 2), dim3(32, 4, 2)>>>(u1, u0, u2, V, D, n); });
  double g;
  {
    g = run("naive generated", [&](float *u1, float *u0, float *u2) {
      (void)u0; (void)u2;
      // the level pointers give t back: U1 = U[(t + 1) % 3]
      const long lt = ((u1 - Ubase) / (long)N + 2) % 3;
      generated_naive<<<dim3((m + 31) / 32, (m + 3) / 4, (m + 1) / 2), dim3(32, 4, 2)>>>(Ubase, D, V, lt, n); });
    printf("  ratio %.3f\n", g / base);
  }
#define STREAM(SEG) g = run("stream seg=" #SEG, [&](float *u1, float *u0, float *u2) { \
    stream<SEG><<<dim3((m + 31) / 32, (m + 7) / 8, (m + SEG - 1) / SEG), dim3(32, 8)>>>(u1, u0, u2, V, D, n); }); \
    printf("  ratio %.3f\n", g / base);
  STREAM(16) STREAM(32) STREAM(64) STREAM(128)
#define SMEM(SEG, BX, BY) g = run("smem " #SEG " " #BX "x" #BY, [&](float *u1, float *u0, float *u2) { \
    smem<SEG, BX, BY><<<dim3((m + BX - 1) / BX, (m + BY - 1) / BY, (m + SEG - 1) / SEG), dim3(BX, BY)>>>(u1, u0, u2, V, D, n); }); \
    printf("  ratio %.3f\n", g / base);
  SMEM(32, 32, 8) SMEM(64, 32, 8) SMEM(64, 32, 16) SMEM(128, 32, 16) SMEM(64, 64, 8) SMEM(128, 64, 8)
  return 0;
}
