//===- Emitter/StageBlockedKernel.cpp - The blocked stage-form kernel -----===//
//
// Writes the kernel a StagePlan describes. One thread block owns a box of
// the grid; its threads each own fixed cells of the cross-section (the
// dimensions after 0) and walk dimension 0 plane by plane (a 1D grid has
// one pass). Each iteration loads the inputs' next planes, then runs the
// launch's sweeps in order, sweep k at plane `plane - lag_k`. A value lives
// in the thread's register window of its version when only the thread's
// own cells read it, and is also copied into the version's shared-memory
// ring when neighbours read it. Global loads (the inputs, read-only and
// time-indexed arrays) are issued one iteration before their use, so their
// latency overlaps the sweeps in between. The kernel is a template on the
// launch's step count and on whether it is the last launch: those decide
// which sweeps run and which store (StagePlan.h); every read resolves to
// the same version whatever the instance.
//
//===----------------------------------------------------------------------===//
#include "KernelLayout.h"
#include "StageBlocked.h"
#include "stencilcc/Emitter/StageBlockedEmitter.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <algorithm>
#include <sstream>

namespace stencilcc {
namespace stage {

namespace {

/// \p A && \p B, either of which may be "true".
std::string both(const std::string &A, const std::string &B) {
  return A == "true" ? B : B == "true" ? A : A + " && " + B;
}

class KernelWriter : BlockedText {
public:
  KernelWriter(const StencilProgram &P, const StagePlan &Plan,
               const std::string &Prefix)
      : BlockedText(P, Plan), Prefix(Prefix) {}

  std::string kernel();

private:
  std::string Prefix;
  std::ostringstream OS;
  /// Writing the steady-state copy of the plane body: every version's rows
  /// (and the rows loaded ahead) lie in its grown box and in the grid, so
  /// the per-plane row checks are dropped.
  bool Steady = false;

  void prologue(const std::string &Body);
  void threadCells(const std::string &Body);
  void sharedMemory();
  void registers();
  void flags();
  void shiftAndKeep(unsigned V, const std::string &Value,
                    const std::string &Row, const std::string &Indent);
  void inputLoads(const std::string &Indent);
  void advance(const std::string &Q, const std::string &T,
               const std::string &Guard, const std::string &Load,
               const std::string &Ind);
  /// An input or field the kernel loads plane by plane.
  bool loaded(unsigned V) const {
    const StageVersion &Ver = Plan.Versions[V];
    return Ver.isInput() && (Ver.WindowPlanes || Ver.RingPlanes);
  }
  void sweep(unsigned K, const std::string &Indent);
  bool computesEveryCell(unsigned K) const;
  /// \p EveryCell: computesEveryCell(K), decided once per sweep.
  void sweepCell(unsigned K, bool EveryCell, const std::string &Indent);
  void planeBody(const std::string &Indent);
  void streamLoop();
};

void KernelWriter::prologue(const std::string &Body) {
  OS << "  // The grid (the state arrays' extents) and the box this block "
        "owns.\n";
  for (unsigned D = 0; D < Rank; ++D)
    OS << "  const int " << extent(D) << " = (int)(" << gridExtentText(P, D)
       << ");\n";
  static const char *Axis[3] = {"x", "y", "z"};
  for (unsigned D = Plan.streams() ? 1 : 0; D < Rank; ++D) {
    // Cross dimensions take blockIdx.x (fastest), .y; the stream .y or .z.
    const char *A = Axis[Rank - 1 - D];
    OS << "  const int " << own(D) << " = (int)blockIdx." << A << " * "
       << Plan.Tile[D] << ";\n";
  }
  if (!Plan.streams())
    return;
  SegmentNames Names;
  Names.Segments = N("segments");
  Names.Segment = N("segment");
  Names.Guide = N("guide");
  Names.Begin = own(0);
  Names.End = ownEnd(0);
  OS << streamSegmentBounds(
      Axis[Rank - 1], "0", extent(0), Plan.Tile[0],
      registersAllowGuidedSegments(DeviceLimits().RegistersPerSM /
                                   (Plan.threadsPerBlock() * std::max(Plan.MinBlocks, 1u))),
      Names);
  if (names(Body, N("plane_cells")))
    OS << "  const " << N("Offset") << " " << N("plane_cells") << " = "
       << (Rank == 3 ? "(" + N("Offset") + ")" + extent(1) + " * " + extent(2)
                     : extent(1))
       << ";\n";
}

/// Each thread's cells: local position in the box, absolute coordinates,
/// index within a plane of the grid and of the box (those \p Body names).
void KernelWriter::threadCells(const std::string &Body) {
  OS << "\n  // This thread's " << (Cells == 1 ? "cell" : num(Cells) + " cells")
     << " of the cross-section: box position, grid coordinates, index in "
        "a\n  // grid plane and in a ring plane.\n";
  bool Loc = names(Body, N("loc")), Cross = names(Body, N("cross"));
  std::string C = "[" + num(Cells) + "]";
  for (unsigned X = 0; X < NC; ++X)
    OS << "  int " << N("l" + num(X)) << C << ";\n";
  for (unsigned X = 0; X < NC; ++X)
    OS << "  int " << N("at" + num(dimOf(X))) << C << ";\n";
  for (unsigned X = 0; X < NC; ++X)
    if (periodic(dimOf(X)))
      OS << "  int " << N("wrapped" + num(dimOf(X))) << C << ";\n";
  if (Loc)
    OS << "  int " << N("loc") << C << ";\n";
  if (Cross)
    OS << "  " << N("Offset") << " " << N("cross") << C << ";\n";
  OS << "  bool " << N("inside") << C << ";\n";
  OS << "#pragma unroll\n  " << cellLoop() << " {\n";
  unsigned Stride = 1;
  for (unsigned X = 0; X < NC; ++X) {
    unsigned CP = Plan.CellsPerThread[X];
    std::string Sub = Stride == 1 ? cv() : cv() + " / " + num(Stride);
    OS << "    " << local(X) << " = (int)threadIdx." << (X ? "y" : "x");
    if (CP > 1)
      OS << " + (" << Sub << " % " << CP << ") * " << Plan.Threads[X];
    OS << ";\n";
    Stride *= CP;
    unsigned D = dimOf(X);
    OS << "    " << at(D) << " = " << own(D) << plus(-Plan.BoxLow[X]) << " + "
       << local(X) << ";\n";
    if (periodic(D))
      OS << "    " << wrappedAt(D) << " = stencilcc_wrap(" << at(D) << ", "
         << extent(D) << ");\n";
  }
  // A periodic dimension has no outside: every cell of the box is one.
  std::string In;
  for (unsigned X = 0; X < NC; ++X) {
    unsigned D = dimOf(X);
    if (!periodic(D))
      In += std::string(In.empty() ? "" : " && ") + at(D) + " >= 0 && " +
            at(D) + " < " + extent(D);
  }
  if (In.empty())
    In = "true";
  if (Loc)
    OS << "    " << loc() << " = "
       << (NC == 2 ? local(1) + " * " + num(Plan.Box[0]) + " + " + local(0)
                   : local(0))
       << ";\n";
  if (Cross)
    OS << "    " << cross() << " = "
       << (NC == 2 ? "(" + N("Offset") + ")" + wrappedAt(1) + " * " +
                         extent(2) + " + " + wrappedAt(2)
                   : wrappedAt(Rank - 1))
       << ";\n";
  OS << "    " << inside() << " = " << In << ";\n  }\n";
}

void KernelWriter::sharedMemory() {
  if (!Plan.SharedBytes)
    return;
  OS << "\n  // Shared-memory rings: plane x of a version in slot x mod its "
        "size, each\n  // plane the box's cross-section ("
     << PlaneCells << " cells).\n";
  OS << "  extern __shared__ __align__(16) unsigned char stencilcc_smem[];\n";
  // A pad before the first ring and after the last (RingPadCells): the
  // steady state's threads outside a sweep's box read past its ring.
  uint64_t Offset = (uint64_t(Plan.RingPadCells) * 8 + 15) / 16 * 16;
  if (Offset)
    OS << "  // (" << Offset
       << " bytes before the rings and after them: " << Plan.RingPadCells
       << " cells of a ring read's reach)\n";
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    const StageVersion &Ver = Plan.Versions[V];
    if (!Ver.RingPlanes)
      continue;
    std::string T = elem(V);
    OS << "  " << T << " *const " << ring(V) << " = reinterpret_cast<" << T
       << " *>(stencilcc_smem + " << Offset << "); // " << Ver.RingPlanes
       << (Ver.RingPlanes == 1 ? " plane\n" : " planes\n");
    uint64_t Bytes = uint64_t(Ver.RingPlanes) * PlaneCells *
                     elementTypeSize(P.Arrays[Plan.arrayOf(V)].Element);
    Offset += (Bytes + 15) / 16 * 16;
  }
}

void KernelWriter::registers() {
  OS << "\n  // Register windows: w[c][j] holds plane (iteration - lag - j) "
        "of the version at\n  // this thread's cell c.\n";
  std::string C = "[" + num(Cells) + "]";
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    const StageVersion &Ver = Plan.Versions[V];
    if (Ver.WindowPlanes)
      OS << "  " << elem(V) << " " << window(V) << C << "["
         << Ver.WindowPlanes << "] = {};\n";
  }
  if (!Plan.streams())
    return;
  unsigned D = Plan.PrefetchPlanes;
  OS << "  // Global loads " << D << (D == 1 ? " plane" : " planes")
     << " ahead, [c][j] the plane j + 1 after the current one: the\n"
        "  // inputs' and fields' planes and each sweep's other reads of "
        "read-only and\n  // time-indexed arrays.\n";
  std::string Q = C + "[" + num(D) + "]";
  for (unsigned V = 0; V < Plan.Versions.size(); ++V)
    if (loaded(V))
      OS << "  " << elem(V) << " " << N("next_" + versionName(V)) << Q
         << " = {};\n";
  for (unsigned K = 0; K < Plan.SweepPlans.size(); ++K)
    for (const Prefetch &F : prefetches(K))
      OS << "  " << F.Type << " " << F.Register << Q << " = {}; // "
         << F.Key << "\n";
}

void KernelWriter::flags() {
  OS << "\n  // The sweeps this instance runs (a sweep of a later step than "
        "STEPS, or one\n  // nothing reads or stores, does not) and those "
        "storing the latest version of\n  // a buffer the next launch or the "
        "host reads.\n";
  for (unsigned K = 0; K < Plan.SweepPlans.size(); ++K) {
    OS << "  constexpr bool " << N("run_s" + num(K)) << " = "
       << runCondition(K) << ";\n";
    std::string Store = storeCondition(K);
    if (Store != "false")
      OS << "  constexpr bool " << N("store_s" + num(K)) << " = " << Store
         << ";\n";
  }
}

/// Shifts version \p V's window, keeps \p Value as its newest plane and
/// copies the ring's slot; \p Row is the plane just produced.
void KernelWriter::shiftAndKeep(unsigned V, const std::string &Value,
                                const std::string &Row,
                                const std::string &Ind) {
  const StageVersion &Ver = Plan.Versions[V];
  std::string W = ofCell(window(V));
  for (unsigned J = Ver.WindowPlanes; J-- > 1;)
    OS << Ind << W << "[" << J << "] = " << W << "[" << J - 1 << "];\n";
  if (Ver.WindowPlanes)
    OS << Ind << W << "[0] = " << Value << ";\n";
  if (!Ver.RingPlanes)
    return;
  std::string Slot;
  if (Plan.streams())
    Slot = "((" + Row + plus(-int64_t(Ver.RingWriteSlot)) + ") & " +
           num(Ver.RingPlanes - 1) + ") * " + num(PlaneCells) + " + ";
  OS << Ind << ring(V) << "[" << Slot << loc() << "] = " << W << "["
     << Ver.RingWriteSlot << "];\n";
}

/// Moves queue \p Q one plane on and refills its last slot with \p Load
/// when \p Guard holds.
void KernelWriter::advance(const std::string &Q, const std::string &T,
                           const std::string &Guard, const std::string &Load,
                           const std::string &Ind) {
  unsigned D = Plan.PrefetchPlanes;
  for (unsigned J = 0; J + 1 < D; ++J)
    OS << Ind << Q << "[" << J << "] = " << Q << "[" << J + 1 << "];\n";
  OS << Ind << Q << "[" << D - 1 << "] = " << Guard << " ? " << Load << " : "
     << "(" << T << ")0;\n";
}

void KernelWriter::inputLoads(const std::string &Ind) {
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    if (!loaded(V))
      continue;
    const StageVersion &Ver = Plan.Versions[V];
    std::string Row = N("row_" + versionName(V)), T = elem(V);
    std::string From = Ver.Field >= 0
                           ? P.Arrays[Ver.Field].Name
                           : N("in_" + bufferTag(P, Plan, Ver.Buffer));
    OS << Ind << "{ // " << (Ver.Field >= 0 ? "The field " : "The input of ")
       << (Ver.Field >= 0 ? From : bufferTag(P, Plan, Ver.Buffer))
       << ", lag " << Ver.Lag << ".\n";
    if (!Plan.streams()) {
      OS << Ind << "#pragma unroll\n" << Ind << "  " << cellLoop() << " {\n"
         << Ind << "    " << T << " " << vv() << " = (" << T << ")0;\n"
         << Ind << "    if (" << crossCheck(Ver, false) << ")\n"
         << Ind << "      " << vv() << " = " << From << "[" << cellIndex("")
         << "];\n";
    } else {
      // This iteration's plane was loaded PrefetchPlanes iterations ago.
      std::string Ahead = "(" + Row + plus(Plan.PrefetchPlanes) + ")";
      std::string Q = ofCell(N("next_" + versionName(V)));
      OS << Ind << "  const int " << Row << " = " << planeVar()
         << plus(-Ver.Lag) << ";\n"
         << Ind << "  const bool " << nextv() << " = "
         << (Steady ? "true" : rowsCheck(Ahead, Ver, false)) << ";\n"
         << Ind << "#pragma unroll\n" << Ind << "  " << cellLoop() << " {\n"
         << Ind << "    const " << T << " " << vv() << " = " << Q << "[0];\n";
      advance(Q, T, nextv() + " && " + crossCheck(Ver, false),
              From + "[" + cellIndex(Ahead) + "]", Ind + "    ");
    }
    shiftAndKeep(V, vv(), Row, Ind + "    ");
    OS << Ind << "  }\n" << Ind << "}\n";
  }
}

/// Whether the steady state's copy of sweep \p K computes at every cell
/// of the block, not only those of its grown box. In 2D a warp's lanes
/// outside the box cost the same instructions either way, and the guards
/// and reconvergence around the statement were a quarter of the 2D wave's
/// steady loop (docs/performance.md, "Where the waves' cycles go"); on an
/// H200 this took fdtd-2d 1.15x faster, the 2D wave 0.98x to 1.03x. In 3D
/// whole warps lie outside the box along y and skipped it for free: the
/// 3D diffusion ran 0.91x, so 3D keeps the guard. A value
/// outside the box is never read (later sweeps read within their smaller
/// boxes) nor stored, so it may be anything; what it reads must be safe
/// to read: registers (windows, global loads made ahead under their own
/// guards) and rings at constant offsets (the rings' pads take what
/// reaches past them). Not for integer arithmetic, whose division or
/// conversion of an arbitrary value is undefined.
bool KernelWriter::computesEveryCell(unsigned K) const {
  if (!Steady || Plan.NumDims != 2)
    return false;
  const StageSweep &Sw = Plan.SweepPlans[K];
  for (const StageRead &R : Sw.Reads)
    if (R.Kind == StageReadKind::Ring && R.Offsets.empty())
      return false;
  // Floating-point values, literals, scalars, and the comparisons and
  // logic of floating-point values (0 or 1, whatever their operands).
  bool Safe = true;
  P.Stages[Sw.Stage].Rhs->walk([&](const Expr &E) {
    static const char *const Logic[] = {
        "<", ">", "<=", ">=", "==", "!=", "&&", "||", "!"};
    if (isFloatingType(E.Type) || E.K == Expr::Kind::IntLiteral ||
        E.K == Expr::Kind::ScalarRef ||
        ((E.K == Expr::Kind::Binary || E.K == Expr::Kind::Unary) &&
         std::find(std::begin(Logic), std::end(Logic), E.Op) !=
             std::end(Logic)))
      return;
    Safe = false;
  });
  return Safe;
}

/// Sweep \p K at one cell: the statement inside its loops, the value
/// before outside them, the next plane's global reads, the window and
/// ring, the store.
void KernelWriter::sweepCell(unsigned K, bool EveryCell,
                             const std::string &Body) {
  const StageSweep &Sw = Plan.SweepPlans[K];
  const Stage &S = P.Stages[Sw.Stage];
  const StageVersion &Ver = Plan.Versions[Sw.Version];
  std::string T = elem(Sw.Version), V = vv();
  std::string Row = Plan.streams() ? sweepRow(K) : "";
  std::vector<Prefetch> Pre = prefetches(K);
  std::string Compute = rhs(K, true), Domain = crossDomain(S);
  if (Plan.streams())
    Domain = both(rowDomain(S, Row), Domain);
  std::string Later = "(" + Row + plus(Plan.PrefetchPlanes) + ")", Ahead;
  for (const Prefetch &F : Pre)
    Ahead += globalRead(K, *F.Access, Later);
  std::string Keep =
      Sw.Previous >= 0
          ? ofCell(window(unsigned(Sw.Previous))) + "[" +
                num(Ver.Lag - Plan.Versions[Sw.Previous].Lag) + "]"
          : N("in_" + bufferTag(P, Plan, Sw.Buffer)) + "[" + cellIndex(Row) +
                "]";
  // The statement's loop variables at this cell (those it names).
  std::vector<std::string> Vars = stageVars(S);
  for (unsigned D = Plan.streams() ? 1 : 0; D < Rank; ++D)
    if (!Vars[D].empty() && (names(Compute, Vars[D]) ||
                             names(Domain, Vars[D]) || names(Ahead, Vars[D])))
      OS << Body << "const int " << Vars[D] << " = " << wrappedAt(D) << ";\n";
  if (EveryCell) {
    OS << Body << T << " " << V << " = (" << T << ")(" << Compute
       << "); // every cell: only its box's are read\n";
    // A value before from global memory only at a cell of the grid.
    if (Domain != "true")
      OS << Body << "if (!(" << Domain << ")"
         << (Sw.Previous < 0 ? " && " + inside() : "")
         << ") // outside the statement's loops: the value before\n"
         << Body << "  " << V << " = " << Keep << ";\n";
  } else {
    OS << Body << T << " " << V << " = (" << T << ")0;\n";
    OS << Body << "if (" << (Plan.streams() ? rowsv() + " && " : "")
       << crossCheck(Ver, false) << ") {\n";
    if (Domain == "true") // the statement's loops span the grid
      OS << Body << "  " << V << " = (" << T << ")(" << Compute << ");\n";
    else
      OS << Body << "  if (" << Domain << ")\n"
         << Body << "    " << V << " = (" << T << ")(" << Compute << ");\n"
         << Body
         << "  else // outside the statement's loops: the value before\n"
         << Body << "    " << V << " = " << Keep << ";\n";
    OS << Body << "}\n";
  }
  for (const Prefetch &F : Pre)
    advance(ofCell(F.Register), F.Type,
            both(nextv() + " && " + crossCheck(Ver, false), crossDomain(S)),
            globalRead(K, *F.Access, Later), Body);
  shiftAndKeep(Sw.Version, V, Row, Body);
  if (storeCondition(K) != "false")
    OS << Body << "if constexpr (" << N("store_s" + num(K)) << ") {\n"
       << Body << "  if ("
       << (Plan.streams() ? rowsCheck(Row, Ver, true) + " && " : "")
       << crossCheck(Ver, true) << ")\n"
       << Body << "    " << N("out_" + bufferTag(P, Plan, Sw.Buffer)) << "["
       << cellIndex(Row, /*Owned=*/true) << "] = " << V << ";\n"
       << Body << "}\n";
}

void KernelWriter::sweep(unsigned K, const std::string &Ind) {
  const StageSweep &Sw = Plan.SweepPlans[K];
  const Stage &S = P.Stages[Sw.Stage];
  const StageVersion &Ver = Plan.Versions[Sw.Version];
  OS << Ind << "// Sweep " << K << ": step " << Sw.Step << ", stage "
     << Sw.Stage << " (line " << S.Loc.Line << ") writes "
     << bufferTag(P, Plan, Sw.Buffer) << "; lag " << Ver.Lag << ".\n";
  OS << Ind << "if constexpr (" << N("run_s" + num(K)) << ") {\n";
  std::string In = Ind + "  ";
  const bool EveryCell = computesEveryCell(K);
  if (Plan.streams()) {
    std::string Row = sweepRow(K);
    std::string Next = "(" + Row + plus(Plan.PrefetchPlanes) + ")";
    OS << In << "const int " << Row << " = " << planeVar() << plus(-Ver.Lag)
       << ";\n";
    if (!EveryCell)
      OS << In << "const bool " << rowsv() << " = "
         << (Steady ? "true" : rowsCheck(Row, Ver, false)) << ";\n";
    if (!prefetches(K).empty())
      OS << In << "const bool " << nextv() << " = "
         << both(Steady ? "true" : rowsCheck(Next, Ver, false),
                 rowDomain(S, Next))
         << ";\n";
  }
  OS << In << "#pragma unroll\n" << In << cellLoop() << " {\n";
  sweepCell(K, EveryCell, In + "  ");
  OS << In << "}\n";
  if (Ver.BarrierAfter)
    OS << In << "__syncthreads(); // later sweeps read this ring now\n";
  OS << Ind << "}\n";
}

void KernelWriter::streamLoop() {
  bool Shared = Plan.SharedBytes > 0;
  if (!Plan.streams()) {
    OS << "\n  // One pass: the inputs, then every sweep on the grown tile.\n";
    inputLoads("  ");
    if (Shared)
      OS << "  __syncthreads();\n";
    for (unsigned K = 0; K < Plan.SweepPlans.size(); ++K)
      sweep(K, "  ");
    return;
  }
  // Version v computes plane x in iteration x + lag_v, over its rows; one
  // iteration before the first only loads ahead. In the steady state every
  // version's row and the row it loads ahead are inside its rows.
  std::string Begin, End, SteadyBegin, SteadyEnd;
  auto Extend = [](std::string &Acc, const char *F, const std::string &X) {
    Acc = Acc.empty() ? X : std::string(F) + "(" + Acc + ", " + X + ")";
  };
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    const StageVersion &Ver = Plan.Versions[V];
    if (Ver.isInput() && !Ver.WindowPlanes && !Ver.RingPlanes)
      continue;
    std::string Lo = own(0) + plus(-Ver.GrowLow[0]);
    std::string Hi = ownEnd(0) + plus(Ver.GrowHigh[0]);
    if (!periodic(0)) { // a periodic stream's rows past its ends wrap
      Lo = "max(" + Lo + ", 0)";
      Hi = "min(" + Hi + ", " + extent(0) + ")";
    }
    Extend(Begin, "min", Lo + plus(Ver.Lag));
    Extend(End, "max", Hi + plus(Ver.Lag));
    Extend(SteadyBegin, "max", Lo + plus(Ver.Lag));
    Extend(SteadyEnd, "min",
           Hi + plus(Ver.Lag - int64_t(Plan.PrefetchPlanes)));
  }
  OS << "\n  // The walk along dimension 0: each version computes plane x in "
        "iteration\n  // x + its lag, over its rows of the grown box; the "
        "first iterations only\n  // load ahead. Between steady_begin and "
        "steady_end every row (and every row\n  // loaded ahead) is inside: "
        "that copy of the body checks no rows.\n";
  OS << "  const int " << N("plane_begin") << " = " << Begin << " - "
     << Plan.PrefetchPlanes << ";\n";
  OS << "  const int " << N("plane_end") << " = " << End << ";\n";
  OS << "  const int " << N("steady_begin") << " = " << SteadyBegin << ";\n";
  OS << "  const int " << N("steady_end") << " = " << SteadyEnd << ";\n";
  OS << "  for (int " << planeVar() << " = " << N("plane_begin") << "; "
     << planeVar() << " < " << N("plane_end") << ";) {\n";
  OS << "    if (" << planeVar() << " >= " << N("steady_begin") << " && "
     << planeVar() << " < " << N("steady_end") << ") {\n";
  OS << "      for (; " << planeVar() << " < " << N("steady_end") << "; ++"
     << planeVar() << ") {\n";
  Steady = true;
  planeBody("        ");
  Steady = false;
  OS << "      }\n";
  OS << "      continue;\n";
  OS << "    }\n";
  planeBody("    ");
  OS << "    ++" << planeVar() << ";\n";
  OS << "  }\n";
}

/// One iteration of the walk: the inputs' planes, the barrier, the sweeps.
void KernelWriter::planeBody(const std::string &Ind) {
  inputLoads(Ind);
  if (Plan.SharedBytes > 0)
    OS << Ind
       << "// Rings are written an iteration before they are read: one "
          "barrier per plane.\n"
       << Ind << "__syncthreads();\n";
  for (unsigned K = 0; K < Plan.SweepPlans.size(); ++K)
    sweep(K, Ind);
}

std::string KernelWriter::kernel() {
  // The body first: what it names decides the prologue's declarations.
  sharedMemory();
  registers();
  flags();
  streamLoop();
  std::string Body = OS.str();
  OS.str("");
  // The plan's blocks per SM: without a minimum, ptxas spends registers
  // freely (or spills to reach an occupancy of its own choosing).
  // Offset: the type of cell indices, int where the grid's cells fit (fewer
  // address instructions per load), long otherwise (the run function picks).
  OS << "template <int STEPS, bool FINAL, typename " << N("Offset")
     << ">\nstatic __global__ void "
        "__launch_bounds__("
     << Plan.threadsPerBlock() << ", " << Plan.MinBlocks << ")\n"
     << blockedKernelName(Prefix) << "("
     << joined(blockedKernelParams(P, Plan, N), ", ") << ")\n{\n";
  prologue(Body);
  threadCells(Body);
  OS << Body << "}\n";
  return OS.str();
}

std::string banner(const StencilProgram &P, const StagePlan &Plan,
                   unsigned Index, const std::string &PlanOrigin) {
  std::ostringstream OS;
  OS << "//===---------------------------------------------------------------"
        "-------===//\n";
  OS << "// stencilcc: region " << Index << ", in " << P.FunctionName
     << "() at line " << P.ScopLoc.Line << "\n";
  OS << "// plan: temporal blocking of the stage form (docs/stage-form.md)\n";
  OS << describeStagePlan(P, Plan, "//   ");
  if (!PlanOrigin.empty())
    OS << "// plan from " << PlanOrigin << "\n";
  OS << "//===---------------------------------------------------------------"
        "-------===//\n";
  return OS.str();
}

} // namespace
} // namespace stage

std::string emitStageBlockedKernels(const StencilProgram &P,
                                    const StagePlan &Plan,
                                    const std::string &Prefix,
                                    unsigned Index,
                                    const std::string &PlanOrigin) {
  stage::KernelWriter W(P, Plan, Prefix);
  // Periodic dimensions: the cell a coordinate outside [0, n) stands for
  // (any coordinate: a grid narrower than the halo wraps more than once).
  std::string Wrap =
      Plan.periodic()
          ? "#ifndef STENCILCC_WRAP_DEFINED\n#define STENCILCC_WRAP_DEFINED\n"
            "static __device__ __forceinline__ int stencilcc_wrap(const int x, "
            "const int n)\n{\n  if (x >= 0 && x < n) // most cells: no "
            "division\n    return x;\n  const int r = x % n;\n  return r < 0 "
            "? r + n : r;\n}\n#endif\n\n"
          : "";
  return stage::banner(P, Plan, Index, PlanOrigin) + Wrap + W.kernel() + "\n" +
         stage::blockedRunFunction(P, Plan, Prefix) + "\n";
}

} // namespace stencilcc
