//===- Planner/QueueLayout.cpp - Geometry and queues of a plan ------------===//
//
// What follows from an analysis and a plan's exchange scheme, variant and
// prefetch distance alone: the kernel geometry (streaming and tiled
// dimensions), which streaming offsets go through the exchange, the lag
// between levels, the queue lengths and the unrolled period.
//
//===----------------------------------------------------------------------===//
#include "PlanConstruction.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace stencilcc {

KernelGeometry geometryOf(const StencilAnalysis &A) {
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

unsigned DivisorOf(unsigned U, unsigned AtLeast) {
  unsigned D = AtLeast;
  while (U % D)
    ++D;
  return D;
}

void layoutQueues(TemporalBlockingPlan &Plan, const StencilAnalysis &A) {
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

} // namespace stencilcc
