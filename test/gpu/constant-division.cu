// constant-division.cu: stencilcc_div_split (kernels-templates/constant-division.cu.in)
// with the split that stencilcc's splitReciprocal checks on the host, against CUDA's IEEE
// division x / c, for all 2^32 float bit patterns x, on the GPU, for the divisors of the
// benchmark suite (j2d5pt, j2d9pt-gol, j2d9pt, j3d27pt) and a few others. Mismatches are
// allowed only where the template says they may occur: |x| below 2^-100 |c| (x*lo
// subnormal) or a quotient within a factor 2 of overflow. Run by benchmarks/run-gpu.sh;
// compiled in CI by test/nvcc/compile-helper-checks.sh.
//   nvcc -arch=sm_90 -O3 -I include -o constant-division test/gpu/constant-division.cu
//   ./constant-division      exit 0: no mismatch; 1: mismatches (listed)
#include <cmath>
#include <cstdio>
#include <cstring>

#include "../../kernels-templates/constant-division.cu.in"
#include "../../lib/Analysis/ReciprocalSplit.cpp"

namespace {

__device__ unsigned long long Mismatches, Excused;
__device__ unsigned FirstMismatch[4];

__global__ void checkAll(unsigned long long Base, float C, float Hi, float Lo) {
  const unsigned Bits =
      (unsigned)(Base + blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x);
  const float X = __uint_as_float(Bits);
  const float Q = X / C, S = stencilcc_div_split(X, Hi, Lo);
  if ((Q != Q && S != S) || __float_as_uint(Q) == __float_as_uint(S))
    return;
  if (fabsf(X) < 0x1p-100f * fabsf(C) || fabsf(Q) > 0x1p126f) {
    atomicAdd(&Excused, 1ull);
    return;
  }
  unsigned long long K = atomicAdd(&Mismatches, 1ull);
  if (K < 4)
    FirstMismatch[K] = Bits;
}

} // namespace

int main() {
  const float Divisors[] = {6.1942f, 10.811f, 10.623f, 33.832f, 3.0f, -9.0f, 0.1f, 12.345e6f};
  char Details[64][160];
  int Lines = 0, Checked = 0;
  unsigned long long Total = 0, TotalNear = 0;
  for (float C : Divisors) {
    std::optional<stencilcc::ReciprocalSplit> S = stencilcc::splitReciprocal(C);
    if (!S) {
      std::snprintf(Details[Lines++], sizeof Details[0],
                    "  %g: no split (stencilcc_div_rn is used)", C);
      continue;
    }
    const unsigned long long Zero = 0;
    cudaMemcpyToSymbol(Mismatches, &Zero, sizeof Zero);
    cudaMemcpyToSymbol(Excused, &Zero, sizeof Zero);
    const unsigned long long Chunk = 1ull << 30;
    for (unsigned long long Base = 0; Base < (1ull << 32); Base += Chunk)
      checkAll<<<Chunk / 256, 256>>>(Base, C, S->Hi, S->Lo);
    cudaError_t Status = cudaDeviceSynchronize();
    if (Status != cudaSuccess) {
      std::fprintf(stderr, "constant-division: %s\n", cudaGetErrorString(Status));
      return 2;
    }
    unsigned long long Count, Near;
    unsigned First[4];
    cudaMemcpyFromSymbol(&Count, Mismatches, sizeof Count);
    cudaMemcpyFromSymbol(&Near, Excused, sizeof Near);
    cudaMemcpyFromSymbol(First, FirstMismatch, sizeof First);
    ++Checked;
    Total += Count;
    TotalNear += Near;
    std::snprintf(Details[Lines++], sizeof Details[0],
                  "  x / %g (hi %a, lo %a): %llu mismatches, %llu at the ends of the range", C,
                  S->Hi, S->Lo, Count, Near);
    for (unsigned long long K = 0; K < Count && K < 4; ++K) {
      float X;
      std::memcpy(&X, &First[K], sizeof X);
      std::snprintf(Details[Lines++], sizeof Details[0], "    mismatch at x = %a", X);
    }
  }
  std::printf("constant-division: stencilcc_div_split, all 2^32 floats for %d divisors: %llu "
              "mismatches (%llu more at the ends of the range)\n",
              Checked, Total, TotalNear);
  for (int L = 0; L < Lines; ++L)
    std::printf("%s\n", Details[L]);
  return Total == 0 && Checked > 0 ? 0 : 1;
}
