//===- ExchangeModel.cpp - Steps between halo exchanges -------------------===//

#include "stencilcc/Planner/ExchangeModel.h"

#include <algorithm>

namespace stencilcc {

// The constants are the generated runtime's too (CudaEmitter fills them
// into mpi-runtime.cu.in), so both choose the same S.
ExchangeLink ncclLink() { return {"nccl", 20e-6, 120e9, 1}; }
ExchangeLink hostStagedLink() { return {"host-staged", 40e-6, 6e9, 2}; }

ExchangePrediction predictExchange(int64_t Rows, int64_t Plane, int64_t Reach,
                                   unsigned ElementBytes, int64_t LaunchSteps,
                                   double CellSeconds, unsigned Ranks,
                                   const ExchangeLink &Link) {
  ExchangePrediction E;
  LaunchSteps = std::max<int64_t>(1, LaunchSteps);
  E.SlabRows = Rows / std::max(1u, Ranks);
  E.OneRankSeconds = CellSeconds * double(Plane) * double(Rows);
  auto Compute = [&](int64_t S) {
    return CellSeconds * double(Plane) * double(E.SlabRows + 2 * S * Reach);
  };
  auto Exchange = [&](int64_t S) {
    return Link.LatencySeconds / double(S) +
           double(Link.SerialSides) * double(Reach) * double(Plane) *
               ElementBytes / Link.BytesPerSecond;
  };
  // An even bT: depths of whole pairs of launches, where the slab allows,
  // so that launches and steps have one parity and no launch is split.
  const int64_t Unit =
      LaunchSteps % 2 == 0 && 8 * LaunchSteps * Reach <= E.SlabRows
          ? 2 * LaunchSteps
          : LaunchSteps;
  E.StepsPerExchange = Unit;
  if (Ranks > 1 && Reach > 0)
    for (int64_t S = 2 * Unit; 4 * S * Reach <= E.SlabRows; S += Unit)
      if (Compute(S) + Exchange(S) <
          Compute(E.StepsPerExchange) + Exchange(E.StepsPerExchange))
        E.StepsPerExchange = S;
  E.GhostRows = E.StepsPerExchange * Reach;
  E.ComputeSeconds = Ranks > 1 ? Compute(E.StepsPerExchange) : E.OneRankSeconds;
  E.ExchangeSeconds = Ranks > 1 && Reach > 0 ? Exchange(E.StepsPerExchange) : 0;
  return E;
}

} // namespace stencilcc
