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
  // Guided bounds of segments shorter than 48 could come out of order.
  Guided = Guided && Length >= 48;
  const std::string Block = "(int)blockIdx." + Axis;
  // --mpi runs launches in parts (stencilcc_part_segment): a part the
  // rows [part_top, part_bottom), in segments of its own, so that no
  // segment spans a part's end and drags in rows of the next.
  const std::string PartSegment =
      !Parts ? std::string()
             : "  if (part != 0 && !stencilcc_part_segment<" +
                   std::string(Guided ? "true" : "false") +
                   ">(part_top, part_bottom, " + Lo + ", " + Hi + ", " +
                   std::to_string(Length) + ", " + Block + ", " + Names.Begin +
                   ", " + Names.End +
                   "))\n"
                   "    return; // no segment of this part\n";
  const std::string Const = Parts ? "" : "const ";
  if (!Guided) {
    // Equal segments: bounds ptxas recomputes from blockIdx rather than
    // holding them in registers.
    OS << "  " << Const << "int " << Names.Begin << " = " << Lo << " + " << Block << " * "
       << Length << ";\n"
       << "  " << Const << "int " << Names.End << " = min(" << Names.Begin << " + " << Length
       << ", " << Hi << ");\n"
       << PartSegment;
    return OS.str();
  }
  OS << "  // Stream segments of " << Length
     << " on average, longer first, so that the short ones\n"
        "  // fill the end of the launch.\n"
     << "  const int " << Names.Segments << " = (int)gridDim." << Axis << ", "
     << Names.Segment << " = " << Block << ";\n"
     << "  const int " << Names.Guide << " = stencilcc_segment_guide(" << Names.Segments
     << ");\n"
     << "  " << Const << "int " << Names.Begin << " = stencilcc_segment_bound(" << Names.Segment
     << ", " << Names.Segments << ", " << Lo << ", " << Hi << ", " << Names.Guide << ");\n"
     << "  " << Const << "int " << Names.End << " = stencilcc_segment_bound(" << Names.Segment
     << " + 1, " << Names.Segments << ", " << Lo << ", " << Hi << ", " << Names.Guide
     << ");\n"
     << PartSegment
     << "  if (" << Names.End << " <= " << Names.Begin << ")\n"
     << "    return; // the whole block\n";
  return OS.str();
}

} // namespace stencilcc
