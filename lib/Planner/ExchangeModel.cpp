//===- ExchangeModel.cpp - Steps between halo exchanges -------------------===//

#include "stencilcc/Planner/ExchangeModel.h"

#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <algorithm>

namespace stencilcc {

// The choice itself, as the generated runtime makes it (the same text).
#include "../../kernels-templates/exchange-depth.inc"

// The constants are the generated runtime's too (CudaEmitter fills them
// into mpi-runtime.cu.in), so both choose the same S. The split launch's
// 60 us is what 4 H200s measured beside the model's prediction at
// several depths (docs/performance.md, "Several GPUs": box3d1r and
// star3d1r on 512^2 planes lost about 44 and 140 us an exchange, star2d1r
// on rows of 32768 cells too little to tell); it moved those 3D slabs
// from 4 to 12 and 8 to 16 steps an exchange, as measured best.
ExchangeLink ncclLink() { return {"nccl", 20e-6, 120e9, 1, 60e-6}; }
ExchangeLink hostStagedLink() { return {"host-staged", 40e-6, 6e9, 2, 60e-6}; }

bool launchesRunPartOfTheirRows(const TemporalBlockingPlan &Plan, bool Naive) {
  return Naive || Plan.StreamSumRows ||
         (Plan.StreamLength && !Plan.Geometry.VirtualStream);
}

ExchangePrediction predictExchange(int64_t Rows, int64_t Plane, int64_t Reach,
                                   unsigned ElementBytes, int64_t LaunchSteps,
                                   double CellSeconds, unsigned Ranks,
                                   const ExchangeLink &Link, bool Shrinking,
                                   bool Overlapped) {
  ExchangePrediction E;
  E.SlabRows = Rows / std::max(1u, Ranks);
  E.OneRankSeconds = CellSeconds * double(Plane) * double(Rows);
  const stencilcc_exchange_terms Terms = {std::max<long>(1, LaunchSteps),
                                          E.SlabRows,
                                          Plane,
                                          Reach,
                                          double(ElementBytes),
                                          CellSeconds,
                                          Link.LatencySeconds,
                                          Link.BytesPerSecond,
                                          int(Link.SerialSides),
                                          Link.SplitSeconds,
                                          Overlapped ? 1 : 0,
                                          Shrinking ? 1 : 0};
  E.StepsPerExchange = stencilcc_exchange_depth(Terms);
  E.GhostRows = E.StepsPerExchange * Reach;
  if (Ranks > 1) {
    const stencilcc_exchange_cost Cost =
        stencilcc_exchange_cost_at(Terms, E.StepsPerExchange);
    E.ComputeSeconds = Cost.Compute;
    E.ExchangeSeconds = Cost.Exchange;
  } else {
    E.ComputeSeconds = E.OneRankSeconds;
  }
  return E;
}

} // namespace stencilcc
