//===- Emitter/BlockedKernelExchange.cpp - Exchanges between threads ------===//
//
// The blocked kernel's exchanges that are not the SCR/MCR planes of a
// column: asynchronous copies into the shared-memory stage, and the
// cached exchange's double buffer, in which each level publishes its plane
// once and every thread keeps the neighbour values it reads in registers.
//
//===----------------------------------------------------------------------===//
#include "BlockedKernelWriter.h"

namespace stencilcc {

// --async-copy: the copy of column Col's plane into its stage slot, issued
// AsyncDepth columns before the column reads it, one commit group per
// column (empty once the loads stop) so that waiting for all but the
// AsyncDepth - 1 newest groups always means this column's.
void BlockedKernelWriter::writeAsyncCopy(std::ostream &OS, Phase Ph,
                                         int64_t Col,
                                         const std::string &In) const {
  std::string C = colExpr(Ph, Col);
  OS << In << "{ // copy of column " << C << "'s plane\n";
  // In a column, the plane AsyncDepth past the column's own (p); before
  // the first column, counted from the first.
  int64_t Ahead = Plan.AsyncDepth;
  OS << In << "  const int pa = "
     << (Col < Ahead ? "first + " + C : "p + " + std::to_string(Ahead))
     << ";\n";
  // Every row's copy in the column's one commit group.
  for (Row = 0; Row < Rows; ++Row) {
    if (Ph == Phase::Interior) {
      OS << In << "  stencilcc_copy_async(&" << stageSlot(Col) << ", "
         << rv("src_cell") << " + pa * stride, " << C
         << " <= load_last, true);\n";
    } else if (Ph == Phase::Sides) {
      OS << In << "  stencilcc_copy_async(&" << stageSlot(Col) << ", ("
         << rv("in_tile") << " ? " << rv("src_cell") << " : "
         << rv("boundary_even") << ") + pa * stride, " << C
         << " <= load_last, " << rv("in_array") << ");\n";
    } else {
      OS << In << "  const bool " << rv("in_pa") << " = " << rv("inside")
         << "(pa), " << rv("load_pa") << " = " << rv("in_array")
         << " && pa >= 0 && pa < stream_extent;\n";
      OS << In << "  stencilcc_copy_async(&" << stageSlot(Col) << ", ("
         << rv("in_pa") << " ? " << rv("src_cell") << " : "
         << rv("boundary_even") << ") + pa * stride, " << C
         << " <= load_last, " << rv("load_pa") << ");\n";
    }
  }
  Row = 0;
  OS << In << "  stencilcc_async_commit();\n";
  OS << In << "}\n";
}

// Cached exchange: level L publishes plane c-1-Pf-L*Lag (the plane level
// L+1 reads last in this column) into its half of a double buffer chosen
// by column parity, so the next write to that half comes after the next
// column's barrier, which every thread passes only once it has read this
// one. After the barrier each thread copies the neighbour values it reads
// into registers, where they stay while later planes read them.
std::vector<BlockedKernelWriter::Publish>
BlockedKernelWriter::publications(Phase Ph, int64_t Col) const {
  std::string C = colExpr(Ph, Col);
  std::vector<Publish> Pubs;
  for (unsigned L = 0; L < D; ++L) {
    int64_t X = Col - 1 - Plan.Prefetch - int64_t(L) * Lag;
    int64_t Made = L == 0 ? X : Col - 1;
    if (Ph == Phase::Head && Made < StartCol[L])
      continue;
    std::string Gd;
    if (!unguarded(Ph))
      Gd = "if (" + C + " - " +
           std::to_string(L == 0 ? 1 + Plan.Prefetch : 1) +
           " <= " + lastCol(L) + ") ";
    Pubs.push_back({L, X, Gd});
  }
  return Pubs;
}

void BlockedKernelWriter::writePublications(std::ostream &OS,
                                            const std::vector<Publish> &Pubs,
                                            unsigned Set,
                                            const std::string &In) const {
  for (const Publish &Pb : Pubs)
    for (Row = 0; Row < Rows; ++Row)
      OS << In << Pb.Guard << "exchange[" << 2 * Pb.Level + Set
         << " * kPlane + " << rv("pos") << "] = "
         << queue().slot(Pb.Level, queue().slotOf(Pb.Plane)) << ";\n";
  Row = 0;
  OS << In << "__syncthreads();\n";
}

void BlockedKernelWriter::writeCachedExchange(std::ostream &OS, Phase Ph,
                                              int64_t Col,
                                              const std::string &In) const {
  unsigned Set = unsigned(posMod(Col, 2));
  std::vector<Publish> Pubs = publications(Ph, Col);
  writePublications(OS, Pubs, Set, In);
  for (const Publish &Pb : Pubs) {
    OS << In << Pb.Guard << "{ // neighbours of level " << Pb.Level << "\n";
    for (const std::vector<int64_t> &V : Reads.NeighbourOffsets)
      OS << In << "  " << neighbourRegister(Pb.Level, Pb.Plane, V)
         << " = exchange[" << 2 * Pb.Level + Set << " * kPlane + pos + "
         << planeIndex(V) << "];\n";
    OS << In << "}\n";
  }
}

} // namespace stencilcc
