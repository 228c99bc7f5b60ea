//===- Planner/TemporalBlockingPlan.cpp - Plans and their defaults --------===//
//
// Defaults (until the model-driven planner replaces them), chosen so that
// the halo stays a small fraction of the block and the suite sizes of
// SPEC §5 give enough blocks to fill an H100 (measurements behind them in
// docs/performance-notes.md):
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
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace stencilcc {

const char *exchangeSchemeName(ExchangeScheme S) {
  switch (S) {
  case ExchangeScheme::SCR:
    return "scr";
  case ExchangeScheme::MCR:
    return "mcr";
  case ExchangeScheme::Cached:
    return "cached";
  case ExchangeScheme::Shuffle:
    return "shuffle";
  }
  return "";
}

const char *naivePlanSummary() {
  return "naive (one kernel per time step, global memory only)";
}

const char *sumOrderName(SumOrder O) {
  return O == SumOrder::Value ? "value" : "plane";
}

const char *optimizationVariantName(OptimizationVariant V) {
  switch (V) {
  case OptimizationVariant::Star:
    return "star";
  case OptimizationVariant::General:
    return "none";
  case OptimizationVariant::Assoc:
    return "assoc";
  }
  return "";
}

unsigned TemporalBlockingPlan::cellsPerBlock() const {
  unsigned N = 1;
  for (unsigned B : BlockSizes)
    N *= B;
  return N;
}

unsigned TemporalBlockingPlan::threadsPerBlock() const {
  return cellsPerBlock() / RowsPerThread;
}

int64_t TemporalBlockingPlan::haloBefore(unsigned I) const {
  return int64_t(TemporalDegree) * Geometry.TileNeg[I];
}

int64_t TemporalBlockingPlan::haloAfter(unsigned I) const {
  return int64_t(TemporalDegree) * Geometry.TilePos[I];
}

unsigned TemporalBlockingPlan::shuffleHaloLanes(bool After) const {
  int64_t Cells = int64_t(TemporalDegree) *
                  (After ? Geometry.TilePos[0] : Geometry.TileNeg[0]);
  return unsigned((Cells + WarpCells - 1) / WarpCells);
}

int64_t TemporalBlockingPlan::computeWidth(unsigned I) const {
  if (Exchange == ExchangeScheme::Shuffle)
    return int64_t(BlockSizes[0] / 32) *
           (32 - int64_t(shuffleHaloLanes(false)) -
            int64_t(shuffleHaloLanes(true))) *
           WarpCells;
  return int64_t(BlockSizes[I]) - haloBefore(I) - haloAfter(I);
}

unsigned TemporalBlockingPlan::exchangeLocations() const {
  return (TemporalDegree + ReuseDegree - 1) / ReuseDegree;
}

unsigned TemporalBlockingPlan::scrWrittenLocations(unsigned Degree) const {
  unsigned RD = std::min(ReuseDegree, Degree);
  unsigned Locations = (Degree + RD - 1) / RD;
  if (!StagedExchange)
    return Locations;
  // Round r writes levels r*Locations+1 .., round 0 without level 1.
  unsigned Rounds = (Degree + Locations - 1) / Locations;
  unsigned Written = Locations - 1;
  for (unsigned R = 1; R < Rounds; ++R)
    Written = std::max(Written, std::min(Degree, (R + 1) * Locations) -
                                    R * Locations);
  return Written;
}

unsigned TemporalBlockingPlan::mcrRingLength() const { return McrRing; }

/// Elements of one exchange plane: the tile padded by the in-plane reach.
static uint64_t planeElements(const TemporalBlockingPlan &P) {
  uint64_t N = 1;
  for (size_t I = 0; I < P.BlockSizes.size(); ++I)
    N *= P.BlockSizes[I] + P.Geometry.TileNeg[I] + P.Geometry.TilePos[I];
  return N;
}

uint64_t TemporalBlockingPlan::sharedBytes() const {
  uint64_t Planes = 0;
  if (!ExchangedOffsets.empty())
    Planes = Exchange == ExchangeScheme::SCR
                 ? 2ull * scrWrittenLocations(TemporalDegree) *
                       ExchangedOffsets.size()
             : Exchange == ExchangeScheme::MCR
                 ? uint64_t(TemporalDegree) * mcrRingLength()
                 : 2ull * TemporalDegree;
  if (StagedExchange)
    Planes += AsyncRing;
  return (Planes * planeElements(*this) +
          uint64_t(SharedSlots + (StagedExchange ? 0 : AsyncRing)) *
              cellsPerBlock()) *
         elementTypeSize(Element);
}

int64_t
TemporalBlockingPlan::streamOffset(const std::vector<int64_t> &Offset) const {
  return Geometry.VirtualStream ? 0 : Offset[0];
}

std::vector<int64_t> TemporalBlockingPlan::inPlaneOffset(
    const std::vector<int64_t> &Offset) const {
  std::vector<int64_t> V;
  for (unsigned D : Geometry.TileDims)
    V.push_back(Offset[D]);
  return V;
}

std::vector<int64_t>
TemporalBlockingPlan::offsetFromFirstRow(std::vector<int64_t> V,
                                         unsigned Row) const {
  if (V.size() == 2)
    V[0] += Row;
  return V;
}

std::optional<unsigned>
TemporalBlockingPlan::ownColumnRow(const std::vector<int64_t> &V) const {
  if (V.size() == 2)
    return V[1] == 0 && V[0] >= 0 && V[0] < int64_t(RowsPerThread)
               ? std::optional<unsigned>(unsigned(V[0]))
               : std::nullopt;
  for (int64_t O : V)
    if (O != 0)
      return std::nullopt;
  return 0u;
}

bool TemporalBlockingPlan::readsFromRegisters(
    const std::vector<int64_t> &Offset) const {
  for (unsigned D : Geometry.TileDims)
    if (Offset[D] != 0)
      return false;
  return Variant == OptimizationVariant::Star ||
         Variant == OptimizationVariant::Assoc ||
         neighboursInRegisters() || streamOffset(Offset) == 0;
}

std::string TemporalBlockingPlan::summary() const {
  if (StreamSumRows)
    return "stream-sums rows=" + std::to_string(StreamSumRows) + " bS=" +
           std::to_string(BlockSizes[0]) + "x" + std::to_string(BlockSizes[1]) +
           " hSN=" + std::to_string(StreamLength) +
           (Order == SumOrder::Value ? " order=value" : "") +
           " (one step per launch, partial sums in registers)" +
           (FastMath ? " fast-math" : "");
  std::string S = "bT=" + std::to_string(TemporalDegree) + " bS=";
  for (size_t I = 0; I < BlockSizes.size(); ++I)
    S += (I ? "x" : "") + std::to_string(BlockSizes[I]);
  if (RowsPerThread > 1)
    S += " rows=" + std::to_string(RowsPerThread);
  S += " hSN=" + (StreamLength ? std::to_string(StreamLength) : "whole");
  if (Exchange == ExchangeScheme::Shuffle) {
    S += " shuffle(cells=" + std::to_string(WarpCells) + ")";
    if (MaxRegisters)
      S += " maxreg=" + std::to_string(MaxRegisters);
    else if (BlocksPerSM > 1)
      S += " blocks/SM=" + std::to_string(BlocksPerSM);
    S += " opt=" + std::string(optimizationVariantName(Variant));
    return FastMath ? S + " fast-math" : S;
  }
  S += Variant == OptimizationVariant::Assoc
           ? " cached(" + std::to_string(SumRing) + " partial sums)"
       : Exchange == ExchangeScheme::SCR
           ? " SCR(RD=" + std::to_string(ReuseDegree) + ")"
       : Exchange == ExchangeScheme::MCR
           ? std::string(" MCR")
           : " cached(" + std::to_string(NeighbourRing) + " planes)";
  if (Order == SumOrder::Value)
    S += " order=value";
  S += " NS=" + std::to_string(SharedSlots);
  S += " pf=" + std::to_string(Prefetch);
  if (AsyncDepth)
    S += " async=" + std::to_string(AsyncDepth);
  if (InteriorLoop != InteriorLoopDefault)
    S += " interior=" + std::to_string(InteriorLoop);
  if (NarrowOffsets)
    S += " offsets=32";
  if (PredicatedStore)
    S += " store=predicated";
  if (StagedExchange)
    S += " stage=plane";
  if (MaxRegisters)
    S += " maxreg=" + std::to_string(MaxRegisters);
  else if (BlocksPerSM > 1)
    S += " blocks/SM=" + std::to_string(BlocksPerSM);
  S += " opt=" + std::string(optimizationVariantName(Variant));
  if (FastMath)
    S += " fast-math";
  return S;
}

// A 3D star's blocked kernel waits on its loads (1024-thread blocks, one
// per SM, a barrier per plane): on the H100 four planes in flight as
// asynchronous copies, one in registers, took star3d1r from 361 to 440
// GCells/s in float (bT=4) and from 257 to 311 in double (bT=3), where two
// more planes in registers spilled. Partial sums and 2D plans gained
// nothing or lost (box3d1r 220 against 203, star2d1r 1394 against 1359).
unsigned defaultAsyncDepth(const TemporalBlockingPlan &Plan) {
  bool ThreeD = Plan.Geometry.TileDims.size() == 2;
  return ThreeD && !Plan.StreamSumRows &&
                 Plan.Variant == OptimizationVariant::Star
             ? 4
             : 0;
}

unsigned defaultPrefetch(const TemporalBlockingPlan &Plan) {
  return Plan.AsyncDepth ? 1 : 2;
}

static KernelGeometry geometryOf(const StencilAnalysis &A) {
  KernelGeometry G;
  if (A.NumDims == 1) {
    G.VirtualStream = true;
    G.TileDims = {0};
    G.TileNeg = {A.Radius[0].Negative};
    G.TilePos = {A.Radius[0].Positive};
    return G;
  }
  G.StreamNeg = A.Radius[0].Negative;
  G.StreamPos = A.Radius[0].Positive;
  for (unsigned D = 1; D < A.NumDims; ++D) {
    G.TileDims.push_back(D);
    G.TileNeg.push_back(A.Radius[D].Negative);
    G.TilePos.push_back(A.Radius[D].Positive);
  }
  return G;
}

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

/// In-plane parts of the reads that leave the thread's own column.
static std::set<std::vector<int64_t>>
neighbourOffsets(const TemporalBlockingPlan &Plan, const StencilAnalysis &A) {
  std::set<std::vector<int64_t>> N;
  for (const std::vector<int64_t> &O : A.Offsets)
    if (auto V = neighbourPart(Plan, O))
      N.insert(*V);
  return N;
}

/// Whether some in-plane neighbour is read at several streaming offsets,
/// the reuse the cached exchange turns into register reads.
static bool neighboursShared(const TemporalBlockingPlan &Plan,
                             const StencilAnalysis &A) {
  size_t Reads = 0;
  for (const std::vector<int64_t> &O : A.Offsets)
    Reads += neighbourPart(Plan, O).has_value();
  return Reads > neighbourOffsets(Plan, A).size();
}

/// 32-bit registers per thread the queues take (own column and, with the
/// cached exchange, neighbour values of every level, plus the boundary
/// slots): the part of the register count a plan controls.
static unsigned queueRegisters(const TemporalBlockingPlan &Plan,
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
    // docs/results/default-plan-h100-2026-11-23). Not in 3D: star3d4r
    // double's bT=1 16x32 plan took 63 (docs/results/model-tiles-h100-
    // 2026-11-24).
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

/// The register cap __launch_bounds__ implies for \p Blocks blocks per SM.
static unsigned registerCap(const TemporalBlockingPlan &Plan, unsigned Blocks,
                            unsigned RegistersPerSM) {
  unsigned Cap = RegistersPerSM / (Plan.threadsPerBlock() * Blocks);
  return std::min(255u, Cap / 8 * 8);
}

/// ptxas spills where the registers a plan controls reach 9/10 of the cap
/// (the rest holds addresses and indices).
static bool reachesSpill(unsigned Demand, unsigned Cap) {
  return Demand * 10 >= Cap * 9;
}

unsigned planRegisterCap(const TemporalBlockingPlan &Plan,
                         unsigned RegistersPerSM) {
  if (Plan.MaxRegisters)
    return (Plan.MaxRegisters + 7) / 8 * 8;
  return registerCap(Plan, Plan.BlocksPerSM, RegistersPerSM);
}

unsigned interiorLoopWhenOn(const TemporalBlockingPlan &Plan) {
  bool ThreeD = Plan.Geometry.TileDims.size() == 2;
  return ThreeD && Plan.Exchange != ExchangeScheme::Cached ? 2 : 1;
}

bool planPredictedToSpill(const TemporalBlockingPlan &Plan,
                          const StencilAnalysis &A, unsigned RegistersPerSM) {
  return reachesSpill(planRegisterDemand(Plan, A),
                      planRegisterCap(Plan, RegistersPerSM));
}

/// The smallest divisor of \p U that is at least \p AtLeast: a ring
/// indexed by column stretched to the unrolled period.
static unsigned DivisorOf(unsigned U, unsigned AtLeast) {
  unsigned D = AtLeast;
  while (U % D)
    ++D;
  return D;
}

/// The exchanged offsets, the lag between levels, the queue lengths and
/// the unrolled period that follow from the plan's exchange scheme,
/// variant and prefetch distance.
static void layoutQueues(TemporalBlockingPlan &Plan, const StencilAnalysis &A) {
  const KernelGeometry &G = Plan.Geometry;
  std::set<int64_t> Ex;
  for (const std::vector<int64_t> &O : A.Offsets)
    if (!Plan.readsFromRegisters(O))
      Ex.insert(Plan.streamOffset(O));
  Plan.ExchangedOffsets.assign(Ex.begin(), Ex.end());
  // Every exchanged value must come from an earlier column, so one barrier
  // per column (per SCR round) orders it; register reads only need the
  // plane made earlier in the same column.
  int64_t Lag = std::max<int64_t>(G.StreamPos, 1);
  if (!Ex.empty())
    Lag = std::max(Lag, *Ex.rbegin() + 1);
  Plan.Lag = Lag;
  // A level reads StreamNeg planes below the plane it makes, and a boundary
  // cell at level L copies level L-2's value, 2*Lag planes back: the queue
  // keeps whichever reaches further.
  unsigned W = unsigned(Plan.Prefetch + Lag + std::max(G.StreamNeg, Lag) + 1);
  Plan.QueueLength = W;
  Plan.NeighbourRing = 0;
  Plan.McrRing = 0;
  Plan.SumRing = 0;
  if (Plan.Variant == OptimizationVariant::Assoc) {
    // Level L adds plane x of level L-1 to its partial sums in the column
    // after x was made (when x has passed through the double buffer), and
    // finishes plane y in the column it adds plane y + StreamPos: so
    // levels are StreamPos + 1 planes apart. A sum lives from its first
    // term (plane y + min offset) to its finish: Lag - min offset planes.
    // Both rings are stretched to divisors of one even period (the double
    // buffer alternates), whichever costs the fewest extra registers.
    int64_t MinOffset = 0;
    for (const std::vector<int64_t> &O : A.Offsets)
      MinOffset = std::min(MinOffset, Plan.streamOffset(O));
    Lag = std::max<int64_t>(G.StreamPos, 0) + 1;
    Plan.Lag = Lag;
    W = unsigned(Plan.Prefetch + Lag + std::max(G.StreamNeg, Lag) + 1);
    unsigned E = unsigned(Lag - MinOffset);
    unsigned Least = std::max(W, E), Best = 0, BestCost = ~0u;
    for (unsigned U = Least; U <= 2 * Least; ++U) {
      if (!Ex.empty() && U % 2)
        continue;
      unsigned Cost = DivisorOf(U, W) - W + DivisorOf(U, E) - E;
      if (Cost < BestCost) {
        Best = U;
        BestCost = Cost;
      }
    }
    Plan.QueueLength = DivisorOf(Best, W);
    Plan.SumRing = DivisorOf(Best, E);
    Plan.UnrollPeriod = Best;
  } else if (Plan.Exchange == ExchangeScheme::SCR) {
    Plan.UnrollPeriod = Ex.empty() ? W : std::lcm(W, 2u);
  } else if (Plan.Exchange == ExchangeScheme::MCR) {
    if (Ex.empty()) {
      Plan.UnrollPeriod = W;
    } else {
      // The ring and the queue rotate together: rather than unroll over
      // lcm(W, ring) (156 columns for box2d4r, and minutes of nvcc), the
      // shorter of the two is stretched to a divisor of the longer, at the
      // price of a shared plane or a register per level.
      unsigned Ring = unsigned(Plan.Prefetch + Lag - *Ex.begin() + 1);
      unsigned U = std::max(W, Ring);
      Plan.QueueLength = DivisorOf(U, W);
      Plan.McrRing = DivisorOf(U, Ring);
      Plan.UnrollPeriod = U;
    }
  } else if (Ex.empty()) {
    Plan.UnrollPeriod = W;
  } else {
    // Neighbour values of plane x stay from the column after the previous
    // level made it until the last plane reading it is made: Lag - min(Ex)
    // planes. The period is the smallest even number (the double buffer
    // alternates) holding the queue; both rings are stretched to divisors
    // of it, a register or two per level against a shorter unrolled loop.
    unsigned Wn = unsigned(Lag - *Ex.begin());
    unsigned U = std::max(W, Wn);
    U += U % 2;
    Plan.QueueLength = DivisorOf(U, W);
    Plan.NeighbourRing = DivisorOf(U, Wn);
    Plan.UnrollPeriod = U;
  }
}

/// --max-registers (__maxnreg__, which excludes __launch_bounds__): sets
/// Plan.MaxRegisters after checking it against --blocks-per-sm and the
/// range a block of \p Threads fits (ptxas allocates in units of 8).
/// Returns the cap rounded up to ptxas's unit, or 0 with \p Error set.
static unsigned applyRegisterCap(TemporalBlockingPlan &Plan,
                                 const PlanRequest &R, unsigned Threads,
                                 const DeviceLimits &Limits,
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

/// --exchange=shuffle (WarpShuffleKernel.h). Defaults, measured on the H100
/// with a hand-written prototype of star2d1r (docs/plans.md): 4 cells per
/// lane, 128-thread blocks, 256-row segments, and the deepest bT whose
/// halo keeps at least 3/4 of a warp's lanes computing and whose queues
/// stay under 192 registers (star2d1r float: bT=12, 2120 GCells/s).
static std::optional<TemporalBlockingPlan>
makeShufflePlan(const StencilProgram &P, const StencilAnalysis &A,
                const PlanRequest &R, std::string &Error,
                const DeviceLimits &Limits) {
  TemporalBlockingPlan Plan;
  Plan.Element = A.Element;
  Plan.Geometry = geometryOf(A);
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

std::optional<TemporalBlockingPlan>
makePlan(const StencilProgram &P, const StencilAnalysis &A,
         const PlanRequest &R, std::string &Error,
         const DeviceLimits &Limits) {
  TemporalBlockingPlan Plan;
  Plan.Element = A.Element;
  Plan.Geometry = geometryOf(A);
  const KernelGeometry &G = Plan.Geometry;
  bool ThreeD = A.NumDims == 3;

  if (R.Order && (R.WarpCells || R.Exchange == ExchangeScheme::Shuffle)) {
    Error = "--sum-order orders partial sums (--opt=assoc or --stream-sums); "
            "--exchange=shuffle has none";
    return std::nullopt;
  }
  if (R.StreamSumRows) {
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

  if (R.WarpCells || R.Exchange == ExchangeScheme::Shuffle)
    return makeShufflePlan(P, A, R, Error, Limits);

  // A 1024-thread block has at most 64 registers per thread: only the
  // float radius-1 star's queue fits; the others take 512-thread blocks.
  bool Narrow = !(A.Element == ElementType::Float && A.MaxRadius <= 1 &&
                  A.Shape == StencilShape::Star);
  // Measured (docs/performance-notes.md): radius-1 stencils gain from
  // deeper blocking than the others.
  unsigned DefaultDegree = ThreeD ? (A.MaxRadius <= 1   ? (Narrow ? 3 : 4)
                                     : A.MaxRadius <= 2 ? 2
                                                        : 1)
                                  : (A.MaxRadius <= 1 ? 8 : 4);
  Plan.TemporalDegree = R.TemporalDegree.value_or(DefaultDegree);
  if (Plan.TemporalDegree < 1 || Plan.TemporalDegree > 32) {
    Error = "temporal degree --bt=" + std::to_string(Plan.TemporalDegree) +
            " is outside 1..32";
    return std::nullopt;
  }
  unsigned BT = Plan.TemporalDegree;

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
    return std::nullopt;
  }
  for (size_t I = 0; I < Plan.BlockSizes.size(); ++I) {
    if (Plan.computeWidth(I) < 1) {
      const std::string &Var = P.SpatialLoops[G.TileDims[I]].Var;
      Error = "halo larger than the block: in dimension '" + Var +
              "' bT*radius = " + std::to_string(Plan.haloBefore(I)) + "+" +
              std::to_string(Plan.haloAfter(I)) + " leaves no compute "
              "region in a block of " + std::to_string(Plan.BlockSizes[I]) +
              " threads";
      return std::nullopt;
    }
  }
  Plan.RowsPerThread = R.RowsPerThread.value_or(1);
  if (unsigned Rows = Plan.RowsPerThread; Rows != 1) {
    if (Rows != 2 && Rows != 4 && Rows != 8) {
      Error = "--rows-per-thread=" + std::to_string(Rows) +
              ": the rows per thread are 1, 2, 4 or 8";
      return std::nullopt;
    }
    if (!ThreeD) {
      Error = "--rows-per-thread coarsens the outer tiled dimension of a 3D "
              "stencil; this stencil has " + std::to_string(A.NumDims);
      return std::nullopt;
    }
    if (Plan.BlockSizes[0] % Rows) {
      Error = "--rows-per-thread=" + std::to_string(Rows) +
              " does not divide the tile's " +
              std::to_string(Plan.BlockSizes[0]) + " rows (--bs gives the "
              "tile in cells)";
      return std::nullopt;
    }
  }
  if (Plan.threadsPerBlock() > Limits.MaxThreadsPerBlock) {
    Error = "too many threads: a block of " +
            std::to_string(Plan.threadsPerBlock()) + " exceeds the GPU's " +
            std::to_string(Limits.MaxThreadsPerBlock);
    return std::nullopt;
  }

  Plan.StreamLength =
      R.StreamLength.value_or(G.VirtualStream ? 0 : ThreeD ? 128 : 512);

  // Exchanged streaming offsets: reads that leave the thread's own column.
  // Partial sums by default where they beat the cached exchange and SCR
  // (H100, docs/performance-notes.md): box shapes that are sums of
  // products, except 2D float of radius 1 and 2, where the cached exchange
  // is as fast or faster (box2d2r 385 against 361 GCells/s, j2d9pt-gol 596
  // against 492; box2d1r is the exception, 679 against 774).
  bool DefaultAssoc = !R.Variant && !R.Exchange && !R.ReuseDegree &&
                      A.Shape != StencilShape::Star && A.SumOfProducts &&
                      !G.VirtualStream &&
                      !(!ThreeD && A.Element == ElementType::Float &&
                        A.MaxRadius <= 2);
  Plan.Variant = DefaultAssoc ? OptimizationVariant::Assoc
                 : R.Variant.value_or(A.Shape == StencilShape::Star
                                          ? OptimizationVariant::Star
                                          : OptimizationVariant::General);
  if (Plan.Variant == OptimizationVariant::Star &&
      A.Shape != StencilShape::Star) {
    Error = "--opt=star needs a diagonal-access-free (star) stencil; this "
            "one is " + std::string(stencilShapeName(A.Shape));
    return std::nullopt;
  }
  bool Assoc = Plan.Variant == OptimizationVariant::Assoc;
  if (Assoc && !A.SumOfProducts) {
    Error = "--opt=assoc needs an associative update, a sum of products of "
            "read-free coefficients and reads of the previous time level "
            "(scaled at most by a read-free factor or divisor); this one "
            "is not";
    return std::nullopt;
  }
  if (Assoc && R.Exchange && *R.Exchange != ExchangeScheme::Cached) {
    Error = "--opt=assoc adds each plane to its partial sums from the "
            "double buffer of --exchange=cached; --exchange=" +
            std::string(exchangeSchemeName(*R.Exchange)) +
            " is not implemented with it";
    return std::nullopt;
  }
  Plan.AsyncDepth = R.AsyncCopy.value_or(defaultAsyncDepth(Plan));
  Plan.Prefetch = R.Prefetch.value_or(defaultPrefetch(Plan));
  if (Plan.Prefetch > 8) {
    Error = "--prefetch=" + std::to_string(Plan.Prefetch) + " is outside 0..8";
    return std::nullopt;
  }
  if (Plan.AsyncDepth > 8) {
    Error = "--async-copy=" + std::to_string(Plan.AsyncDepth) +
            " is outside 0..8";
    return std::nullopt;
  }
  if (Plan.AsyncDepth && G.VirtualStream) {
    Error = "--async-copy stages the planes of the streaming dimension; a "
            "1D stencil loads its one plane once";
    return std::nullopt;
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
        A.Element == ElementType::Float &&
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

  // The exchange's choice may have lowered a default bT.
  BT = Plan.TemporalDegree;
  Plan.ReuseDegree = R.ReuseDegree.value_or(1);
  if (Plan.ReuseDegree < 1 || Plan.ReuseDegree > BT) {
    Error = "reuse degree --rd=" + std::to_string(Plan.ReuseDegree) +
            " must be between 1 and bT (" + std::to_string(BT) + ")";
    return std::nullopt;
  }
  if (Plan.Exchange == ExchangeScheme::MCR) {
    if (Plan.ExchangedOffsets.size() < 2) {
      Error = "--exchange=mcr applies to stencils whose in-plane neighbours "
              "span several planes (paper 000 type B); this one exchanges "
              "one plane per level, where MCR is SCR";
      return std::nullopt;
    }
  }
  if (Assoc && R.ReuseDegree) {
    Error = "--rd applies to --exchange=scr only; --opt=assoc uses the "
            "double buffer of --exchange=cached";
    return std::nullopt;
  }
  if (Plan.Exchange != ExchangeScheme::SCR && R.ReuseDegree &&
      *R.ReuseDegree != 1) {
    Error = "--rd applies to --exchange=scr only";
    return std::nullopt;
  }

  if (R.Order && !Assoc) {
    Error = "--sum-order orders the partial sums of --opt=assoc; this plan "
            "has none (--opt=" +
            std::string(optimizationVariantName(Plan.Variant)) + ")";
    return std::nullopt;
  }
  if (Plan.RowsPerThread > 1 && !Assoc &&
      Plan.Exchange != ExchangeScheme::SCR) {
    Error = "--rows-per-thread applies to --exchange=scr and --opt=assoc; "
            "this plan uses --exchange=" +
            std::string(exchangeSchemeName(Plan.Exchange));
    return std::nullopt;
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
      return std::nullopt;
    }
  }
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

  unsigned Slots = BT * Plan.QueueLength;
  Plan.SharedSlots = R.SharedSlots.value_or(0);
  if (Plan.SharedSlots && Plan.RowsPerThread > 1) {
    Error = "--rows-per-thread keeps every queue slot in registers; --ns=" +
            std::to_string(Plan.SharedSlots) + " is not implemented with it";
    return std::nullopt;
  }
  if (Plan.SharedSlots > Slots) {
    Error = "--ns=" + std::to_string(Plan.SharedSlots) + " exceeds the " +
            std::to_string(Slots) + " queue slots of this plan (bT=" +
            std::to_string(BT) + " levels x " +
            std::to_string(Plan.QueueLength) + " planes)";
    return std::nullopt;
  }
  if (Plan.sharedBytes() > Limits.MaxSharedPerBlock) {
    Error = "plan needs " + std::to_string(Plan.sharedBytes()) +
            " bytes of shared memory per block; the GPU has " +
            std::to_string(Limits.MaxSharedPerBlock);
    return std::nullopt;
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
      return std::nullopt;
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
      return std::nullopt;
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
    return std::nullopt;
  }
  if (Plan.sharedBytes() * Plan.BlocksPerSM > Limits.MaxSharedPerSM) {
    Error = std::to_string(Plan.BlocksPerSM) + " blocks of " +
            std::to_string(Plan.sharedBytes()) +
            " bytes of shared memory exceed the " +
            std::to_string(Limits.MaxSharedPerSM) + " bytes of an SM";
    return std::nullopt;
  }

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
    return std::nullopt;
  }
  Plan.InteriorLoop = R.InteriorLoop.value_or(Plan.InteriorLoopDefault);
  if (Plan.InteriorLoop && G.VirtualStream) {
    Error = "--interior-loop=" + std::to_string(Plan.InteriorLoop) +
            ": a 1D stencil's stream is one plane, which has no interior";
    return std::nullopt;
  }
  if (R.OffsetBits && *R.OffsetBits != 32 && *R.OffsetBits != 64) {
    Error = "--offset-bits=" + std::to_string(*R.OffsetBits) +
            " is neither 32 nor 64";
    return std::nullopt;
  }
  Plan.NarrowOffsets = R.OffsetBits.value_or(64) == 32;
  Plan.PredicatedStore = R.PredicatedStore.value_or(false);
  return Plan;
}

} // namespace stencilcc
