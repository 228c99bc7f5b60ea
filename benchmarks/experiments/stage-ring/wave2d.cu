// Experiment: the 2D 8th-order wave (benchmarks/stage/wave2d_o8.c: three
// levels by t % 3, a velocity field V and a damping field D) blocked in time
// with every version in a shared-memory ring and C contiguous cells per
// thread, read as 16-byte vectors:
//   naive   one thread per cell and step (stencilcc's naive stage kernel)
//   ring    bT sweeps per launch; sweep k computes plane p - 5k of version k
//           from version k-1's ring (planes q-4..q+4: 8 vector loads along
//           the stream, 1 + 8/C along the row) and version k-2's centre;
//           rings of 11 planes, one barrier per plane
// Both run the same steps from the same levels; the ring's last two levels
// are compared with the naive run's (not a CPU reference).
//   nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v wave2d.cu -o wave2d
//   ./wave2d N STEPS
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#define CHECK(x)                                                                \
  do {                                                                          \
    cudaError_t e = (x);                                                        \
    if (e != cudaSuccess) {                                                     \
      printf("%s: %s\n", #x, cudaGetErrorString(e));                            \
      exit(1);                                                                  \
    }                                                                           \
  } while (0)

template <typename R> struct Vec;
template <> struct Vec<float> {
  using T = float4;
  static constexpr int C = 4;
};
template <> struct Vec<double> {
  using T = double2;
  static constexpr int C = 2;
};

constexpr int RAD = 4, LAG = RAD + 1, SLOTS = 2 * RAD + 3;

template <typename F, int... J>
__device__ __forceinline__ void unrolled(F &f, int p, std::integer_sequence<int, J...>) {
  (f(std::integral_constant<int, J>{}, p + J), ...);
}

template <typename R>
__device__ __forceinline__ R wave(R c, R u0, R v, R d, R s1, R s2, R s3, R s4) {
  return ((R)2.0 - d) * c - ((R)1.0 - d) * u0 +
         v * ((R)-5.6944444444444444 * c + (R)1.6 * s1 - (R)0.2 * s2 +
              (R)0.025396825396825397 * s3 - (R)0.0017857142857142857 * s4);
}

template <typename R>
__global__ void __launch_bounds__(256) naive(const R *__restrict__ U1, const R *__restrict__ U0,
                                             R *__restrict__ U2, const R *__restrict__ V,
                                             const R *__restrict__ D, int n) {
  const int i = 4 + blockIdx.y * blockDim.y + threadIdx.y;
  const int j = 4 + blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 4 || j >= n - 4)
    return;
  const int c = i * n + j;
  R s[5];
  for (int r = 1; r <= 4; ++r)
    s[r] = U1[c - r * n] + U1[c + r * n] + U1[c - r] + U1[c + r];
  U2[c] = wave(U1[c], U0[c], V[c], D[c], s[1], s[2], s[3], s[4]);
}

template <typename R> __device__ __forceinline__ void put(typename Vec<R>::T &v, int m, R x);
template <> __device__ __forceinline__ void put<float>(float4 &v, int m, float x) {
  (m == 0 ? v.x : m == 1 ? v.y : m == 2 ? v.z : v.w) = x;
}
template <> __device__ __forceinline__ void put<double>(double2 &v, int m, double x) {
  (m == 0 ? v.x : v.y) = x;
}
template <typename R> __device__ __forceinline__ R get(const typename Vec<R>::T &v, int m);
template <> __device__ __forceinline__ float get<float>(const float4 &v, int m) {
  return m == 0 ? v.x : m == 1 ? v.y : m == 2 ? v.z : v.w;
}
template <> __device__ __forceinline__ double get<double>(const double2 &v, int m) {
  return m == 0 ? v.x : v.y;
}

// Block: T threads, W = T * C cells of a row, owning W - 2 * BT * RAD of
// them; rows [y0, y1) of its segment. Lb[l]: level l's buffer as the run
// began (its cells outside the interior never change). The walk is
// unrolled by the rings' length, so every ring slot is a constant.
template <typename R, int BT, int T>
__global__ void __launch_bounds__(T) ring(const R *__restrict__ In1, const R *__restrict__ In0,
                                          R *__restrict__ Out1, R *__restrict__ Out0,
                                          const R *__restrict__ V, const R *__restrict__ D,
                                          const R *__restrict__ Lb0, const R *__restrict__ Lb1,
                                          const R *__restrict__ Lb2, int t0, int n, int seg) {
  using VT = typename Vec<R>::T;
  constexpr int C = Vec<R>::C, W = T * C, H = BT * RAD, OW = W - 2 * H, PAD = RAD;
  constexpr int ROW = W + 2 * PAD;
  extern __shared__ __align__(16) unsigned char smem[];
  R *const rings = reinterpret_cast<R *>(smem) + PAD + threadIdx.x * C; // [BT][SLOTS][ROW]
  const int lx = threadIdx.x * C;               // first cell in the box
  const int x = (int)blockIdx.x * OW - H + lx;  // its grid column
  const int y0 = (int)blockIdx.y * seg, y1 = min(y0 + seg, n);
  const bool xin = x >= 0 && x < n;             // n is a multiple of C
  const bool owns = lx >= H && lx < W - H && xin;
  auto at = [&](int k, int s) -> R * { return rings + (k * SLOTS + s) * ROW; };
  auto ld = [&](const R *p, int q) -> VT { return *reinterpret_cast<const VT *>(p + (size_t)q * n + x); };
  // Sweep k's rows: [lo(k), hi(k)).
  auto lo = [&](int k) { return max(y0 - (BT - k) * RAD, 0); };
  auto hi = [&](int k) { return min(y1 + (BT - k) * RAD, n); };
  auto interior = [&](int q) { return q >= RAD && q < n - RAD; };
  VT nextIn = {}, gV[BT + 1], gD[BT + 1], gU0 = {};
  const int pBegin = y0 - H, pEnd = y1 + LAG * BT; // p in [pBegin, pEnd)
  auto prefetch = [&](int p) {
    if (p >= max(pBegin, 0) && p < hi(0) && xin)
      nextIn = ld(In1, p);
#pragma unroll
    for (int k = 1; k <= BT; ++k) {
      const int q = p - LAG * k;
      if (q >= lo(k) && q < hi(k) && interior(q) && xin) {
        gV[k] = ld(V, q);
        gD[k] = ld(D, q);
        if (k == 1)
          gU0 = ld(In0, q);
      }
    }
  };
  auto body = [&](auto J, int p) {
    constexpr int j = decltype(J)::value;
    constexpr auto slot = [](int o) { return ((o % SLOTS) + SLOTS) % SLOTS; };
    if (p >= max(pBegin, 0) && p < hi(0))
      *reinterpret_cast<VT *>(at(0, slot(j))) = nextIn;
#pragma unroll
    for (int k = 1; k <= BT; ++k) {
      const int q = p - LAG * k;
      if (q < lo(k) || q >= hi(k))
        continue;
      const int jq = j - LAG * k; // plane q's slot, less p
      const int lv = (t0 + k + 1) % 3;
      const R *lvl = lv == 0 ? Lb0 : lv == 1 ? Lb1 : Lb2;
      VT out = {};
      if (interior(q)) {
        const R *src = at(k - 1, slot(jq));
        VT e[1 + 8 / C];
#pragma unroll
        for (int v = 0; v < 1 + 8 / C; ++v)
          e[v] = *reinterpret_cast<const VT *>(src - RAD + v * C);
        VT up[RAD], dn[RAD];
#pragma unroll
        for (int r = 1; r <= RAD; ++r) {
          up[r - 1] = *reinterpret_cast<const VT *>(at(k - 1, slot(jq - r)));
          dn[r - 1] = *reinterpret_cast<const VT *>(at(k - 1, slot(jq + r)));
        }
        const VT u0 = k == 1 ? gU0 : *reinterpret_cast<const VT *>(at(k >= 2 ? k - 2 : 0, slot(jq)));
#pragma unroll
        for (int m = 0; m < C; ++m) {
          auto row = [&](int o) { // the row's cell lx + m + o
            const int f = RAD + m + o;
            return get<R>(e[f / C], f % C);
          };
          R s[RAD + 1];
#pragma unroll
          for (int r = 1; r <= RAD; ++r)
            s[r] = get<R>(up[r - 1], m) + get<R>(dn[r - 1], m) + row(-r) + row(r);
          const int gx = x + m;
          R val = gx >= RAD && gx < n - RAD
                      ? wave<R>(row(0), get<R>(u0, m), get<R>(gV[k], m), get<R>(gD[k], m), s[1], s[2], s[3], s[4])
                      : (xin ? lvl[(size_t)q * n + gx] : (R)0);
          put<R>(out, m, val);
        }
      } else if (xin) {
        out = ld(lvl, q);
      }
      if (k < BT)
        *reinterpret_cast<VT *>(at(k, slot(jq))) = out;
      if (k >= BT - 1 && q >= y0 && q < y1 && owns)
        *reinterpret_cast<VT *>((k == BT ? Out1 : Out0) + (size_t)q * n + x) = out;
    }
    prefetch(p + 1);
    __syncthreads();
  };
  // p runs from pBegin rounded down to a multiple of SLOTS (slot(j) is
  // plane p + j's, p a multiple of SLOTS); earlier planes do nothing.
  int p = pBegin - ((pBegin % SLOTS) + SLOTS) % SLOTS;
  prefetch(p);
  for (; p < pEnd; p += SLOTS)
    unrolled(body, p, std::make_integer_sequence<int, SLOTS>{});
}

template <typename R> struct Run {
  int n, steps;
  size_t N;
  R *U[3], *Lb[3], *V, *D, *P[2], *Q[2];
  cudaEvent_t a, z;
  std::vector<R> ref1, ref0;
  double base = 0;

  void fill(R *p, unsigned seed, double lo, double span) {
    std::vector<R> h(N);
    srand(seed);
    for (size_t x = 0; x < N; ++x)
      h[x] = (R)(lo + span * (double)rand() / RAND_MAX);
    CHECK(cudaMemcpy(p, h.data(), N * sizeof(R), cudaMemcpyHostToDevice));
  }
  Run(int n_, int s) : n(n_), steps(s), N((size_t)n_ * n_) {
    for (int l = 0; l < 3; ++l) {
      CHECK(cudaMalloc(&U[l], N * sizeof(R)));
      CHECK(cudaMalloc(&Lb[l], N * sizeof(R)));
      fill(Lb[l], l + 1, -0.5, 1.0);
    }
    for (int l = 0; l < 2; ++l) {
      CHECK(cudaMalloc(&P[l], N * sizeof(R)));
      CHECK(cudaMalloc(&Q[l], N * sizeof(R)));
    }
    CHECK(cudaMalloc(&V, N * sizeof(R)));
    CHECK(cudaMalloc(&D, N * sizeof(R)));
    fill(V, 4, 0.02, 0.1);
    fill(D, 5, 0.0, 0.05);
    cudaEventCreate(&a);
    cudaEventCreate(&z);
  }
  void reset() {
    for (int l = 0; l < 3; ++l)
      CHECK(cudaMemcpy(U[l], Lb[l], N * sizeof(R), cudaMemcpyDeviceToDevice));
  }
  double gcells(float ms) const { return (double)(n - 8) * (n - 8) * steps / (ms * 1e-3) / 1e9; }
  void naiveRun() {
    const int m = n - 8;
    dim3 b(32, 8), g((m + 31) / 32, (m + 7) / 8);
    auto go = [&]() {
      for (int t = 0; t < steps; ++t)
        naive<R><<<g, b>>>(U[(t + 1) % 3], U[t % 3], U[(t + 2) % 3], V, D, n);
    };
    reset();
    go(); // warm-up
    reset();
    CHECK(cudaDeviceSynchronize());
    cudaEventRecord(a);
    go();
    cudaEventRecord(z);
    CHECK(cudaEventSynchronize(z));
    CHECK(cudaGetLastError());
    float ms;
    cudaEventElapsedTime(&ms, a, z);
    base = gcells(ms);
    ref1.resize(N);
    ref0.resize(N);
    CHECK(cudaMemcpy(ref1.data(), U[(steps + 1) % 3], N * sizeof(R), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ref0.data(), U[steps % 3], N * sizeof(R), cudaMemcpyDeviceToHost));
    printf("%-6s naive                     %9.2f ms %8.1f GCells/s\n", sizeof(R) == 4 ? "float" : "double", ms, base);
  }
  template <int BT, int T> void ringRun(int seg) {
    constexpr int C = Vec<R>::C, W = T * C, OW = W - 2 * BT * RAD;
    const size_t shared = (size_t)BT * SLOTS * (W + 2 * RAD) * sizeof(R);
    auto kern = ring<R, BT, T>;
    CHECK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared));
    int perSM = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, kern, T, shared));
    dim3 g((n + OW - 1) / OW, (n + seg - 1) / seg);
    if (steps % BT) {
      printf("steps %% bT != 0\n");
      return;
    }
    auto go = [&]() {
      // in: (level t0 + 1, level t0); out: (t0 + BT + 1, t0 + BT)
      CHECK(cudaMemcpy(P[1], Lb[1], N * sizeof(R), cudaMemcpyDeviceToDevice));
      CHECK(cudaMemcpy(P[0], Lb[0], N * sizeof(R), cudaMemcpyDeviceToDevice));
      CHECK(cudaMemcpy(Q[1], Lb[1], N * sizeof(R), cudaMemcpyDeviceToDevice));
      CHECK(cudaMemcpy(Q[0], Lb[0], N * sizeof(R), cudaMemcpyDeviceToDevice));
      CHECK(cudaDeviceSynchronize());
      cudaEventRecord(a);
      R **in = P, **out = Q;
      for (int t0 = 0; t0 < steps; t0 += BT) {
        kern<<<g, T, shared>>>(in[1], in[0], out[1], out[0], V, D, Lb[0], Lb[1], Lb[2], t0, n, seg);
        std::swap(in, out);
      }
      cudaEventRecord(z);
      CHECK(cudaEventSynchronize(z));
      CHECK(cudaGetLastError());
      return in;
    };
    go();
    R **last = go();
    float ms;
    cudaEventElapsedTime(&ms, a, z);
    std::vector<R> got1(N), got0(N);
    CHECK(cudaMemcpy(got1.data(), last[1], N * sizeof(R), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(got0.data(), last[0], N * sizeof(R), cudaMemcpyDeviceToHost));
    double err = 0, mag = 0;
    for (size_t c = 0; c < N; ++c) {
      err = std::max(err, (double)std::fabs(got1[c] - ref1[c]));
      err = std::max(err, (double)std::fabs(got0[c] - ref0[c]));
      mag = std::max(mag, (double)std::fabs(ref1[c]));
    }
    double gc = gcells(ms);
    printf("%-6s ring bT=%-2d T=%-4d seg=%-5d %9.2f ms %8.1f GCells/s  %.2fx naive  blocks/SM %d  smem %zu  max|diff| %.3g (max|U| %.3g)\n",
           sizeof(R) == 4 ? "float" : "double", BT, T, seg, ms, gc, gc / base, perSM, shared, err, mag);
  }
};

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 16384, steps = argc > 2 ? atoi(argv[2]) : 480;
  if (n % 4) {
    printf("N must be a multiple of 4\n");
    return 1;
  }
  {
    Run<float> r(n, steps);
    r.naiveRun();
    r.ringRun<3, 128>(512);
    r.ringRun<3, 128>(256);
    r.ringRun<3, 64>(256);
    r.ringRun<4, 64>(256);
    r.ringRun<4, 128>(256);
    r.ringRun<5, 64>(256);
    r.ringRun<2, 64>(256);
  }
  {
    Run<double> r(n, steps);
    r.naiveRun();
    r.ringRun<2, 128>(512);
    r.ringRun<3, 128>(512);
    r.ringRun<3, 128>(256);
    r.ringRun<3, 64>(256);
    r.ringRun<4, 64>(256);
    r.ringRun<2, 64>(256);
  }
  return 0;
}
