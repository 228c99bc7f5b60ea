//===- Planner/ShufflePlan.cpp - Plans of the shuffle exchange ------------===//
//===----------------------------------------------------------------------===//
#include "PlanConstruction.h"

#include <algorithm>

namespace stencilcc {

/// --exchange=shuffle (WarpShuffleKernel.h). Defaults, measured on the H100
/// with a hand-written prototype of star2d1r (docs/plans.md): 4 cells per
/// lane, 128-thread blocks, 256-row segments, and the deepest bT whose
/// halo keeps at least 3/4 of a warp's lanes computing and whose queues
/// stay under 192 registers (star2d1r float: bT=12, 2120 GCells/s).
std::optional<TemporalBlockingPlan>
makeShufflePlan(TemporalBlockingPlan Plan, const StencilProgram &P,
                const StencilAnalysis &A, const PlanRequest &R,
                std::string &Error, const DeviceLimits &Limits) {
  const KernelGeometry &G = Plan.Geometry;
  if (R.Exchange && *R.Exchange != ExchangeScheme::Shuffle) {
    Error = "--cells sets the cells per lane of --exchange=shuffle; it does "
            "not apply to --exchange=" +
            std::string(exchangeSchemeName(*R.Exchange));
    return std::nullopt;
  }
  if (R.SharedSlots || R.ReuseDegree || R.Prefetch || R.AsyncCopy ||
      R.InteriorLoop || R.StreamSumRows || R.RowsPerThread || R.OffsetBits ||
      R.PredicatedStore || R.StagedExchange) {
    Error = "--exchange=shuffle keeps every queue in registers and loads "
            "each row one step ahead: it takes none of --ns, --rd, "
            "--prefetch, --async-copy, --stage-layout, --interior-loop, "
            "--rows-per-thread, --offset-bits, --store and --stream-sums";
    return std::nullopt;
  }
  if (A.NumDims != 2) {
    Error = "--exchange=shuffle is implemented for 2D stencils (a warp's "
            "lanes hold consecutive cells of a row); this stencil has " +
            std::to_string(A.NumDims) + " dimension(s)";
    return std::nullopt;
  }
  Plan.Exchange = ExchangeScheme::Shuffle;
  Plan.Variant = R.Variant.value_or(A.Shape == StencilShape::Star
                                        ? OptimizationVariant::Star
                                        : OptimizationVariant::General);
  if (Plan.Variant == OptimizationVariant::Assoc) {
    Error = "--opt=assoc adds planes to partial sums from shared memory; "
            "--exchange=shuffle computes each cell's update whole";
    return std::nullopt;
  }
  if (Plan.Variant == OptimizationVariant::Star &&
      A.Shape != StencilShape::Star) {
    Error = "--opt=star needs a diagonal-access-free (star) stencil; this "
            "one is " + std::string(stencilShapeName(A.Shape));
    return std::nullopt;
  }
  Plan.WarpCells = R.WarpCells.value_or(4);
  if (Plan.WarpCells != 1 && Plan.WarpCells != 2 && Plan.WarpCells != 4 &&
      Plan.WarpCells != 8) {
    Error = "--cells=" + std::to_string(Plan.WarpCells) +
            ": the cells per lane are 1, 2, 4 or 8";
    return std::nullopt;
  }
  Plan.BlockSizes = R.BlockSizes.empty() ? std::vector<unsigned>{128}
                                         : R.BlockSizes;
  unsigned Threads = Plan.BlockSizes[0];
  if (Plan.BlockSizes.size() != 1 || Threads % 32 || Threads == 0 ||
      Threads > Limits.MaxThreadsPerBlock) {
    std::string Given;
    for (unsigned B : R.BlockSizes)
      Given += (Given.empty() ? "" : "x") + std::to_string(B);
    Error = "--exchange=shuffle takes one block size, whole warps of 32 "
            "threads up to " + std::to_string(Limits.MaxThreadsPerBlock) +
            "; --bs=" + Given + " is not";
    return std::nullopt;
  }
  Plan.StreamLength = R.StreamLength.value_or(256);
  // A level reads rows up to StreamPos ahead of the one it makes; trailing
  // the level below by one row more, it only reads rows made in earlier
  // steps, so the levels of one step do not wait on each other. The queue
  // keeps the rows from the lowest one read to the one made this step.
  Plan.Lag = G.StreamPos + 1;
  Plan.QueueLength = unsigned(Plan.Lag + G.StreamNeg + 1);
  Plan.UnrollPeriod = Plan.QueueLength;
  Plan.Prefetch = 1;
  auto HaloLanes = [&] {
    return Plan.shuffleHaloLanes(false) + Plan.shuffleHaloLanes(true);
  };
  if (R.TemporalDegree) {
    Plan.TemporalDegree = *R.TemporalDegree;
    if (Plan.TemporalDegree < 1 || Plan.TemporalDegree > 32) {
      Error = "temporal degree --bt=" + std::to_string(Plan.TemporalDegree) +
              " is outside 1..32";
      return std::nullopt;
    }
  } else {
    unsigned Words = unsigned(elementTypeSize(Plan.Element) / 4);
    Plan.TemporalDegree = 16;
    while (Plan.TemporalDegree > 1 &&
           (HaloLanes() > 8 || Plan.TemporalDegree * Plan.QueueLength *
                                       Plan.WarpCells * Words >
                                   192))
      --Plan.TemporalDegree;
  }
  if (HaloLanes() >= 32) {
    const std::string &Var = P.SpatialLoops[G.TileDims[0]].Var;
    Error = "halo larger than the warp: in dimension '" + Var +
            "' bT*radius = " +
            std::to_string(Plan.TemporalDegree * G.TileNeg[0]) + "+" +
            std::to_string(Plan.TemporalDegree * G.TilePos[0]) +
            " cells leave no output lane in 32 lanes of " +
            std::to_string(Plan.WarpCells) + " cells";
    return std::nullopt;
  }
  if (R.MaxRegisters) {
    unsigned Rounded = applyRegisterCap(Plan, R, Threads, Limits, Error);
    if (!Rounded)
      return std::nullopt;
    Plan.BlocksPerSM = std::max(1u, Limits.RegistersPerSM / (Threads * Rounded));
  } else {
    Plan.BlocksPerSM = R.BlocksPerSM.value_or(1);
    if (Plan.BlocksPerSM < 1 || Plan.BlocksPerSM > 8) {
      Error = "--blocks-per-sm=" + std::to_string(Plan.BlocksPerSM) +
              " is outside 1..8";
      return std::nullopt;
    }
  }
  if (Threads * Plan.BlocksPerSM > Limits.MaxThreadsPerSM) {
    Error = std::to_string(Plan.BlocksPerSM) + " blocks of " +
            std::to_string(Threads) + " threads exceed the " +
            std::to_string(Limits.MaxThreadsPerSM) + " threads an SM holds";
    return std::nullopt;
  }
  return Plan;
}

} // namespace stencilcc
