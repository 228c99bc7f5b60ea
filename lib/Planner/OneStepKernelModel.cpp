//===- lib/Planner/OneStepKernelModel.cpp - Speed of one-step kernels -----===//
#include "stencilcc/Planner/OneStepKernelModel.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

namespace stencilcc {

namespace {

/// A kernel launch and its wait, per time step (the CUDA runtime's few
/// microseconds between dependent launches on one stream).
constexpr double LaunchSeconds = 3e-6;

/// The three bounds of one cell update combined as the header says.
OneStepPrediction combine(const ModelInput &In, ElementType Element,
                          double LoadsPerCell, const GpuParameters &G) {
  OneStepPrediction R;
  R.LoadsPerCell = LoadsPerCell;
  const double Elem = double(elementTypeSize(Element));
  double PerUpdate = In.Mix.instructions();
  if (Element == ElementType::Float && G.Fp64LanesPerSM)
    PerUpdate += In.Mix.Fp64 * double(G.Fp32LanesPerSM) / G.Fp64LanesPerSM;
  unsigned Lanes = Element == ElementType::Double ? G.Fp64LanesPerSM
                                                  : G.Fp32LanesPerSM;
  R.TimeCompute = PerUpdate / (double(Lanes) * G.SMs * G.ClockGHz * 1e9);
  // The L1 cache moves what shared memory moves: 128 bytes a clock per SM.
  R.TimeL1 = LoadsPerCell * Elem / (G.sharedGBs() * 1e9);
  R.TimeGlobal = 2 * Elem / (G.GlobalGBs * 1e9);
  double Bounds[] = {R.TimeCompute, R.TimeL1, R.TimeGlobal};
  double Max = *std::max_element(std::begin(Bounds), std::end(Bounds));
  double Sum = R.TimeCompute + R.TimeL1 + R.TimeGlobal;
  double T = Max + (Sum - Max) / 2;
  // A grid too small to fill the GPU: the SMs its blocks of 256 threads
  // leave idle in the last wave, and a launch per time step.
  double Cells = 1;
  for (int64_t E : In.Extents)
    Cells *= double(E);
  double Blocks = std::ceil(Cells / 256);
  double Slots = double(G.SMs) * (G.MaxThreadsPerSM / 256);
  double Waves = std::ceil(Blocks / Slots);
  R.SMEfficiency = Blocks / (Waves * Slots);
  T = T / R.SMEfficiency + LaunchSeconds / Cells;
  R.GCellsPerSecond = T > 0 ? 1e-9 / T : 0;
  return R;
}

} // namespace

OneStepPrediction predictNaiveKernel(const ModelInput &In,
                                     const GpuParameters &G) {
  const StencilAnalysis &A = *In.Analysis;
  // Each distinct read is one load (the compiler merges repeated reads).
  double Loads = double(std::max<size_t>(A.Offsets.size(), 1));
  return combine(In, A.Element, Loads, G);
}

size_t streamSumsPlaneValues(const StencilAnalysis &A, unsigned Rows) {
  std::set<std::pair<int64_t, int64_t>> PlaneValues;
  for (const std::vector<int64_t> &O : A.Offsets)
    if (O.size() == 3)
      for (unsigned Row = 0; Row < Rows; ++Row)
        PlaneValues.insert({O[1] + int64_t(Row), O[2]});
  return PlaneValues.size();
}

OneStepPrediction predictStreamSums(const ModelInput &In,
                                    const TemporalBlockingPlan &Plan,
                                    const GpuParameters &G) {
  const StencilAnalysis &A = *In.Analysis;
  const unsigned Rows = std::max(1u, Plan.StreamSumRows);
  // A segment of StreamLength output planes loads its reach in planes
  // beyond them.
  const double Segment = Plan.StreamLength ? double(Plan.StreamLength) : 64;
  const double Reach = double(A.Radius.empty() ? 0
                                               : A.Radius[0].Negative +
                                                     A.Radius[0].Positive);
  double Loads = double(std::max<size_t>(streamSumsPlaneValues(A, Rows), 1)) /
                 Rows * (Segment + Reach) / Segment;
  return combine(In, A.Element, Loads, G);
}

} // namespace stencilcc
