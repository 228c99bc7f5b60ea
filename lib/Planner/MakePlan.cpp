//===- Planner/MakePlan.cpp - A plan from the analysis and the options ----===//
//
// makePlan: the plan the options ask for, every option the user left out
// filled in by the rules below, and every combination the kernels do not
// implement rejected with the reason. The rules (measurements behind them
// in docs/performance-notes.md; the performance model's default,
// DefaultPlan.cpp, chooses bT and the tile and lets these rules choose the
// rest) keep the halo a small fraction of the block and give the suite
// sizes of SPEC §5 enough blocks to fill an H100:
//   1D/2D: bS = 256, bT = 8 for radius 1 else 4, h_SN = 512;
//          the cached exchange where a neighbour value is read by several
//          planes (box shapes), bT lowered by up to a quarter so its
//          registers allow two blocks per SM, or up to a half so they fit
//          one; SCR with RD = 1 otherwise
//   3D:    bS = 32x32 for float radius-1 star stencils, else 16x32 (a
//          1024-thread block allows 64 registers per thread, too few for
//          the others' queues), bT = 4 for the 32x32 case, else 3 for
//          radius 1, 2 for radius 2, else 1; h_SN = 128; SCR with RD = 1
//   no queue slot in shared memory; the star specialization for star
//   stencils; loads 2 planes ahead of level 1; as many blocks per SM (up
//   to 3) as the queues' registers allow.
// A plan is built in steps, each a method of PlanBuilder: the tile, the
// specialization, the exchange, the checks of the exchange's options, the
// asynchronous-copy stage, occupancy, and the loops and stores.
//
//===----------------------------------------------------------------------===//
#include "PlanConstruction.h"

#include <algorithm>
#include <set>

namespace stencilcc {

namespace {

/// How many sums a value of a plane feeds, on average: the update's reads
/// over the distinct in-plane offsets they read. Partial sums load each
/// such neighbour once and add it to the sums of every plane that reads
/// it; a box of radius r feeds 2r + 1, a sparse general shape little more
/// than one.
double sumsPerPlaneValue(const TemporalBlockingPlan &Plan,
                         const StencilAnalysis &A) {
  std::set<std::vector<int64_t>> InPlane;
  for (const std::vector<int64_t> &O : A.Offsets)
    InPlane.insert(Plan.inPlaneOffset(O));
  return InPlane.empty() ? 0.0 : double(A.Offsets.size()) / InPlane.size();
}

/// --stream-sums=<rows>: the streaming partial-sums kernel instead of a
/// blocked plan.
std::optional<TemporalBlockingPlan>
makeStreamSumsPlan(TemporalBlockingPlan Plan, const StencilAnalysis &A,
                   const PlanRequest &R, std::string &Error) {
  bool ThreeD = A.NumDims == 3;
  unsigned Rows = *R.StreamSumRows;
  if (R.TemporalDegree || !R.BlockSizes.empty() || R.StreamLength ||
      R.SharedSlots || R.Exchange || R.ReuseDegree || R.Variant ||
      R.Prefetch || R.BlocksPerSM || R.MaxRegisters || R.AsyncCopy ||
      R.InteriorLoop || R.RowsPerThread || R.OffsetBits ||
      R.PredicatedStore || R.StagedExchange) {
    Error = "--stream-sums replaces the blocked plan: it takes none of "
            "--bt, --bs, --sl, --ns, --exchange, --rd, --opt, --prefetch, "
            "--async-copy, --stage-layout, --interior-loop, "
            "--rows-per-thread, --offset-bits, --store, --blocks-per-sm "
            "and --max-registers";
    return std::nullopt;
  }
  if (Rows != 1 && Rows != 2 && Rows != 4) {
    Error = "--stream-sums=" + std::to_string(Rows) +
            ": the output rows per thread are 1, 2 or 4";
    return std::nullopt;
  }
  if (!ThreeD) {
    Error = "--stream-sums streams the outermost of three dimensions; "
            "this stencil has " + std::to_string(A.NumDims);
    return std::nullopt;
  }
  if (!A.SumOfProducts) {
    Error = "--stream-sums needs an associative update, a sum of products "
            "of read-free coefficients and reads of the previous time "
            "level (scaled at most by a read-free factor or divisor); this "
            "one is not";
    return std::nullopt;
  }
  // Blocks of 32 columns by 8 output rows (8 / Rows threads of Rows rows
  // each) and 64-plane segments: on the H100 one row per thread in such
  // blocks was within 2% of, or faster than, 32x4 blocks with 128-plane
  // segments (box3d1r-4r); 64-plane segments give 8 per 512 planes. The
  // Assoc variant: the kernel adds the --opt=assoc partial sums.
  Plan.StreamSumRows = Rows;
  Plan.TemporalDegree = 1;
  Plan.Variant = OptimizationVariant::Assoc;
  Plan.BlockSizes = {8 / Rows, 32};
  Plan.StreamLength = 64;
  Plan.Order = R.Order.value_or(SumOrder::Plane);
  return Plan;
}

/// The state makePlan's steps share: the request, the plan so far, and
/// the defaults an earlier step fixed that a later one falls back to.
/// Each step returns false with Error set where the request cannot be
/// built.
class PlanBuilder {
public:
  PlanBuilder(const StencilProgram &P, const StencilAnalysis &A,
              const PlanRequest &R, std::string &Error,
              const DeviceLimits &Limits, TemporalBlockingPlan Start)
      : P(P), A(A), R(R), Error(Error), Limits(Limits),
        Plan(std::move(Start)), G(Plan.Geometry), ThreeD(A.NumDims == 3) {}

  std::optional<TemporalBlockingPlan> build() {
    if (!chooseTile() || !chooseVariant())
      return std::nullopt;
    chooseExchange();
    if (!checkExchangeOptions())
      return std::nullopt;
    layoutAsyncStage();
    if (!chooseOccupancy() || !chooseLoopsAndStores())
      return std::nullopt;
    return std::move(Plan);
  }

private:
  const StencilProgram &P;
  const StencilAnalysis &A;
  const PlanRequest &R;
  std::string &Error;
  const DeviceLimits &Limits;
  TemporalBlockingPlan Plan;
  const KernelGeometry &G;
  const bool ThreeD;
  /// The rules' bT and whether the tile is the narrow one (chooseTile).
  bool Narrow = false;
  unsigned DefaultDegree = 1;
  /// Partial sums by default, and as chosen (chooseVariant).
  bool DefaultAssoc = false, Assoc = false;

  /// bT, the tile, rows per thread, the stream blocks.
  bool chooseTile();
  /// The specialization, the loads ahead, partial sums and their order.
  bool chooseVariant();
  /// The exchange of a plan without partial sums.
  void chooseExchange();
  /// The reuse degree, MCR, --sum-order, rows per thread and the stage
  /// layout against the exchange chosen.
  bool checkExchangeOptions();
  /// The asynchronous-copy stage's ring.
  void layoutAsyncStage();
  /// Queue slots in shared memory, shared memory, blocks per SM.
  bool chooseOccupancy();
  /// The interior loop, the offsets' width, the store.
  bool chooseLoopsAndStores();
};

bool PlanBuilder::chooseTile() {
  // A 1024-thread block has at most 64 registers per thread: only the
  // float radius-1 star's queue fits; the others take 512-thread blocks.
  Narrow = !(elementTypeSize(A.Element) <= 4 && A.MaxRadius <= 1 &&
             A.Shape == StencilShape::Star);
  // Measured (docs/performance-notes.md): radius-1 stencils gain from
  // deeper blocking than the others.
  DefaultDegree = ThreeD ? (A.MaxRadius <= 1   ? (Narrow ? 3 : 4)
                                : A.MaxRadius <= 2 ? 2
                                                   : 1)
                             : (A.MaxRadius <= 1 ? 8 : 4);
  Plan.TemporalDegree = R.TemporalDegree.value_or(DefaultDegree);
  if (Plan.TemporalDegree < 1 || Plan.TemporalDegree > 32) {
    Error = "temporal degree --bt=" + std::to_string(Plan.TemporalDegree) +
            " is outside 1..32";
    return false;
  }
  if (R.BlockSizes.empty())
    Plan.BlockSizes = !ThreeD   ? std::vector<unsigned>{256}
                      : Narrow ? std::vector<unsigned>{16, 32}
                               : std::vector<unsigned>{32, 32};
  else
    Plan.BlockSizes = R.BlockSizes;
  if (Plan.BlockSizes.size() != G.TileDims.size()) {
    Error = "--bs gives " + std::to_string(Plan.BlockSizes.size()) +
            " block sizes but a " + std::to_string(A.NumDims) +
            "D stencil tiles " + std::to_string(G.TileDims.size()) +
            " dimension(s)";
    return false;
  }
  for (size_t I = 0; I < Plan.BlockSizes.size(); ++I) {
    if (Plan.computeWidth(I) < 1) {
      const std::string &Var = P.SpatialLoops[G.TileDims[I]].Var;
      Error = "halo larger than the block: in dimension '" + Var +
              "' bT*radius = " + std::to_string(Plan.haloBefore(I)) + "+" +
              std::to_string(Plan.haloAfter(I)) + " leaves no compute "
              "region in a block of " + std::to_string(Plan.BlockSizes[I]) +
              " threads";
      return false;
    }
  }
  Plan.RowsPerThread = R.RowsPerThread.value_or(1);
  if (unsigned Rows = Plan.RowsPerThread; Rows != 1) {
    if (Rows != 2 && Rows != 4 && Rows != 8) {
      Error = "--rows-per-thread=" + std::to_string(Rows) +
              ": the rows per thread are 1, 2, 4 or 8";
      return false;
    }
    if (!ThreeD) {
      Error = "--rows-per-thread coarsens the outer tiled dimension of a 3D "
              "stencil; this stencil has " + std::to_string(A.NumDims);
      return false;
    }
    if (Plan.BlockSizes[0] % Rows) {
      Error = "--rows-per-thread=" + std::to_string(Rows) +
              " does not divide the tile's " +
              std::to_string(Plan.BlockSizes[0]) + " rows (--bs gives the "
              "tile in cells)";
      return false;
    }
  }
  if (Plan.threadsPerBlock() > Limits.MaxThreadsPerBlock) {
    Error = "too many threads: a block of " +
            std::to_string(Plan.threadsPerBlock()) + " exceeds the GPU's " +
            std::to_string(Limits.MaxThreadsPerBlock);
    return false;
  }

  Plan.StreamLength =
      R.StreamLength.value_or(G.VirtualStream ? 0 : ThreeD ? 128 : 512);

  return true;
}

bool PlanBuilder::chooseVariant() {
  // Exchanged streaming offsets: reads that leave the thread's own column.
  // Partial sums by default where they beat the cached exchange and SCR
  // (H100, docs/performance-notes.md): shapes other than stars that are
  // sums of products, except 2D float boxes of radius 1 and 2, where the
  // cached exchange is as fast or faster (box2d2r 385 against 361 GCells/s,
  // j2d9pt-gol 596 against 492; box2d1r is the exception, 679 against 774).
  // General shapes take them where a plane's value feeds enough sums
  // (sumsPerPlaneValue): the radius-2 diamond (2.6) ran 767 GCells/s with
  // partial sums and 558 without at bT=3 on 128 threads, 699 against 565
  // on 256; asym3d_scalar (1.25) 224 with them at the rules' plan and 412
  // with SCR at bT=3 on 32x32 (H200, docs/results/tune-time-h200-2026-11-27).
  DefaultAssoc =
      !R.Variant && !R.Exchange && !R.ReuseDegree &&
      A.Shape != StencilShape::Star && A.SumOfProducts && !G.VirtualStream &&
      !(!ThreeD && A.Shape == StencilShape::Box &&
        elementTypeSize(A.Element) <= 4 && A.MaxRadius <= 2) &&
      (A.Shape != StencilShape::General || sumsPerPlaneValue(Plan, A) >= 1.5);
  Plan.Variant = DefaultAssoc ? OptimizationVariant::Assoc
                 : R.Variant.value_or(A.Shape == StencilShape::Star
                                          ? OptimizationVariant::Star
                                          : OptimizationVariant::General);
  if (Plan.Variant == OptimizationVariant::Star &&
      A.Shape != StencilShape::Star) {
    Error = "--opt=star needs a diagonal-access-free (star) stencil; this "
            "one is " + std::string(stencilShapeName(A.Shape));
    return false;
  }
  Assoc = Plan.Variant == OptimizationVariant::Assoc;
  if (Assoc && !A.SumOfProducts) {
    Error = "--opt=assoc needs an associative update, a sum of products of "
            "read-free coefficients and reads of the previous time level "
            "(scaled at most by a read-free factor or divisor); this one "
            "is not";
    return false;
  }
  if (Assoc && R.Exchange && *R.Exchange != ExchangeScheme::Cached) {
    Error = "--opt=assoc adds each plane to its partial sums from the "
            "double buffer of --exchange=cached; --exchange=" +
            std::string(exchangeSchemeName(*R.Exchange)) +
            " is not implemented with it";
    return false;
  }
  Plan.AsyncDepth = R.AsyncCopy.value_or(defaultAsyncDepth(Plan));
  Plan.Prefetch = R.Prefetch.value_or(defaultPrefetch(Plan));
  if (Plan.Prefetch > 8) {
    Error = "--prefetch=" + std::to_string(Plan.Prefetch) + " is outside 0..8";
    return false;
  }
  if (Plan.AsyncDepth > 8) {
    Error = "--async-copy=" + std::to_string(Plan.AsyncDepth) +
            " is outside 0..8";
    return false;
  }
  if (Plan.AsyncDepth && G.VirtualStream) {
    Error = "--async-copy stages the planes of the streaming dimension; a "
            "1D stencil loads its one plane once";
    return false;
  }
  if (Assoc) {
    // The partial sums read each plane once from the double buffer.
    Plan.Exchange = ExchangeScheme::Cached;
    layoutQueues(Plan, A);
    // Value by value where a plane holds 25 values or more per thread (3D
    // float boxes of radius 2 and more): on the H100 the plane order held them
    // all at once (box3d3r float bT=1: 96 registers against 56, 23.6
    // against 34.4 GCells/s; box3d2r double: 304 bytes spilled against
    // 96, 31.5 against 35.0), while smaller planes gained nothing or lost
    // (box2d4r double 98.8 against 95.4; docs/plans.md).
    // In float only: box3d2r double's plan value by value spilled 96
    // bytes at bT=1 (35.0 GCells/s against 20.3 for the rules' plan), and
    // a default plan must not spill; --sum-order and the search reach it.
    SumOrder Chosen = R.Order.value_or(
        elementTypeSize(A.Element) <= 4 &&
                (neighbourOffsets(Plan, A).size() + 1) * Plan.RowsPerThread >=
                    25
            ? SumOrder::Value
            : SumOrder::Plane);
    // Each level holds its queue, its sums and a plane of neighbour values
    // at once: a default bT gives way until they fit one block's cap
    // (box2d4r float: 255 registers and a spill at bT=4, 214 at bT=2), as
    // plane order needs, whichever order is chosen (box3d2r float value
    // by value: bT=2 52 GCells/s, bT=1 84).
    Plan.Order = R.Order.value_or(SumOrder::Plane);
    auto Fits = [&] {
      return !reachesSpill(planRegisterDemand(Plan, A),
                           registerCap(Plan, 1, Limits.RegistersPerSM));
    };
    if (!R.TemporalDegree)
      while (Plan.TemporalDegree > 1 && !Fits())
        --Plan.TemporalDegree;
    Plan.Order = Chosen;
    // A default that does not fit even at bT=1 in its order is not taken
    // (box3d2r double plane by plane, 512 threads: 304 bytes of spills);
    // the rules below apply.
    if (DefaultAssoc && !Fits()) {
      Assoc = false;
      Plan.Variant = OptimizationVariant::General;
      Plan.Order = SumOrder::Plane;
      Plan.TemporalDegree = R.TemporalDegree.value_or(DefaultDegree);
    }
  }
  return true;
}

void PlanBuilder::chooseExchange() {
  // Partial sums have their exchange (above); the others choose one here.
  if (!Assoc && (R.Exchange || R.ReuseDegree || R.Variant)) {
    // An explicit reuse degree or variant asks for the schemes they shape.
    Plan.Exchange = R.Exchange.value_or(ExchangeScheme::SCR);
    layoutQueues(Plan, A);
  } else if (!Assoc) {
    // 2D: cached where some neighbour value is read by several planes
    // (box shapes), SCR otherwise. The neighbour registers cost occupancy,
    // which these kernels need more than depth (H100, box2d1r float:
    // bT=8 at one block per SM 576 GCells/s, bT=6 at two 679): bT gives
    // up to a quarter of its depth so the queues fit two blocks per SM,
    // and up to half so they fit one without spilling; past that, SCR.
    Plan.Exchange = ExchangeScheme::Cached;
    layoutQueues(Plan, A);
    bool Cached = !ThreeD && neighboursShared(Plan, A);
    if (Cached && !R.TemporalDegree) {
      unsigned Two = registerCap(Plan, 2, Limits.RegistersPerSM) * 13 / 16;
      unsigned One = registerCap(Plan, 1, Limits.RegistersPerSM) * 5 / 8;
      while (queueRegisters(Plan, A) > Two &&
             4 * (Plan.TemporalDegree - 1) >= 3 * DefaultDegree)
        --Plan.TemporalDegree;
      while (queueRegisters(Plan, A) > Two &&
             queueRegisters(Plan, A) > One &&
             2 * (Plan.TemporalDegree - 1) >= DefaultDegree)
        --Plan.TemporalDegree;
      Cached = queueRegisters(Plan, A) <= std::max(Two, One);
      if (!Cached)
        Plan.TemporalDegree = DefaultDegree;
    }
    if (!Cached) {
      Plan.Exchange = ExchangeScheme::SCR;
      layoutQueues(Plan, A);
    }
  }

}

bool PlanBuilder::checkExchangeOptions() {
  // The exchange's choice may have lowered a default bT.
  const unsigned BT = Plan.TemporalDegree;
  Plan.ReuseDegree = R.ReuseDegree.value_or(1);
  if (Plan.ReuseDegree < 1 || Plan.ReuseDegree > BT) {
    Error = "reuse degree --rd=" + std::to_string(Plan.ReuseDegree) +
            " must be between 1 and bT (" + std::to_string(BT) + ")";
    return false;
  }
  if (Plan.Exchange == ExchangeScheme::MCR) {
    if (Plan.ExchangedOffsets.size() < 2) {
      Error = "--exchange=mcr applies to stencils whose in-plane neighbours "
              "span several planes (paper 000 type B); this one exchanges "
              "one plane per level, where MCR is SCR";
      return false;
    }
  }
  if (Assoc && R.ReuseDegree) {
    Error = "--rd applies to --exchange=scr only; --opt=assoc uses the "
            "double buffer of --exchange=cached";
    return false;
  }
  if (Plan.Exchange != ExchangeScheme::SCR && R.ReuseDegree &&
      *R.ReuseDegree != 1) {
    Error = "--rd applies to --exchange=scr only";
    return false;
  }

  if (R.Order && !Assoc) {
    Error = "--sum-order orders the partial sums of --opt=assoc; this plan "
            "has none (--opt=" +
            std::string(optimizationVariantName(Plan.Variant)) + ")";
    return false;
  }
  if (Plan.RowsPerThread > 1 && !Assoc &&
      Plan.Exchange != ExchangeScheme::SCR) {
    Error = "--rows-per-thread applies to --exchange=scr and --opt=assoc; "
            "this plan uses --exchange=" +
            std::string(exchangeSchemeName(Plan.Exchange));
    return false;
  }

  Plan.StagedExchange = R.StagedExchange.value_or(false);
  if (Plan.StagedExchange) {
    std::string No;
    if (Assoc || Plan.Exchange != ExchangeScheme::SCR)
      No = "this plan uses --exchange=" +
           std::string(exchangeSchemeName(Plan.Exchange)) +
           (Assoc ? " (--opt=assoc)" : "");
    else if (Plan.ExchangedOffsets.empty())
      No = "this plan exchanges nothing (the stencil reads no in-plane "
           "neighbour from shared memory)";
    else if (!Plan.AsyncDepth)
      No = "this plan loads its planes without --async-copy";
    if (!No.empty()) {
      Error = "--stage-layout=plane lays out the --async-copy stage as the "
              "level-0 exchange of --exchange=scr; " +
              No;
      return false;
    }
  }
  return true;
}

void PlanBuilder::layoutAsyncStage() {
  if (Plan.AsyncDepth) {
    // The stage's slots are indexed by column, so its ring divides the
    // unrolled period, stretched (at most doubled, as the period is at
    // least 5) when the copies run further ahead than it.
    unsigned A = Plan.AsyncDepth, U = Plan.UnrollPeriod;
    if (Plan.StagedExchange) {
      // Level 1 reads plane X in column X - minO + Prefetch + Lag; the copy
      // that overwrites its slot is issued A columns before its plane's
      // column, and must follow that read by a whole column (a barrier).
      int64_t MinO = *std::min_element(Plan.ExchangedOffsets.begin(),
                                       Plan.ExchangedOffsets.end());
      A += unsigned(2 + Plan.Prefetch + Plan.Lag - MinO);
    }
    Plan.UnrollPeriod = U * ((A + U - 1) / U);
    Plan.AsyncRing = DivisorOf(Plan.UnrollPeriod, A);
  }

}

bool PlanBuilder::chooseOccupancy() {
  const unsigned BT = Plan.TemporalDegree;
  unsigned Slots = BT * Plan.QueueLength;
  Plan.SharedSlots = R.SharedSlots.value_or(0);
  if (Plan.SharedSlots && Plan.RowsPerThread > 1) {
    Error = "--rows-per-thread keeps every queue slot in registers; --ns=" +
            std::to_string(Plan.SharedSlots) + " is not implemented with it";
    return false;
  }
  if (Plan.SharedSlots > Slots) {
    Error = "--ns=" + std::to_string(Plan.SharedSlots) + " exceeds the " +
            std::to_string(Slots) + " queue slots of this plan (bT=" +
            std::to_string(BT) + " levels x " +
            std::to_string(Plan.QueueLength) + " planes)";
    return false;
  }
  if (Plan.sharedBytes() > Limits.MaxSharedPerBlock) {
    Error = "plan needs " + std::to_string(Plan.sharedBytes()) +
            " bytes of shared memory per block; the GPU has " +
            std::to_string(Limits.MaxSharedPerBlock);
    return false;
  }

  // Blocks per SM: as many (up to 3) as keep the registers the plan
  // controls under 9/10 of the cap (the rest holds addresses), and never
  // below 80 registers (3D kernels of 512 threads at two blocks per SM,
  // a cap of 64, spill) (measured on an H100: star2d1r float
  // 1264 GCells/s at one block per SM, 1324 at three).
  if (R.MaxRegisters) {
    unsigned Rounded =
        applyRegisterCap(Plan, R, Plan.threadsPerBlock(), Limits, Error);
    if (!Rounded)
      return false;
    Plan.BlocksPerSM = std::max(
        1u, std::min({8u, Limits.RegistersPerSM /
                              (Plan.threadsPerBlock() * Rounded),
                      Limits.MaxThreadsPerSM / Plan.threadsPerBlock()}));
    if (Plan.sharedBytes())
      Plan.BlocksPerSM = std::max<unsigned>(
          1, std::min<uint64_t>(Plan.BlocksPerSM,
                                Limits.MaxSharedPerSM / Plan.sharedBytes()));
  } else if (R.BlocksPerSM) {
    Plan.BlocksPerSM = *R.BlocksPerSM;
    if (Plan.BlocksPerSM < 1 || Plan.BlocksPerSM > 8) {
      Error = "--blocks-per-sm=" + std::to_string(Plan.BlocksPerSM) +
              " is outside 1..8";
      return false;
    }
  } else {
    unsigned Needed = planRegisterDemand(Plan, A);
    Plan.BlocksPerSM = 1;
    for (unsigned M = 3; M > 1; --M)
      if (Plan.threadsPerBlock() * M <= Limits.MaxThreadsPerSM &&
          Plan.sharedBytes() * M <= Limits.MaxSharedPerSM &&
          !reachesSpill(Needed, registerCap(Plan, M, Limits.RegistersPerSM)) &&
          registerCap(Plan, M, Limits.RegistersPerSM) >= 80) {
        Plan.BlocksPerSM = M;
        break;
      }
  }
  if (Plan.threadsPerBlock() * Plan.BlocksPerSM > Limits.MaxThreadsPerSM) {
    Error = std::to_string(Plan.BlocksPerSM) + " blocks of " +
            std::to_string(Plan.threadsPerBlock()) +
            " threads exceed the " + std::to_string(Limits.MaxThreadsPerSM) +
            " threads an SM holds";
    return false;
  }
  if (Plan.sharedBytes() * Plan.BlocksPerSM > Limits.MaxSharedPerSM) {
    Error = std::to_string(Plan.BlocksPerSM) + " blocks of " +
            std::to_string(Plan.sharedBytes()) +
            " bytes of shared memory exceed the " +
            std::to_string(Limits.MaxSharedPerSM) + " bytes of an SM";
    return false;
  }

  return true;
}

bool PlanBuilder::chooseLoopsAndStores() {
  // The interior loop: on where the measurements say it pays
  // (docs/plans.md, "The interior loop"): 2D and 3D plans of more than one
  // time step whose queues and reads leave room under the register cap.
  // Its columns, one basic block each, let ptxas interleave the levels:
  // more registers live (box3d2r double at its default plan, predicted
  // to spill, spilled 276 bytes with it, none without; bT=1 plans, where
  // it only drops the load's select, lost occupancy to it: box2d3r float
  // 281 against 222 GCells/s on the H100). Stars of radius 3 and more
  // gained nothing or spilled (star2d3r float: 578.6 against 580.2, and 8
  // bytes spilled at its default plan); star2d4r gained, through the
  // option in the plan cache.
  // The sides loop (docs/plans.md) with it in 3D, except under the cached
  // exchange: there its unguarded columns took box3d1r's and j3d27pt's
  // float plans from 128 registers to 160 (one block per SM instead of
  // two: 289 -> 224 GCells/s on the H100), where the SCR plans gained
  // (star3d1r float 539 -> 570). In 2D it made default plans of 7 to 9
  // levels spill 4 to 36 bytes (gradient2d double, float square roots,
  // casts); the plan cache takes it where it gained (gradient2d float 835
  // -> 917).
  bool WideStar =
      Plan.Variant == OptimizationVariant::Star && A.MaxRadius >= 3;
  bool Interior = !G.VirtualStream && Plan.TemporalDegree > 1 && !WideStar &&
                  !planPredictedToSpill(Plan, A, Limits.RegistersPerSM);
  Plan.InteriorLoopDefault = Interior ? interiorLoopWhenOn(Plan) : 0;
  if (R.InteriorLoop && *R.InteriorLoop > 2) {
    Error = "--interior-loop=" + std::to_string(*R.InteriorLoop) +
            " is none of 0, 1 and 2";
    return false;
  }
  Plan.InteriorLoop = R.InteriorLoop.value_or(Plan.InteriorLoopDefault);
  if (Plan.InteriorLoop && G.VirtualStream) {
    Error = "--interior-loop=" + std::to_string(Plan.InteriorLoop) +
            ": a 1D stencil's stream is one plane, which has no interior";
    return false;
  }
  if (R.OffsetBits && *R.OffsetBits != 32 && *R.OffsetBits != 64) {
    Error = "--offset-bits=" + std::to_string(*R.OffsetBits) +
            " is neither 32 nor 64";
    return false;
  }
  Plan.NarrowOffsets = R.OffsetBits.value_or(64) == 32;
  Plan.PredicatedStore = R.PredicatedStore.value_or(false);
  return true;
}

} // namespace

std::optional<TemporalBlockingPlan>
makePlan(const StencilProgram &P, const StencilAnalysis &A,
         const PlanRequest &R, std::string &Error,
         const DeviceLimits &Limits) {
  TemporalBlockingPlan Plan;
  Plan.Element = A.Element;
  Plan.Geometry = geometryOf(A);

  if (R.Order && (R.WarpCells || R.Exchange == ExchangeScheme::Shuffle)) {
    Error = "--sum-order orders partial sums (--opt=assoc or --stream-sums); "
            "--exchange=shuffle has none";
    return std::nullopt;
  }
  if (R.StreamSumRows)
    return makeStreamSumsPlan(std::move(Plan), A, R, Error);
  if (R.WarpCells || R.Exchange == ExchangeScheme::Shuffle)
    return makeShufflePlan(std::move(Plan), P, A, R, Error, Limits);
  return PlanBuilder(P, A, R, Error, Limits, std::move(Plan)).build();
}

TemporalBlockingPlan naivePlan(const StencilAnalysis &A) {
  TemporalBlockingPlan Plan;
  Plan.Element = A.Element;
  Plan.Geometry = geometryOf(A);
  return Plan;
}

} // namespace stencilcc
