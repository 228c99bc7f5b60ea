//===- test/emulation/check_main.cpp - Generated code vs the C loop -------===//
//
// Runs one generated function (STENCIL_FN, compiled from stencilcc's output)
// and the original C function (REFERENCE_FN, the input compiled as C) on
// the same data and compares the result buffer. The in-domain cells of the
// buffer the C loop writes first are NaN (so a read before write, or a cell
// never written, shows), and the two buffers' boundaries differ (so reading
// the wrong buffer's boundary shows).
//
//   check_main N STEPS [SEED]      exit 0 when the results agree
//
//===----------------------------------------------------------------------===//
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#ifndef REAL
#define REAL float
#endif

void STENCIL_FN(int, int, REAL *);
extern "C" void REFERENCE_FN(int, int, REAL *);

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s N STEPS [SEED]\n", argv[0]);
    return 2;
  }
  const long N = std::atol(argv[1]);
  const int Steps = std::atoi(argv[2]);
  const unsigned Seed = argc > 3 ? std::atoi(argv[3]) : 7;
  long Cells = 1;
  for (int D = 0; D < DIMS; ++D)
    Cells *= N;
  std::vector<REAL> Ref(2 * Cells), Gen;
  std::mt19937 Rng(Seed);
  std::uniform_real_distribution<double> U(0.1, 1.0);
  for (long K = 0; K < 2 * Cells; ++K) {
    long Buf = K / Cells, Cell = K % Cells;
    bool Inside = true;
    for (int D = 0; D < DIMS; ++D, Cell /= N) {
      long X = Cell % N;
      Inside &= X >= RADIUS && X < N - RADIUS;
    }
    if (Inside && Buf == 1)
      Ref[K] = (REAL)NAN;
    else
      Ref[K] = (REAL)(Buf ? U(Rng) + 1.0 : U(Rng));
  }
  Gen = Ref;
  REFERENCE_FN((int)N, Steps, Ref.data());
  STENCIL_FN((int)N, Steps, Gen.data());
  // Both buffers: the result and the step before it, as the C loop leaves
  // them (the other buffer is NaN-free only once two steps ran).
  double Diff = 0, Norm = 0, MaxAbs = 0;
  long NaNs = 0, Mismatched = 0;
  for (long K = 0; K < 2 * Cells; ++K) {
    double A = Gen[K], B = Ref[K];
    if (std::isnan(A) != std::isnan(B)) {
      ++NaNs;
      continue;
    }
    if (std::isnan(B))
      continue;
    Diff += (A - B) * (A - B);
    Norm += B * B;
    MaxAbs = std::fmax(MaxAbs, std::fabs(A - B));
    Mismatched += A != B;
  }
  double Rel = Norm > 0 ? std::sqrt(Diff / Norm) : std::sqrt(Diff);
  double Tol = sizeof(REAL) == 4 ? 1e-5 : 1e-12;
  bool Pass = NaNs == 0 && Rel <= Tol;
  std::printf("CHECK n=%ld steps=%d rel_l2=%.3e max_abs=%.3e nan_mismatch=%ld "
              "differing=%ld %s\n",
              N, Steps, Rel, MaxAbs, NaNs, Mismatched,
              Pass ? "PASS" : "FAIL");
  return Pass ? 0 : 1;
}
