//===- Emitter/KernelLayout.cpp - What the kernel writers share -----------===//
#include "KernelLayout.h"

#include <algorithm>

namespace stencilcc {

ReadSets readSets(const KernelContext &K) {
  ReadSets R;
  bool Cached = K.Plan.neighboursInRegisters();
  for (const std::vector<int64_t> &O : K.Analysis.Offsets) {
    int64_t S = K.Plan.streamOffset(O);
    if (K.Plan.readsFromRegisters(O)) {
      R.Registers.insert(S);
    } else if (Cached) {
      R.Neighbours.insert({S, K.Plan.inPlaneOffset(O)});
      R.NeighbourOffsets.insert(K.Plan.inPlaneOffset(O));
    } else {
      R.Exchanged.insert(S);
    }
  }
  return R;
}

std::string neighbourName(int64_t S, const std::vector<int64_t> &V) {
  return "n_" + offsetTag(S) + "__" + inPlaneTag(V);
}

int64_t paddedExtent(const TemporalBlockingPlan &P, unsigned I) {
  return P.BlockSizes[I] + P.Geometry.TileNeg[I] + P.Geometry.TilePos[I];
}

int64_t planeElements(const TemporalBlockingPlan &P) {
  int64_t N = 1;
  for (unsigned I = 0; I < P.BlockSizes.size(); ++I)
    N *= paddedExtent(P, I);
  return N;
}

std::string spatialVar(unsigned D) { return "x" + std::to_string(D); }

ExchangeShape exchangeShape(const TemporalBlockingPlan &P, unsigned Degree) {
  ExchangeShape E;
  if (P.ExchangedOffsets.empty())
    return E;
  if (P.Exchange == ExchangeScheme::SCR) {
    unsigned RD = std::min(P.ReuseDegree, Degree);
    E.Locations = (Degree + RD - 1) / RD;
    E.Rounds = (Degree + E.Locations - 1) / E.Locations;
    E.Written = P.scrWrittenLocations(Degree);
    E.Planes = 2 * E.Written * P.ExchangedOffsets.size();
  } else if (P.Exchange == ExchangeScheme::MCR) {
    E.Ring = P.mcrRingLength();
    E.Planes = Degree * E.Ring;
  } else {
    E.Planes = 2 * Degree;
  }
  return E;
}

} // namespace stencilcc
