//===- Planner/RegisterEstimate.cpp - Registers a plan needs --------------===//
//
// The part of a kernel's register count that its plan controls (queues,
// neighbour values, partial sums, rows per thread), fitted to what ptxas
// allocates on sm_90, and the caps __launch_bounds__ and __maxnreg__ set:
// the planner's defaults and the model's feasibility test both ask here
// whether a plan would spill.
//
//===----------------------------------------------------------------------===//
#include "PlanConstruction.h"

#include <algorithm>

namespace stencilcc {

/// The in-plane part of \p O (one entry per tiled dimension), if it is
/// not zero: the read leaves the thread's own column.
static std::optional<std::vector<int64_t>>
neighbourPart(const TemporalBlockingPlan &Plan, const std::vector<int64_t> &O) {
  std::vector<int64_t> InPlane = Plan.inPlaneOffset(O);
  if (std::all_of(InPlane.begin(), InPlane.end(),
                  [](int64_t X) { return X == 0; }))
    return std::nullopt;
  return InPlane;
}

std::set<std::vector<int64_t>>
neighbourOffsets(const TemporalBlockingPlan &Plan, const StencilAnalysis &A) {
  std::set<std::vector<int64_t>> N;
  for (const std::vector<int64_t> &O : A.Offsets)
    if (auto V = neighbourPart(Plan, O))
      N.insert(*V);
  return N;
}

bool neighboursShared(const TemporalBlockingPlan &Plan,
                      const StencilAnalysis &A) {
  size_t Reads = 0;
  for (const std::vector<int64_t> &O : A.Offsets)
    Reads += neighbourPart(Plan, O).has_value();
  return Reads > neighbourOffsets(Plan, A).size();
}

unsigned queueRegisters(const TemporalBlockingPlan &Plan,
                        const StencilAnalysis &A) {
  unsigned N = Plan.Exchange == ExchangeScheme::Cached
                   ? neighbourOffsets(Plan, A).size()
                   : 0;
  unsigned Values =
      Plan.TemporalDegree *
          (Plan.QueueLength + Plan.NeighbourRing * N + Plan.SumRing) +
      Plan.QueueLength;
  // Shuffle: every queue row holds a lane's cells, and an update holds the
  // cells it takes from other lanes (its in-plane reach each side).
  if (Plan.Exchange == ExchangeScheme::Shuffle)
    Values = Plan.TemporalDegree * Plan.QueueLength * Plan.WarpCells +
             unsigned(Plan.Geometry.TileNeg[0] + Plan.Geometry.TilePos[0]);
  return Values * unsigned(elementTypeSize(Plan.Element) / 4);
}

unsigned planRegisterDemand(const TemporalBlockingPlan &Plan,
                            const StencilAnalysis &A) {
  // Besides the queues, SCR and MCR updates hold the values they load
  // from shared memory: about one register per read.
  unsigned Needed = queueRegisters(Plan, A);
  if (!Plan.neighboursInRegisters()) {
    Needed += unsigned(A.Offsets.size() * elementTypeSize(Plan.Element) / 4);
    // At radius 4 in 2D ptxas keeps 1.4x that count or more (sm_90,
    // star2d4r: float bT=3 80 registers and 68 bytes spilled for 53
    // counted, double bT=2 128 and 28 bytes for 88, double bT=4 181 for
    // 124; at radius 3 bT=5 fits 80 for 55;
    // 2026-11-23). Not in 3D: star3d4r double's bT=1 16x32 plan took 63
    // (2026-11-24; docs/changelog.md).
    if (A.MaxRadius >= 4 && A.NumDims == 2 &&
        Plan.Variant != OptimizationVariant::Assoc)
      Needed = Needed * 7 / 5;
  }
  // Assoc adds the values of a plane, its own column and neighbours, to
  // several sums at once, every level right after the barrier: ptxas
  // keeps them all, and more of them the wider the plane's reach (ptxas on
  // sm_90 against this count, 2D: 0.7-0.8 of it at radius 1, 0.85-0.95 at
  // radius 2, 1.15 at 3, 1.5 at 4), so the count is scaled by 0.55 + 0.2r.
  if (Plan.Variant == OptimizationVariant::Assoc) {
    // Added value by value (--sum-order=value), one value is live at a
    // time.
    size_t Live = Plan.Order == SumOrder::Value
                      ? 1
                      : neighbourOffsets(Plan, A).size() + 1;
    unsigned Values =
        Needed + Plan.TemporalDegree *
                     unsigned(Live * elementTypeSize(Plan.Element) / 4);
    Needed = Values * 3 / 2 * unsigned(11 + 4 * A.MaxRadius) / 20;
    // Two tiled dimensions hold more neighbour values than the count says
    // (box3d1r float bT=3: 79 counted, 120 used).
    if (A.NumDims == 3)
      Needed = Needed * 4 / 3;
  }
  // Each of a thread's rows has its own queues and values.
  return Needed * Plan.RowsPerThread;
}

unsigned registerCap(const TemporalBlockingPlan &Plan, unsigned Blocks,
                     unsigned RegistersPerSM) {
  unsigned Cap = RegistersPerSM / (Plan.threadsPerBlock() * Blocks);
  return std::min(255u, Cap / 8 * 8);
}

bool reachesSpill(unsigned Demand, unsigned Cap) {
  return Demand * 10 >= Cap * 9;
}

unsigned planRegisterCap(const TemporalBlockingPlan &Plan,
                         unsigned RegistersPerSM) {
  if (Plan.MaxRegisters)
    return (Plan.MaxRegisters + 7) / 8 * 8;
  return registerCap(Plan, Plan.BlocksPerSM, RegistersPerSM);
}

bool planPredictedToSpill(const TemporalBlockingPlan &Plan,
                          const StencilAnalysis &A, unsigned RegistersPerSM) {
  unsigned Demand = planRegisterDemand(Plan, A);
  unsigned Cap = planRegisterCap(Plan, RegistersPerSM);
  // Two rows per thread under a cap of 128 or more: the estimate counts
  // each row's values twice but their addresses and indices once, and
  // ptxas fits it up to the cap (sm_90, 3D 32x32 tiles: every plan at
  // 124 of 128 and three at 144 built without spills, every plan from 148
  // spilled; at a cap of 64 plans spilled from 0.84 of it;
  // docs/results/rows-per-thread-float-h200-2026-11-28).
  if (Plan.RowsPerThread >= 2 && Cap >= 128)
    return Demand > Cap;
  return reachesSpill(Demand, Cap);
}

unsigned applyRegisterCap(TemporalBlockingPlan &Plan, const PlanRequest &R,
                          unsigned Threads, const DeviceLimits &Limits,
                          std::string &Error) {
  if (R.BlocksPerSM) {
    Error = "--max-registers and --blocks-per-sm both set the register "
            "cap; give one";
    return 0;
  }
  Plan.MaxRegisters = *R.MaxRegisters;
  unsigned MaxForBlock = std::min(255u, Limits.RegistersPerSM / Threads / 8 * 8);
  if (Plan.MaxRegisters < 16 || Plan.MaxRegisters > MaxForBlock) {
    Error = "--max-registers=" + std::to_string(Plan.MaxRegisters) +
            " is outside 16.." + std::to_string(MaxForBlock) + " (a block of " +
            std::to_string(Threads) + " threads must fit the " +
            std::to_string(Limits.RegistersPerSM) + " registers of an SM)";
    return 0;
  }
  return (Plan.MaxRegisters + 7) / 8 * 8;
}

} // namespace stencilcc
