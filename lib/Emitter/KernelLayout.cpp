//===- Emitter/KernelLayout.cpp - What the kernel writers share -----------===//
#include "KernelLayout.h"

#include <algorithm>
#include <sstream>

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

std::string streamSegmentBounds(const std::string &Axis, const std::string &Lo,
                                const std::string &Hi, int64_t Length, bool Guided,
                                const SegmentNames &Names, bool Parts) {
  std::ostringstream OS;
  // --mpi splits the launch before an exchange: part 1 the segments that
  // write rows the neighbours need (above part_top, below part_bottom),
  // part 2 the others, while the exchange runs.
  const std::string PartFilter =
      !Parts ? std::string()
             : "  if (part != 0 && (" + Names.Begin + " < part_top || " + Names.End +
                   " > part_bottom) != (part == 1))\n"
                   "    return; // the other part of an --mpi launch\n";
  // Guided bounds of segments shorter than 48 could come out of order.
  if (!Guided || Length < 48) {
    // Equal segments: bounds ptxas recomputes from blockIdx rather than
    // holding them in registers.
    OS << "  const int " << Names.Begin << " = " << Lo << " + (int)blockIdx." << Axis << " * "
       << Length << ";\n"
       << "  const int " << Names.End << " = min(" << Names.Begin << " + " << Length << ", "
       << Hi << ");\n"
       << PartFilter;
    return OS.str();
  }
  OS << "  // Stream segments of " << Length
     << " on average, longer first, so that the short ones\n"
        "  // fill the end of the launch.\n"
     << "  const int " << Names.Segments << " = (int)gridDim." << Axis << ", "
     << Names.Segment << " = (int)blockIdx." << Axis << ";\n"
     << "  const int " << Names.Guide << " = stencilcc_segment_guide(" << Names.Segments
     << ");\n"
     << "  const int " << Names.Begin << " = stencilcc_segment_bound(" << Names.Segment << ", "
     << Names.Segments << ", " << Lo << ", " << Hi << ", " << Names.Guide << ");\n"
     << "  const int " << Names.End << " = stencilcc_segment_bound(" << Names.Segment
     << " + 1, " << Names.Segments << ", " << Lo << ", " << Hi << ", " << Names.Guide
     << ");\n"
     << "  if (" << Names.End << " <= " << Names.Begin << ")\n"
     << "    return; // the whole block\n"
     << PartFilter;
  return OS.str();
}

} // namespace stencilcc
