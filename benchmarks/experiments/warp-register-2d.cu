// warp-register-2d.cu: a hand-written prototype of the register-only,
// warp-shuffle temporal blocking of paper 003 (GPU-UniCache's RegCache
// with thread coarsening), for star2d1r, to decide whether stencilcc should
// generate it. Not a stencilcc output; benchmarks/experiments/README.md.
//
// Each warp is an independent tile: lane l holds C consecutive cells of a
// row, streams down a segment of rows, and keeps a queue of 2R+1 rows per
// time level in registers. The row neighbours across lanes come from
// __shfl_up/down_sync; there is no shared memory and no __syncthreads.
// Every level shrinks the valid cells by R on each side, so a warp writes
// 32*C - 2*R*BT cells per row.
//
// Build: nvcc -O3 -std=c++20 -arch=sm_90 -Xptxas -v warp-register-2d.cu
// Run:   ./a.out [n] [steps]   (checks at n=1024 against a CPU reference first)
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <algorithm>
#include <utility>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(e_));                                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr unsigned kFull = 0xffffffffu;

template <typename T> struct Coef { T n, w, c, e, s; };

template <typename T> __host__ __device__ Coef<T> star2d1rCoef() {
  return {(T)0.214382, (T)0.178541, (T)0.236534, (T)0.200692, (T)0.164851};
}

// C consecutive values from an aligned address, in 16-byte loads.
template <typename T, int C>
__device__ __forceinline__ void loadVec(T (&v)[C], const T *p) {
  if constexpr (sizeof(T) == 4 && C % 4 == 0) {
#pragma unroll
    for (int i = 0; i < C / 4; ++i) {
      float4 f = __ldg(reinterpret_cast<const float4 *>(p) + i);
      v[4 * i] = f.x; v[4 * i + 1] = f.y; v[4 * i + 2] = f.z; v[4 * i + 3] = f.w;
    }
  } else if constexpr (sizeof(T) == 4 && C % 2 == 0) {
#pragma unroll
    for (int i = 0; i < C / 2; ++i) {
      float2 f = __ldg(reinterpret_cast<const float2 *>(p) + i);
      v[2 * i] = f.x; v[2 * i + 1] = f.y;
    }
  } else if constexpr (sizeof(T) == 8 && C % 2 == 0) {
#pragma unroll
    for (int i = 0; i < C / 2; ++i) {
      double2 f = __ldg(reinterpret_cast<const double2 *>(p) + i);
      v[2 * i] = f.x; v[2 * i + 1] = f.y;
    }
  } else {
#pragma unroll
    for (int i = 0; i < C; ++i) v[i] = __ldg(p + i);
  }
}

template <typename T, int C>
__device__ __forceinline__ void storeVec(T *p, const T (&v)[C]) {
  if constexpr (sizeof(T) == 4 && C % 4 == 0) {
#pragma unroll
    for (int i = 0; i < C / 4; ++i)
      reinterpret_cast<float4 *>(p)[i] =
          make_float4(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]);
  } else if constexpr (sizeof(T) == 4 && C % 2 == 0) {
#pragma unroll
    for (int i = 0; i < C / 2; ++i)
      reinterpret_cast<float2 *>(p)[i] = make_float2(v[2 * i], v[2 * i + 1]);
  } else if constexpr (sizeof(T) == 8 && C % 2 == 0) {
#pragma unroll
    for (int i = 0; i < C / 2; ++i)
      reinterpret_cast<double2 *>(p)[i] = make_double2(v[2 * i], v[2 * i + 1]);
  } else {
#pragma unroll
    for (int i = 0; i < C; ++i) p[i] = v[i];
  }
}

// One warp's segment. EDGE: the tile or segment touches the array's edge,
// so loads are guarded and boundary cells keep their value. LAG: level L
// trails level L-1 by R+1 rows, so that it only reads rows made in earlier
// steps and the levels of one step are independent (instruction-level
// parallelism) instead of a chain.
template <typename T, int C, int BT, bool LAG, bool EDGE>
__device__ __forceinline__ void runSegment(const T *__restrict__ src,
                                           T *__restrict__ dst, int n, int x0,
                                           int yB, int yE, int lane) {
  constexpr int R = 1, H = R * BT;
  constexpr int Q = LAG ? 2 * R + 2 : 2 * R + 1; // queue slots per level
  constexpr int D = LAG ? R + 1 : R;             // rows level L trails L-1
  static_assert(H % C == 0, "a lane is either all halo or all output");
  const Coef<T> k = star2d1rCoef<T>();
  const int yS = yB - H;
  const int steps = yE - yS + BT * D;
  const bool outLane = lane * C >= H && lane * C + C <= 32 * C - H;

  T q[BT][Q][C];
#pragma unroll
  for (int l = 0; l < BT; ++l)
#pragma unroll
    for (int s = 0; s < Q; ++s)
#pragma unroll
      for (int c = 0; c < C; ++c) q[l][s][c] = 0;

  bool colIn[C], colArr[C];
#pragma unroll
  for (int c = 0; c < C; ++c) {
    colIn[c] = x0 + c >= 1 && x0 + c < n - 1;
    colArr[c] = x0 + c >= 0 && x0 + c < n;
  }
  auto load = [&](T(&v)[C], int y) {
    if constexpr (!EDGE) {
      loadVec<T, C>(v, src + (long)y * n + x0);
    } else {
      const bool rowArr = y >= 0 && y < n;
#pragma unroll
      for (int c = 0; c < C; ++c)
        v[c] = rowArr && colArr[c] ? src[(long)y * n + x0 + c] : T(0);
    }
  };

  T next[C];
  if constexpr (!LAG) load(next, yS);

  auto step = [&]<int PH>(int i) {
    const int yl = yS + i;
    if constexpr (LAG) {
      if (yl < yE + H) load(q[0][PH], yl); // level 1 reads it next step
    } else {
#pragma unroll
      for (int c = 0; c < C; ++c) q[0][PH][c] = next[c];
      if (i + 1 < steps) load(next, yl + 1);
    }
#pragma unroll
    for (int L = 1; L <= BT; ++L) {
      // Level L makes row yy = yl - L*D from rows yy-R .. yy+R of L-1.
      const int sN = ((PH - L * D - R) % Q + Q) % Q;
      const int sC = ((PH - L * D) % Q + Q) % Q;
      const int sS = ((PH - L * D + R) % Q + Q) % Q;
      const T(&up)[C] = q[L - 1][sN];
      const T(&mid)[C] = q[L - 1][sC];
      const T(&dn)[C] = q[L - 1][sS];
      const T left = __shfl_up_sync(kFull, mid[C - 1], 1);
      const T right = __shfl_down_sync(kFull, mid[0], 1);
      T out[C];
#pragma unroll
      for (int c = 0; c < C; ++c) {
        const T w = c == 0 ? left : mid[c - 1 < 0 ? 0 : c - 1];
        const T e = c == C - 1 ? right : mid[c + 1 < C ? c + 1 : C - 1];
        out[c] = k.n * up[c] + k.w * w + k.c * mid[c] + k.e * e + k.s * dn[c];
      }
      const int yy = yl - L * D;
      if constexpr (EDGE) {
        const bool rowIn = yy >= 1 && yy < n - 1;
#pragma unroll
        for (int c = 0; c < C; ++c)
          out[c] = rowIn && colIn[c] ? out[c] : mid[c];
      }
      if (L < BT) {
#pragma unroll
        for (int c = 0; c < C; ++c) q[L < BT ? L : 0][sC][c] = out[c];
      } else if (yy >= yB && outLane) {
        if constexpr (!EDGE) {
          storeVec<T, C>(dst + (long)yy * n + x0, out);
        } else {
#pragma unroll
          for (int c = 0; c < C; ++c)
            if (colIn[c] && yy >= 1 && yy < n - 1)
              dst[(long)yy * n + x0 + c] = out[c];
        }
      }
    }
  };

  int i = 0;
  for (; i + Q <= steps; i += Q)
    [&]<int... P>(std::integer_sequence<int, P...>) {
      (step.template operator()<P>(i + P), ...);
    }(std::make_integer_sequence<int, Q>{});
  [&]<int... P>(std::integer_sequence<int, P...>) {
    ((i + P < steps ? step.template operator()<P>(i + P) : void()), ...);
  }(std::make_integer_sequence<int, Q - 1>{});
}

template <typename T, int C, int BT, bool LAG, int WARPS>
__global__ void __launch_bounds__(32 * WARPS)
    warpRegisterStar2d1r(const T *__restrict__ src, T *__restrict__ dst,
                         int n, int seg) {
  constexpr int H = BT, W = 32 * C - 2 * H;
  const int lane = threadIdx.x & 31;
  const int tile = blockIdx.x * WARPS + (threadIdx.x >> 5);
  const int tileX = tile * W;            // first output cell of the warp
  if (tileX >= n) return;
  const int x0 = tileX - H + lane * C;   // first cell of the lane
  const int yB = 1 + blockIdx.y * seg;
  const int yE = min(yB + seg, n - 1);
  const bool edge = tileX - H < 0 || tileX + W + H > n || yB - H < 0 ||
                    yE + H > n;
  if (edge)
    runSegment<T, C, BT, LAG, true>(src, dst, n, x0, yB, yE, lane);
  else
    runSegment<T, C, BT, LAG, false>(src, dst, n, x0, yB, yE, lane);
}

template <typename T> void cpuStep(const T *a, T *b, int n) {
  const Coef<T> k = star2d1rCoef<T>();
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      b[(long)i * n + j] = k.n * a[(long)(i - 1) * n + j] + k.w * a[(long)i * n + j - 1] +
                           k.c * a[(long)i * n + j] + k.e * a[(long)i * n + j + 1] +
                           k.s * a[(long)(i + 1) * n + j];
}

template <typename T, int C, int BT, bool LAG, int WARPS>
double runConfig(int n, int steps, int seg, const std::vector<T> &init,
                 std::vector<T> *result) {
  constexpr int W = 32 * C - 2 * BT;
  const size_t bytes = (size_t)n * n * sizeof(T);
  T *a, *b;
  CK(cudaMalloc(&a, bytes));
  CK(cudaMalloc(&b, bytes));
  CK(cudaMemcpy(a, init.data(), bytes, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, init.data(), bytes, cudaMemcpyHostToDevice));
  const int tiles = (n + W - 1) / W;
  dim3 grid((tiles + WARPS - 1) / WARPS, (n - 2 + seg - 1) / seg);
  const int launches = steps / BT;
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  CK(cudaEventRecord(e0));
  for (int l = 0; l < launches; ++l) {
    warpRegisterStar2d1r<T, C, BT, LAG, WARPS><<<grid, 32 * WARPS>>>(a, b, n, seg);
    std::swap(a, b);
  }
  CK(cudaEventRecord(e1));
  CK(cudaEventSynchronize(e1));
  CK(cudaGetLastError());
  float ms = 0;
  CK(cudaEventElapsedTime(&ms, e0, e1));
  if (result) {
    result->resize((size_t)n * n);
    CK(cudaMemcpy(result->data(), a, bytes, cudaMemcpyDeviceToHost));
  }
  CK(cudaFree(a));
  CK(cudaFree(b));
  return ms;
}

template <typename T, int C, int BT, bool LAG, int WARPS>
bool check(int seg) {
  const int n = 2048, steps = 3 * BT;
  std::vector<T> init((size_t)n * n);
  srand(7);
  for (auto &v : init) v = (T)(rand() % 1000) / (T)1000;
  std::vector<T> got;
  runConfig<T, C, BT, LAG, WARPS>(n, steps, seg, init, &got);
  std::vector<T> a = init, b = init;
  for (int s = 0; s < steps; ++s) {
    cpuStep(a.data(), b.data(), n);
    std::swap(a, b);
  }
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, (double)std::fabs(a[i] - got[i]) /
                                std::max(1e-30, (double)std::fabs(a[i])));
  const bool ok = worst < (sizeof(T) == 4 ? 1e-4 : 1e-12);
  return ok ? true : (std::printf("  worst relative error %g\n", worst), false);
}

template <typename T, int C, int BT, bool LAG, int WARPS>
void bench(const char *real, int n, int steps, int seg) {
  const bool ok = check<T, C, BT, LAG, WARPS>(seg);
  std::vector<T> init((size_t)n * n, (T)0.5);
  const int s = steps / BT * BT;
  runConfig<T, C, BT, LAG, WARPS>(n, 2 * BT, seg, init, nullptr); // warm-up
  double best = 1e30;
  for (int r = 0; r < 3; ++r)
    best = std::min(best, runConfig<T, C, BT, LAG, WARPS>(n, s, seg, init, nullptr));
  const double gcells = (double)(n - 2) * (n - 2) * s / (best * 1e-3) / 1e9;
  std::printf("WARPREG real=%s C=%d BT=%d lag=%d warps=%d seg=%d check=%s steps=%d ms=%.3f "
              "gcells=%.1f\n",
              real, C, BT, (int)LAG, WARPS, seg, ok ? "ok" : "FAIL", s, best, gcells);
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 16384;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 1000;
  if (argc > 3) { // quick: the best float configuration only
    bench<float, 4, 12, true, 4>("float", n, steps, 256);
    return 0;
  }
  bench<float, 4, 8, false, 4>("float", n, steps, 256);
  bench<float, 4, 8, true, 4>("float", n, steps, 256);
  bench<float, 4, 12, false, 4>("float", n, steps, 256);
  bench<float, 4, 12, true, 4>("float", n, steps, 256);
  bench<float, 4, 12, true, 4>("float", n, steps, 512);
  bench<float, 4, 16, true, 4>("float", n, steps, 512);
  bench<float, 4, 8, true, 2>("float", n, steps, 256);
  bench<float, 2, 8, true, 4>("float", n, steps, 256);
  bench<float, 2, 12, true, 4>("float", n, steps, 256);
  bench<float, 8, 8, true, 4>("float", n, steps, 256);
  bench<double, 4, 8, false, 4>("double", n, steps, 256);
  bench<double, 4, 8, true, 4>("double", n, steps, 256);
  bench<double, 2, 8, true, 4>("double", n, steps, 256);
  bench<double, 2, 12, true, 4>("double", n, steps, 256);
  bench<double, 4, 12, true, 4>("double", n, steps, 256);
  return 0;
}
