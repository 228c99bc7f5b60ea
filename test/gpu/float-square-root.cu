// float-square-root.cu: the helpers of kernels-templates/float-square-root.cu.in
// against CUDA's IEEE double sqrt and division (stencilcc_sqrt_f,
// stencilcc_rsqrt_f) and float sqrtf and division (stencilcc_sqrtf_rn,
// stencilcc_rsqrtf_rn; their _large variants for every x of at least
// 2^-100, +infinity and NaN, the operands they are emitted for), for all
// 2^32 float bit patterns, on the GPU (the seed is the GPU's rsqrtf, which the CPU tests
// cannot reproduce). Run by benchmarks/run-gpu.sh; compiled in CI by
// test/nvcc/compile-helper-checks.sh.
//   nvcc -arch=sm_90 -O3 -o float-square-root test/gpu/float-square-root.cu
//   ./float-square-root      exit 0: no mismatch; 1: mismatches (listed)
#include <cstdio>
#include <cstring>

#include "../../kernels-templates/float-square-root.cu.in"

namespace {

constexpr int kHelpers = 6;
__device__ unsigned long long Mismatches[kHelpers];
__device__ unsigned FirstMismatch[kHelpers][4];

/// Bitwise equal, or both NaN (IEEE leaves the NaN's payload open).
__device__ bool sameDouble(double A, double B) {
  return (A != A && B != B) || __double_as_longlong(A) == __double_as_longlong(B);
}

__device__ bool sameFloat(float A, float B) {
  return (A != A && B != B) || __float_as_uint(A) == __float_as_uint(B);
}

__device__ void record(int Which, unsigned Bits) {
  unsigned long long K = atomicAdd(&Mismatches[Which], 1ull);
  if (K < 4)
    FirstMismatch[Which][K] = Bits;
}

__global__ void checkAll(unsigned long long Base) {
  const unsigned Bits =
      (unsigned)(Base + blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x);
  const float X = __uint_as_float(Bits);
  const double D = X;
  if (!sameDouble(stencilcc_sqrt_f(X), sqrt(D)))
    record(0, Bits);
  if (!sameDouble(stencilcc_rsqrt_f(X), 1.0 / sqrt(D)))
    record(1, Bits);
  if (!sameFloat(stencilcc_sqrtf_rn(X), sqrtf(X)))
    record(2, Bits);
  if (!sameFloat(stencilcc_rsqrtf_rn(X), 1.0f / sqrtf(X)))
    record(3, Bits);
  if (X >= 0x1p-100f || X != X) {
    if (!sameFloat(stencilcc_sqrtf_rn_large(X), sqrtf(X)))
      record(4, Bits);
    if (!sameFloat(stencilcc_rsqrtf_rn_large(X), 1.0f / sqrtf(X)))
      record(5, Bits);
  }
}

} // namespace

int main() {
  const unsigned long long Chunk = 1ull << 30;
  for (unsigned long long Base = 0; Base < (1ull << 32); Base += Chunk)
    checkAll<<<Chunk / 256, 256>>>(Base);
  cudaError_t Status = cudaDeviceSynchronize();
  if (Status != cudaSuccess) {
    std::fprintf(stderr, "float-square-root: %s\n", cudaGetErrorString(Status));
    return 2;
  }
  unsigned long long Count[kHelpers];
  unsigned First[kHelpers][4];
  cudaMemcpyFromSymbol(Count, Mismatches, sizeof Count);
  cudaMemcpyFromSymbol(First, FirstMismatch, sizeof First);
  const char *Names[kHelpers] = {"stencilcc_sqrt_f", "stencilcc_rsqrt_f",
                                 "stencilcc_sqrtf_rn", "stencilcc_rsqrtf_rn",
                                 "stencilcc_sqrtf_rn_large", "stencilcc_rsqrtf_rn_large"};
  std::printf("float-square-root: all 2^32 floats:");
  unsigned long long Total = 0;
  for (int W = 0; W < kHelpers; ++W) {
    std::printf("%s %s %llu mismatches", W ? "," : "", Names[W], Count[W]);
    Total += Count[W];
  }
  std::printf("\n");
  for (int W = 0; W < kHelpers; ++W)
    for (unsigned long long K = 0; K < Count[W] && K < 4; ++K) {
      float X;
      std::memcpy(&X, &First[W][K], sizeof X);
      std::printf("  %s mismatch at x = %a\n", Names[W], X);
    }
  return Total == 0 ? 0 : 1;
}
