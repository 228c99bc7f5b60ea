//===- Planner/TemporalBlockingPlan.cpp - What a plan implies -------------===//
//
// The quantities a plan implies (threads, halos, compute widths, exchange
// locations, shared memory, where each read comes from), its one-line
// summary, and the defaults of the loads ahead that the planner, the model
// and the search share. makePlan, which builds a plan, is MakePlan.cpp.
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
// nothing or lost (box3d1r 220 against 203, star2d1r 1394 against 1359);
// 2D SCR plans in double gain with the sides loop beside them, which the
// default search adds (DefaultPlan.cpp, scrKernelOptions2DDouble).
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

unsigned interiorLoopWhenOn(const TemporalBlockingPlan &Plan) {
  bool ThreeD = Plan.Geometry.TileDims.size() == 2;
  return ThreeD && Plan.Exchange != ExchangeScheme::Cached ? 2 : 1;
}

} // namespace stencilcc
