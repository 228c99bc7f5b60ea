//===- Emitter/BlockedKernelWriter.cpp - One N.5D blocked kernel ----------===//
//
// Values outside the iteration domain are never computed: at every level a
// cell outside the loop bounds holds what the C program would read there,
// the initial content of the buffer that level's time step reads (the two
// buffers' boundaries may differ). Cells outside the array hold zero; only
// halo threads, whose results are discarded, ever read them.
//
//===----------------------------------------------------------------------===//
#include "BlockedKernelWriter.h"
#include "UpdateFunction.h"
#include "stencilcc/Emitter/ConstantDivision.h"
#include "stencilcc/Emitter/FloatSquareRoot.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <sstream>

namespace stencilcc {

std::string BlockedKernelWriter::updateCall(unsigned L, int64_t Col,
                                            unsigned Set, unsigned Loc,
                                            bool Carry) const {
  // Level L computes relative plane Q from level L-1.
  int64_t Q = Plan.planeAt(L, Col);
  std::string Args;
  for (int64_t O : Reads.Registers)
    Args += (Args.empty() ? "" : ", ") +
            queue().slot(L - 1, queue().slotOf(Q + O));
  for (int64_t O : Reads.Exchanged) {
    unsigned Plane = Plan.Exchange == ExchangeScheme::SCR
                         ? scrPlane(Set, Loc, O)
                         : mcrPlane(L - 1, Q + O);
    std::string Base = exchangePlane(Plane);
    if (Plan.StagedExchange && L == 1)
      Base = "stage + " + std::to_string(posMod(Q + O, Plan.AsyncRing)) +
             " * kPlane";
    Args += (Args.empty() ? "" : ", ") + Base + " + " + rv("pos");
  }
  for (const auto &[S, Own] : inThreadReads(K, Row))
    Args += ", " + Queues[Own].slot(L - 1, Queues[Own].slotOf(Q + S));
  for (const auto &[S, V] : Reads.Neighbours)
    Args += (Args.empty() ? "" : ", ") + neighbourRegister(L - 1, Q + S, V);
  if (G.TileDims.size() == 2 && !Reads.Exchanged.empty())
    Args += ", kPitch";
  Args += scalarArgs(P);
  if (Carry) {
    for (size_t I = 0; I < Carried.size(); ++I)
      Args += ", " + carryRegister(L, I);
    return carriedUpdateFunctionName(K) + "(" + Args + ")";
  }
  return updateFunctionName(K, Row) + "(" + Args + ")";
}

void BlockedKernelWriter::writeCarryInit(std::ostream &OS,
                                         const std::string &In) const {
  if (Carried.empty())
    return;
  OS << In << "// Differences carried along the stream: each level's, of the "
     << "plane before\n" << In << "// the one it computes first in the loop.\n";
  for (unsigned L = 1; L <= D; ++L) {
    int64_t Before = Plan.planeAt(L, Head) - 1;
    std::string Line;
    for (size_t I = 0; I < Carried.size(); ++I) {
      const CarriedDifference &C = Carried[I];
      Line += (Line.empty() ? "" : ", ") + carryRegister(L, I) + " = " +
              queue().slot(L - 1, queue().slotOf(Before + C.OutMinuend)) +
              " - " +
              queue().slot(L - 1, queue().slotOf(Before + C.OutSubtrahend));
    }
    OS << In << Elem << " " << Line << ";\n";
  }
}

void BlockedKernelWriter::writeColumn(std::ostream &OS, Phase Ph,
                                      int64_t Col,
                                      const std::string &In) const {
  std::string C = colExpr(Ph, Col);
  OS << In << "{ // column " << C << "\n";
  std::string I2 = In + "  ";
  OS << I2 << "const int p = first + " << (Ph == Phase::Head ? C : "(" + C + ")")
     << ";\n";
  // Level 0: the load, with the other buffer's boundary for level 1.
  {
    std::string Gd = guard(Ph, 0, Col);
    unsigned S = queue().slotOf(Col);
    if (Plan.AsyncDepth)
      OS << I2 << "stencilcc_async_wait<" << Plan.AsyncDepth - 1
         << ">(); // this column's copy has landed\n";
    for (Row = 0; Row < Rows; ++Row) {
      OS << I2 << (Gd.empty() ? "{" : "if (" + Gd + ") {") << " // level 0"
         << rowComment() << "\n";
      bool Interior = Ph == Phase::Interior;
      bool Sides = Ph == Phase::Sides;
      // With the copies staged, only the boundary load needs the plane's
      // position; in the interior there is none. In the sides the plane
      // lies inside along the stream: the cell's tile position decides.
      std::string InP = Sides ? rv("in_tile") : "in_p";
      std::string LoadP = Sides ? rv("in_array") : "load_p";
      if (!Interior && (!Plan.AsyncDepth || D > 1)) {
        if (!Sides)
          OS << I2 << "  const bool in_p = " << rv("inside")
             << "(p), load_p = " << rv("in_array")
             << " && p >= 0 && p < stream_extent;\n";
        OS << I2 << "  const " << offsetType() << " at = p * stride;\n";
      }
      if (Plan.AsyncDepth)
        OS << I2 << "  " << queue().slot(0, S) << " = " << stageSlot(Col)
           << ";\n";
      else if (Interior)
        OS << I2 << "  " << queue().slot(0, S) << " = " << rv("src_cell")
           << "[p * stride];\n";
      else
        OS << I2 << "  " << queue().slot(0, S) << " = " << LoadP << " ? ("
           << InP << " ? " << rv("src_cell") << " : " << rv("boundary_even")
           << ")[at] : (" << Elem << ")0;\n";
      if (D > 1) // only a level that is not the last keeps boundary values
        OS << I2 << "  " << queue().boundarySlot(S) << " = "
           << (Interior ? ""
                        : LoadP + " && !" + InP + " ? " +
                              rv("boundary_odd") + "[at] : ")
           << "(" << Elem << ")0;\n";
      OS << I2 << "}\n";
    }
    Row = 0;
    if (Plan.AsyncDepth)
      writeAsyncCopy(OS, Ph, Col + Plan.AsyncDepth, I2);
  }
  bool HasExchange = !Plan.ExchangedOffsets.empty();
  if (Assoc) {
    writeAssocColumn(OS, Ph, Col, I2);
    OS << In << "}\n";
    return;
  }

  // Level L of every row of the thread.
  auto WriteLevel = [&](unsigned L, unsigned Set, unsigned Loc) {
    if (!started(Ph, L, Col))
      return;
    int64_t Q = Plan.planeAt(L, Col);
    std::string Gd = guard(Ph, L, Col);
    // Every column of the steady-state loops computes every level, so a
    // level's carry always holds its plane before's difference there. Not
    // the sides loop, which keeps boundary values live too: there the
    // carries took gradient2d float's bT=10 kernel from 16 to 40 bytes of
    // spills at its 64-register cap.
    bool Carry = Ph == Phase::Interior && !Carried.empty();
    for (Row = 0; Row < Rows; ++Row) {
      std::string Boundary = L == 1 ? queue().boundarySlot(queue().slotOf(Q))
                                    : queue().slot(L - 2, queue().slotOf(Q));
      std::string Value = updateOrBoundary(
          Ph, updateCall(L, Col, Set, Loc, Carry), Boundary);
      OS << I2 << (Gd.empty() ? "{" : "if (" + Gd + ") {") << " // level "
         << L << rowComment() << "\n";
      if (namesPlane(Ph, L, D))
        OS << I2 << "  const int q = p - " << Col - Plan.planeAt(L, Col)
           << ";\n";
      if (L < D) {
        OS << I2 << "  " << queue().slot(L, queue().slotOf(Q)) << " = "
           << Value << ";\n";
      } else {
        // The last level's planes all lie in this block's output range.
        OS << I2 << "  "
           << lastLevelStore(updateCall(L, Col, Set, Loc, Carry)) << "\n";
      }
      OS << I2 << "}\n";
    }
    Row = 0;
  };

  if (!HasExchange) {
    for (unsigned L = 1; L <= D; ++L)
      WriteLevel(L, 0, 0);
  } else if (Plan.Exchange == ExchangeScheme::Cached) {
    writeCachedExchange(OS, Ph, Col, I2);
    for (unsigned L = 1; L <= D; ++L)
      WriteLevel(L, 0, 0);
  } else if (Plan.Exchange == ExchangeScheme::SCR) {
    // Round r handles levels r*Loc+1 .. : their inputs are written to the
    // set of this round (alternating, so the next round needs no barrier
    // before overwriting), then one barrier, then the computations. The
    // alternation relies on every round's barrier: a round with nothing to
    // do keeps it once any level of the column is busy.
    bool ColumnBusy = false;
    for (unsigned L = 1; L <= D; ++L)
      ColumnBusy |= started(Ph, L, Col);
    for (unsigned R = 0; R < Ex.Rounds; ++R) {
      unsigned First = R * Ex.Locations + 1;
      unsigned Last = std::min<unsigned>((R + 1) * Ex.Locations, D);
      unsigned Set = unsigned(posMod(Col * Ex.Rounds + R, 2));
      bool Any = false;
      for (unsigned L = First; L <= Last; ++L) {
        if (!started(Ph, L, Col))
          continue;
        // A staged exchange's level 1 reads the stage itself, where the
        // other threads' copies landed before this round's barrier.
        Any = true;
        if (Plan.StagedExchange && L == 1)
          continue;
        int64_t Q = Plan.planeAt(L, Col);
        std::string Gd = guard(Ph, L, Col);
        std::string Pre = Gd.empty() ? "" : "if (" + Gd + ") ";
        for (Row = 0; Row < Rows; ++Row)
          for (int64_t O : Plan.ExchangedOffsets)
            OS << I2 << Pre << "exchange["
               << scrPlane(Set, scrLocation(R, L, First), O) << " * kPlane + "
               << rv("pos") << "] = "
               << queue().slot(L - 1, queue().slotOf(Q + O)) << ";\n";
        Row = 0;
      }
      if (!Any && !ColumnBusy)
        continue;
      OS << I2 << "__syncthreads();\n";
      for (unsigned L = First; L <= Last; ++L)
        WriteLevel(L, Set, scrLocation(R, L, First));
    }
  } else {
    // MCR: every level publishes the plane it made in the previous column,
    // once; it stays in the level's ring while later columns read it.
    for (unsigned L = 0; L < D; ++L) {
      int64_t Prev = Col - 1;
      if (Ph == Phase::Head && (Prev < 0 || Prev < StartCol[L]))
        continue;
      int64_t X = Plan.planeAt(L, Prev);
      std::string Gd =
          unguarded(Ph) ? "" : colExpr(Ph, Col) + " - 1 <= " + lastCol(L);
      OS << I2 << (Gd.empty() ? "" : "if (" + Gd + ") ") << "exchange["
         << mcrPlane(L, X) << " * kPlane + pos] = "
         << queue().slot(L, queue().slotOf(X)) << ";\n";
    }
    OS << I2 << "__syncthreads();\n";
    for (unsigned L = 1; L <= D; ++L)
      WriteLevel(L, 0, 0);
  }
  OS << In << "}\n";
}

std::string BlockedKernelWriter::write() {
  std::ostringstream OS;
  const std::vector<unsigned> &TD = G.TileDims;
  unsigned NT = TD.size();
  unsigned NDims = P.numSpatialDims();
  // Thread axes: the last tiled dimension is x (fastest), the other y.
  auto threadAxis = [&](unsigned I) {
    return NT == 1 || I == 1 ? std::string("x") : std::string("y");
  };
  std::string ChunkAxis = NT == 1 ? "y" : "z";

  OS << "// " << D << " time step" << (D > 1 ? "s" : "")
     << " per launch; queue of " << W << " planes per level, levels "
     << Lag << " plane" << (Lag > 1 ? "s" : "") << " apart; ";
  if (Assoc)
    OS << "partial sums of " << sums().length() << " output planes per level; ";
  OS << "steady state unrolled " << U << "x.\n";
  // The second bound, the plan's blocks per SM, sets ptxas's register
  // cap: one block leaves it all 255 (no spilled queue), more trade
  // registers for occupancy.
  // With --max-registers the cap is __maxnreg__'s (nvcc accepts only one
  // of the two qualifiers).
  // --offset-bits=32: a template over the type of plane offsets (plane
  // index times plane_stride), int where the host has checked that every
  // plane the kernel touches lies within 2^31 cells, else long.
  if (Plan.NarrowOffsets)
    OS << "template <typename Offset>\n";
  OS << "static __global__ void ";
  if (Plan.MaxRegisters)
    OS << "__maxnreg__(" << Plan.MaxRegisters << ")\n";
  else
    OS << "__launch_bounds__(" << Plan.threadsPerBlock() << ", "
       << Plan.BlocksPerSM << ")\n";
  OS << name() << "(const " << Elem << " *__restrict__ src, " << Elem
     << " *__restrict__ dst,\n    const " << Elem
     << " *__restrict__ base, const long t0";
  // Coordinates are 32-bit (the host checks that they fit); only the
  // thread's base address and the buffer offset are 64-bit.
  for (unsigned Dm = 0; Dm < NDims; ++Dm)
    OS << ", const int e" << Dm;
  for (unsigned Dm = 0; Dm < NDims; ++Dm)
    OS << ", const int lo_" << Dm << ", const int hi_" << Dm;
  OS << segmentPartParams(K) << scalarParams(P) << ")\n{\n";

  OS << "  constexpr int kThreads = " << Plan.threadsPerBlock() << ";\n";
  OS << "  constexpr long kPlane = " << planeElements(Plan) << ";\n";
  if (NT == 2)
    OS << "  constexpr long kPitch = " << paddedExtent(Plan, 1) << ";\n";
  OS << "  const int tid = "
     << (NT == 2 ? "threadIdx.y * " + std::to_string(Plan.BlockSizes[1]) +
                       " + threadIdx.x"
                 : std::string("threadIdx.x"))
     << ";\n";

  // The thread's cell in the tiled dimensions; with --rows-per-thread, its
  // cell in each of its rows, tile rows Rows * threadIdx.y + r.
  if (Rows > 1) {
    OS << "  // --rows-per-thread=" << Rows << ": the thread computes rows "
       << Rows << " * threadIdx.y .. + " << Rows - 1 << " of the tile.\n";
    for (Row = 0; Row < Rows; ++Row)
      OS << "  const int " << rv("tile_row") << " = (int)threadIdx.y * "
         << Rows << " + " << Row << ";\n";
  }
  std::string TileInside;
  std::vector<std::string> InTile(Rows), InArray(Rows), InCompute(Rows),
      Cell(Rows), Pos(Rows);
  auto And = [](std::string &S, const std::string &T) {
    S += (S.empty() ? "" : " && ") + T;
  };
  for (unsigned I = 0; I < NT; ++I) {
    unsigned Dm = TD[I];
    std::string Ax = threadAxis(I);
    std::string Lo = "lo_" + std::to_string(Dm), Hi = "hi_" + std::to_string(Dm),
                E = "e" + std::to_string(Dm);
    // Rows of a thread differ in the outer tiled dimension only.
    bool PerRow = Rows > 1 && I == 0;
    for (Row = 0; Row < (PerRow ? Rows : 1); ++Row) {
      std::string X = PerRow ? rv(spatialVar(Dm)) : spatialVar(Dm);
      std::string T = PerRow ? rv("tile_row") : "(int)threadIdx." + Ax;
      OS << "  const int " << X << " = lo_" << Dm << " + (int)blockIdx." << Ax
         << " * " << Plan.computeWidth(I) << " + " << T << " - "
         << Plan.haloBefore(I) << ";\n";
    }
    // The block's first and last cell along this dimension.
    std::string First = "(" + Lo + " + (int)blockIdx." + Ax + " * " +
                        std::to_string(Plan.computeWidth(I)) + " - " +
                        std::to_string(Plan.haloBefore(I)) + ")";
    std::string Last = First + " + " + std::to_string(Plan.BlockSizes[I] - 1);
    And(TileInside, First + " >= max(" + Lo + ", 0) && " + Last + " < min(" +
                        Hi + ", " + E + ")");
    for (Row = 0; Row < Rows; ++Row) {
      std::string X = PerRow ? rv(spatialVar(Dm)) : spatialVar(Dm);
      std::string T = PerRow ? rv("tile_row") : "threadIdx." + Ax;
      And(InTile[Row], X + " >= lo_" + std::to_string(Dm) + " && " + X +
                           " < hi_" + std::to_string(Dm));
      And(InArray[Row], X + " >= 0 && " + X + " < e" + std::to_string(Dm));
      // (No `>= 0` without a halo before: threadIdx is unsigned, and nvcc
      // warns of the comparison.)
      if (Plan.haloBefore(I) > 0)
        And(InCompute[Row], T + " >= " + std::to_string(Plan.haloBefore(I)));
      And(InCompute[Row], T + " < " +
                              std::to_string(Plan.haloBefore(I) +
                                             Plan.computeWidth(I)) +
                              " && " + X + " < hi_" + std::to_string(Dm));
    }
  }
  for (Row = 0; Row < Rows; ++Row) {
    if (NT == 1) {
      Cell[Row] = spatialVar(TD[0]);
      Pos[Row] = "threadIdx.x + " + std::to_string(G.TileNeg[0]);
    } else {
      std::string X1 = Rows > 1 ? rv(spatialVar(TD[0])) : spatialVar(TD[0]);
      std::string T = Rows > 1 ? rv("tile_row") : "threadIdx.y";
      Cell[Row] = "(long)" + X1 + " * e" + std::to_string(TD[1]) + " + " +
                  spatialVar(TD[1]);
      Pos[Row] = "(" + T + " + " + std::to_string(G.TileNeg[0]) +
                 ") * kPitch + " + "threadIdx.x + " +
                 std::to_string(G.TileNeg[1]);
    }
    OS << "  const bool " << rv("in_tile") << " = " << InTile[Row] << ";\n";
    OS << "  const bool " << rv("in_array") << " = " << InArray[Row] << ";\n";
    OS << "  const bool " << rv("in_compute") << " = " << InCompute[Row]
       << ";\n";
    OS << "  const long " << rv("cell") << " = " << Cell[Row] << ";\n";
    OS << "  const int " << rv("pos") << " = " << Pos[Row] << ";\n";
  }
  Row = 0;
  if (G.VirtualStream) {
    // 1D: one plane; the stream is a formality.
    OS << "  const int plane_stride = 0;\n";
    OS << "  const long buffer_size = e0;\n";
    OS << "  const int lo0 = 0, hi0 = 1, stream_extent = 1;\n";
    OS << "  const int out_begin = 0, out_end = 1;\n";
  } else {
    std::string PS;
    for (unsigned Dm = 1; Dm < NDims; ++Dm)
      PS += (PS.empty() ? "" : " * ") + std::string("e") + std::to_string(Dm);
    OS << "  const int plane_stride = " << PS << ";\n";
    OS << "  const long buffer_size = (long)e0 * plane_stride;\n";
    OS << "  const int lo0 = lo_0, hi0 = hi_0, stream_extent = e0;\n";
    if (Plan.StreamLength)
      OS << streamSegmentBounds(ChunkAxis, "lo0", "hi0", Plan.StreamLength,
                                registersAllowGuidedSegments(planRegisterCap(Plan)), {},
                                kernelsTakeSegmentParts(K, false));
    else
      OS << "  const int out_begin = lo0, out_end = hi0; // hSN=whole\n";
  }
  OS << "  const int first = out_begin - " << int64_t(D) * RN
     << "; // plane loaded by column 0\n";
  OS << "  const int n_out = out_end - out_begin;\n";
  OS << "  const int load_last = n_out + " << int64_t(D) * (RN + RP) - 1
     << ";\n";
  for (unsigned L = 1; L <= D; ++L)
    OS << "  const int last_col_" << L << " = n_out + "
       << int64_t(D) * RN + int64_t(D - L) * RP - 1 + Plan.Prefetch +
              int64_t(L) * Lag
       << ";\n";
  OS << "\n";
  // A cell outside the loop bounds holds, at each level, the initial
  // content of the buffer that level's time step reads: at level L the
  // same as at level L-2 (the buffers alternate), so only levels 0 and 1
  // need loads, both made when the plane is loaded. The levels then take
  // boundary values from registers: no load and no branch on their path
  // (a load there would tie every level's result to the memory latency of
  // the column's prefetch through a shared scoreboard).
  unsigned CR = unsigned(posMod(P.WriteShift - 1, 2));
  for (Row = 0; Row < Rows; ++Row) {
    OS << "  const " << Elem << " *const " << rv("src_cell") << " = src + "
       << rv("cell") << ";\n";
    OS << "  " << Elem << " *const " << rv("dst_cell") << " = dst + "
       << rv("cell") << ";\n";
    OS << "  const " << Elem << " *const " << rv("boundary_even")
       << " = base + ((t0 + " << CR << ") & 1) * buffer_size + " << rv("cell")
       << "; // initial content read by level 0\n";
    if (D > 1)
      OS << "  const " << Elem << " *const " << rv("boundary_odd")
         << " = base + ((t0 + " << CR + 1 << ") & 1) * buffer_size + "
         << rv("cell") << "; // and by level 1\n";
  }
  OS << "  const " << offsetType() << " stride = plane_stride;\n";
  for (Row = 0; Row < Rows; ++Row)
    OS << "  auto " << rv("inside") << " = [&](int q) { return "
       << rv("in_tile") << " && q >= lo0 && q < hi0; };\n";
  Row = 0;
  // A steady-state period reads planes first + c - ReachBack .. first + c
  // + ReachAhead at levels that keep boundary values (the last level
  // writes only its output range); where they all lie inside the loop
  // bounds, in a tile that does too, the period takes the interior path:
  // no cell there holds a boundary value, so it needs no select and no
  // boundary load. The plan says whether its kernels have the loop
  // (--interior-loop).
  bool HasInterior = hasInterior();
  if (HasInterior) {
    int64_t ReachBack = D > 1 ? Plan.Prefetch + int64_t(D - 1) * Lag : 0;
    int64_t ReachAhead = U - 1 + Plan.AsyncDepth;
    OS << "  // The block's whole tile lies inside the loop bounds and the "
          "array.\n";
    OS << "  const bool tile_inside = " << TileInside << ";\n";
    std::string StreamInside = "first + c - " + std::to_string(ReachBack) +
                               " >= max(lo0, 0) && first + c + " +
                               std::to_string(ReachAhead) +
                               " < min(hi0, stream_extent)";
    if (Plan.InteriorLoop == 2)
      OS << "  // Periods from column c whose planes, at every level that "
            "keeps\n  // boundary values, lie inside the loop bounds along "
            "the stream.\n  auto stream_inside = [&](int c) { return "
         << StreamInside << "; };\n";
    else
      OS << "  // Periods from column c whose planes, at every level that "
            "keeps\n  // boundary values, lie inside the loop bounds too.\n"
            "  auto interior = [&](int c) { return tile_inside && "
         << StreamInside << "; };\n";
  }

  uint64_t Shared = blockedKernelSharedBytes(Plan, D);
  if (Shared) {
    OS << "\n  extern __shared__ __align__(16) unsigned char "
          "stencilcc_smem[];\n";
    OS << "  " << Elem << " *const exchange = reinterpret_cast<" << Elem
       << " *>(stencilcc_smem);\n";
    if (queue().sharedSlots())
      OS << "  " << Elem << " *const queue_smem = exchange + "
         << Ex.Planes << " * kPlane;\n";
    if (Plan.AsyncRing)
      OS << "  " << Elem << " *const stage = exchange + " << Ex.Planes
         << " * kPlane + " << queue().sharedSlots()
         << " * kThreads; // --async-copy: plane x of the stream in slot x mod "
         << Plan.AsyncRing
         << (Plan.StagedExchange ? ", an exchange plane level 1 reads" : "")
         << "\n";
    if (Ex.Planes || Plan.StagedExchange) {
      OS << "  // Zero the exchange"
         << (Plan.StagedExchange ? " and stage" : "")
         << " planes once: their padding is read by halo\n  // threads and "
            "never written.\n";
      if (Ex.Planes)
        OS << "  for (long k = tid; k < " << Ex.Planes
           << " * kPlane; k += kThreads)\n    exchange[k] = 0;\n";
      if (Plan.StagedExchange)
        OS << "  for (long k = tid; k < " << Plan.AsyncRing
           << " * kPlane; k += kThreads)\n    stage[k] = 0;\n";
      OS << "  __syncthreads();\n";
    }
  }
  OS << "\n  // Circular queue: q<level>_<slot>, plane x of a level in slot "
        "x mod "
     << W << (Rows > 1 ? "; _r<r>: the thread's row r" : "") << ".\n";
  for (Row = 0; Row < Rows; ++Row)
    OS << queue().registerDeclarations(Elem);
  Row = 0;
  if (Assoc) {
    OS << "  // Partial sums: s<level>_<slot>, output plane y in slot y mod "
       << sums().length() << ".\n";
    for (Row = 0; Row < Rows; ++Row)
      OS << sums().registerDeclarations(scalarTypeName(Form.SumType));
    Row = 0;
  } else if (!Reads.NeighbourOffsets.empty()) {
    OS << "  // Neighbour values: n<level>_<slot>__<in-plane offset>, plane x "
          "in slot x mod "
       << Plan.NeighbourRing << ".\n";
    for (unsigned L = 0; L < D; ++L) {
      std::string Line;
      for (unsigned Sl = 0; Sl < Plan.NeighbourRing; ++Sl)
        for (const std::vector<int64_t> &V : Reads.NeighbourOffsets)
          Line += (Line.empty() ? "" : ", ") +
                  neighbourRegister(L, Sl, V) + " = 0";
      OS << "  " << Elem << " " << Line << ";\n";
    }
  }
  if (queue().sharedSlots())
    OS << "  for (int k = 0; k < " << queue().sharedSlots()
       << "; ++k) queue_smem[k * kThreads + tid] = 0;\n";

  if (Plan.AsyncDepth) {
    OS << "\n  // The first " << Plan.AsyncDepth
       << " planes' copies; each column then issues the one "
       << Plan.AsyncDepth << " columns ahead.\n";
    for (int64_t Col = 0; Col < int64_t(Plan.AsyncDepth); ++Col)
      writeAsyncCopy(OS, Phase::Head, Col, "  ");
  }
  OS << "\n  // Head: levels start one after another.\n";
  for (int64_t Col = 0; Col < Head; ++Col)
    writeColumn(OS, Phase::Head, Col, "  ");
  OS << "\n  int c = " << Head << ";\n";
  if (HasInterior) {
    // Two loops: the interior periods first, then the guarded tail
    // columns for every period that is not interior (the rest of a stream
    // block near the domain's end, all of a boundary block's) and for the
    // tail itself. The interior periods are a prefix of the steady state:
    // from the head on, the lowest plane a level keeps boundary values for
    // already lies inside. One loop with both bodies made ptxas spill
    // kernels at their register cap (it reconciles the two bodies' queue
    // registers at every iteration). With --interior-loop=2 a block whose
    // tile reaches outside runs the same periods through the sides loop
    // instead, so one block runs one of the two: the guarded tail columns
    // cost a boundary block about 1.7 times the instructions of the
    // interior's (star3d1r float on the H100). The guards are
    // block-uniform.
    OS << "  // Interior: every level busy, no guards, no boundary values.\n";
    if (Plan.InteriorLoop == 2) {
      std::string Loop = "for (; c + " + std::to_string(U - 1) +
                         " <= load_last && stream_inside(c); c += " +
                         std::to_string(U) + ") {\n";
      OS << "  if (tile_inside) {\n";
      writeCarryInit(OS, "    ");
      OS << "    " << Loop;
      for (int64_t Col = 0; Col < U; ++Col)
        writeColumn(OS, Phase::Interior, Col, "      ");
      OS << "    }\n";
      OS << "  } else {\n";
      OS << "    // Sides: the same periods in a block whose tile reaches "
            "outside;\n    // its cells there take boundary values by a "
            "per-thread select.\n";
      OS << "    " << Loop;
      for (int64_t Col = 0; Col < U; ++Col)
        writeColumn(OS, Phase::Sides, Col, "      ");
      OS << "    }\n";
      OS << "  }\n";
    } else {
      writeCarryInit(OS, "  ");
      OS << "  for (; c + " << U - 1
         << " <= load_last && interior(c); c += " << U << ") {\n";
      for (int64_t Col = 0; Col < U; ++Col)
        writeColumn(OS, Phase::Interior, Col, "    ");
      OS << "  }\n";
    }
    OS << "  // Tail: the other periods, then loads stop and levels drain.\n";
  } else {
    OS << "  // Inner: every level busy, no guards.\n";
    OS << "  for (; c + " << U - 1 << " <= load_last; c += " << U << ") {\n";
    for (int64_t Col = 0; Col < U; ++Col)
      writeColumn(OS, Phase::Inner, Col, "    ");
    OS << "  }\n";
    OS << "  // Tail: loads stop, levels drain.\n";
  }
  OS << "  for (; c <= last_col_" << D << "; c += " << U << ") {\n";
  for (int64_t Col = 0; Col < U; ++Col)
    writeColumn(OS, Phase::Tail, Col, "    ");
  OS << "  }\n";
  if (Plan.AsyncDepth)
    OS << "  stencilcc_async_wait<0>(); // no copy outlives the block\n";
  OS << "}\n";
  return withoutUnusedConstants(OS.str());
}

namespace {

/// Whether \p Name occurs in \p Text as a whole identifier.
bool namesIdentifier(const std::string &Text, const std::string &Name) {
  auto IsIdent = [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  };
  for (size_t At = Text.find(Name); At != std::string::npos;
       At = Text.find(Name, At + 1)) {
    bool Before = At > 0 && IsIdent(Text[At - 1]);
    bool After = At + Name.size() < Text.size() && IsIdent(Text[At + Name.size()]);
    if (!Before && !After)
      return true;
  }
  return false;
}

} // namespace

// The prologue declares the block's shape and the thread's place in it for
// every plan; a plan that exchanges nothing through shared memory (a star
// whose neighbours all lie along the stream) names none of them, and nvcc
// warns of each. Dropping one can leave another unnamed (pos names
// kPitch), so until none is.
std::string BlockedKernelWriter::withoutUnusedConstants(std::string Kernel) {
  static const char *const Prologue[][2] = {
      {"constexpr int ", "kThreads"}, {"constexpr long ", "kPlane"},
      {"const int ", "pos"},          {"constexpr long ", "kPitch"},
      {"const int ", "tid"}};
  for (bool Dropped = true; Dropped;) {
    Dropped = false;
    for (const auto &[Type, Name] : Prologue) {
      std::string Decl = std::string("\n  ") + Type + Name + " = ";
      size_t Begin = Kernel.find(Decl);
      if (Begin == std::string::npos)
        continue;
      size_t End = Kernel.find('\n', Begin + 1);
      std::string Rest = Kernel.substr(0, Begin) + Kernel.substr(End);
      if (namesIdentifier(Rest, Name))
        continue;
      Kernel = std::move(Rest);
      Dropped = true;
    }
  }
  return Kernel;
}

} // namespace stencilcc
