//===- Emitter/KernelEmitter.cpp - CUDA kernels of one region -------------===//
//
// Values outside the iteration domain are never computed: at every level a
// cell outside the loop bounds holds what the C program would read there,
// the initial content of the buffer that level's time step reads (the two
// buffers' boundaries may differ). Cells outside the array hold zero; only
// halo threads, whose results are discarded, ever read them.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/KernelEmitter.h"
#include "stencilcc/Emitter/CarriedDifferences.h"
#include "stencilcc/Emitter/CircularQueueLayout.h"
#include "stencilcc/Emitter/ConstantDivision.h"
#include "stencilcc/Emitter/FloatSquareRoot.h"
#include "stencilcc/Emitter/PartialSums.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

namespace stencilcc {

std::string offsetTag(int64_t O) {
  if (O == 0)
    return "0";
  return (O < 0 ? "m" : "p") + std::to_string(O < 0 ? -O : O);
}

// Inside generated functions a scalar is s_<name>: the user's names must
// not collide with the kernel's own (a scalar called `c` or `tid`).
std::string scalarParams(const StencilProgram &P) {
  std::string S;
  for (const auto &[Name, T] : P.rhsScalars())
    S += std::string(", const ") + scalarTypeName(T) + " s_" + Name;
  return S;
}

std::string scalarArgs(const StencilProgram &P) {
  std::string S;
  for (const auto &[Name, T] : P.rhsScalars())
    S += ", s_" + Name;
  return S;
}

std::string inPlaneTag(const std::vector<int64_t> &V) {
  std::string S;
  for (int64_t X : V)
    S += (S.empty() ? "" : "_") + offsetTag(X);
  return S;
}

namespace {

int64_t posMod(int64_t A, int64_t M) { return ((A % M) + M) % M; }

/// Streaming offsets read from registers / from an exchange plane; with
/// the cached exchange, the (streaming offset, in-plane offset) pairs read
/// from neighbour registers, and the in-plane offsets cached per plane.
struct ReadSets {
  std::set<int64_t> Registers, Exchanged;
  std::set<std::pair<int64_t, std::vector<int64_t>>> Neighbours;
  std::set<std::vector<int64_t>> NeighbourOffsets;
};

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

/// Name of the update's parameter / a neighbour register for a read at
/// streaming offset \p S, in-plane offset \p V.
std::string neighbourName(int64_t S, const std::vector<int64_t> &V) {
  return "n_" + offsetTag(S) + "__" + inPlaneTag(V);
}

/// Padded extent of tiled dimension I in an exchange plane.
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

/// How the exchange is organised in a kernel of one degree.
struct ExchangeShape {
  unsigned Locations = 0; ///< SCR: levels written per round
  unsigned Written = 0;   ///< SCR: exchange locations per set
  unsigned Rounds = 1;    ///< SCR: barriers per column
  unsigned Ring = 0;      ///< MCR: planes per level
  unsigned Planes = 0;    ///< exchange planes in shared memory
};

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

} // namespace

uint64_t blockedKernelSharedBytes(const TemporalBlockingPlan &Plan,
                                  unsigned Degree) {
  CircularQueueLayout Q(Plan, Degree);
  uint64_t Elems = uint64_t(exchangeShape(Plan, Degree).Planes) *
                       planeElements(Plan) +
                   uint64_t(Q.sharedSlots()) * Plan.threadsPerBlock();
  Elems += uint64_t(Plan.AsyncRing) * (Plan.StagedExchange
                                           ? uint64_t(planeElements(Plan))
                                           : Plan.cellsPerBlock());
  return Elems * elementTypeSize(Plan.Element);
}

//===----------------------------------------------------------------------===//
// The cell update
//===----------------------------------------------------------------------===//

/// --rows-per-thread with SCR: the thread's row whose own column read
/// \p Offset of row \p Row is (its queue holds it), if any.
static std::optional<unsigned>
inThreadRow(const TemporalBlockingPlan &Plan,
            const std::vector<int64_t> &Offset, unsigned Row) {
  if (Plan.RowsPerThread < 2 || Plan.Exchange != ExchangeScheme::SCR ||
      Plan.readsFromRegisters(Offset))
    return std::nullopt;
  return Plan.ownColumnRow(
      Plan.offsetFromFirstRow(Plan.inPlaneOffset(Offset), Row));
}

/// The reads of row \p Row that another row's queue holds: (streaming
/// offset, row), in parameter order.
static std::set<std::pair<int64_t, unsigned>>
inThreadReads(const KernelContext &K, unsigned Row) {
  std::set<std::pair<int64_t, unsigned>> Reads;
  for (const std::vector<int64_t> &O : K.Analysis.Offsets)
    if (std::optional<unsigned> Own = inThreadRow(K.Plan, O, Row))
      Reads.insert({K.Plan.streamOffset(O), *Own});
  return Reads;
}

static std::string inThreadName(int64_t S, unsigned OwnRow) {
  return "own_r" + std::to_string(OwnRow) + "_" + offsetTag(S);
}

/// The update function; with \p Row, row Row's of a thread of several
/// rows under SCR, whose reads of another row's own column are parameters;
/// with \p Carried, the one that takes those differences from the plane
/// before and passes them on (Emitter/CarriedDifferences.h).
static std::string
updateFunction(const KernelContext &K, std::optional<unsigned> Row,
               const std::vector<CarriedDifference> *Carried = nullptr) {
  const StencilProgram &P = K.Program;
  const TemporalBlockingPlan &Plan = K.Plan;
  const std::string Elem = elementTypeName(Plan.Element);
  ReadSets R = readSets(K);
  bool TwoTileDims = Plan.Geometry.TileDims.size() == 2;

  std::string Params;
  for (int64_t O : R.Registers)
    Params += (Params.empty() ? "" : ", ") + ("const " + Elem + " c_") +
              offsetTag(O);
  for (int64_t O : R.Exchanged)
    Params += (Params.empty() ? "" : ", ") +
              ("const " + Elem + " *__restrict__ x_") + offsetTag(O);
  if (Row)
    for (const auto &[S, Own] : inThreadReads(K, *Row))
      Params += ", const " + Elem + " " + inThreadName(S, Own);
  for (const auto &[S, V] : R.Neighbours)
    Params += (Params.empty() ? "" : ", ") + ("const " + Elem + " ") +
              neighbourName(S, V);
  if (TwoTileDims && !R.Exchanged.empty())
    Params += ", const long pitch";
  Params += scalarParams(P);

  auto PrintAccess = [&](const ArrayAccess &A) -> std::string {
    int64_t S = Plan.streamOffset(A.Offsets);
    if (Plan.readsFromRegisters(A.Offsets))
      return "c_" + offsetTag(S);
    if (Row)
      if (std::optional<unsigned> Own = inThreadRow(Plan, A.Offsets, *Row))
        return inThreadName(S, *Own);
    if (Plan.neighboursInRegisters())
      return neighbourName(S, Plan.inPlaneOffset(A.Offsets));
    const std::vector<unsigned> &TD = Plan.Geometry.TileDims;
    std::string Index;
    if (TD.size() == 1) {
      Index = std::to_string(A.Offsets[TD[0]]);
    } else {
      int64_t Row = A.Offsets[TD[0]], Col = A.Offsets[TD[1]];
      Index = Row == 0 ? std::to_string(Col)
                       : std::to_string(Row) + " * pitch + " +
                             std::to_string(Col);
    }
    return "x_" + offsetTag(S) + "[" + Index + "]";
  };
  ExprPtr Renamed = P.Rhs->clone();
  std::function<void(Expr &)> Rename = [&](Expr &E) {
    if (E.K == Expr::Kind::ScalarRef)
      E.Name = "s_" + E.Name;
    for (ExprPtr &O : E.Operands)
      Rename(*O);
  };
  Rename(*Renamed);
  lowerConstantDivisions(*Renamed, Plan.FastMath);
  lowerFloatSquareRoots(*Renamed);
  // The carried differences as this plane computes them, before they
  // become names (after the lowerings, which prove bounds from the reads).
  std::vector<std::string> CarriedIn, CarriedOut;
  if (Carried) {
    auto Print = [&](int64_t Minuend, int64_t Subtrahend) {
      std::string Text;
      Renamed->walk([&](const Expr &E) {
        int64_t A = 0, B = 0;
        if (Text.empty() && ownColumnDifference(E, Plan, A, B) &&
            A == Minuend && B == Subtrahend)
          Text = printExpr(E, PrintAccess, /*ExplicitCasts=*/true);
      });
      return Text;
    };
    for (const CarriedDifference &C : *Carried) {
      CarriedIn.push_back(Print(C.InMinuend, C.InSubtrahend));
      CarriedOut.push_back(Print(C.OutMinuend, C.OutSubtrahend));
    }
    substituteCarriedDifferences(*Renamed, Plan, *Carried);
  }
  std::string Body = printExpr(*Renamed, PrintAccess, /*ExplicitCasts=*/true);

  std::ostringstream OS;
  if (Carried) {
    OS << "// The same update, with the differences of the thread's column "
          "that the\n// next plane computes again carried in registers "
          "(carry_<k>: on entry\n// the plane before's, on exit this "
          "plane's).\n";
    std::string CarryParams;
    for (size_t I = 0; I < Carried->size(); ++I)
      CarryParams += ", " + Elem + " &carry_" + std::to_string(I);
    OS << "static __device__ __forceinline__ " << Elem << " "
       << carriedUpdateFunctionName(K) << "(" << Params << CarryParams
       << ")\n{\n";
    for (size_t I = 0; I < Carried->size(); ++I) {
      std::string N = std::to_string(I);
      OS << "  const " << Elem << " carried_in_" << N << " = carry_" << N
         << "; // " << ((*Carried)[I].Negated ? "-(" : "(") << CarriedIn[I]
         << ")" << ((*Carried)[I].Negated ? ", only squared" : "")
         << "\n  const " << Elem << " carried_out_" << N << " = "
         << CarriedOut[I] << ";\n  carry_" << N << " = carried_out_" << N
         << ";\n";
    }
    OS << "  return (" << Elem << ")(" << Body << ");\n}\n";
    return OS.str();
  }
  if (Row)
    OS << "// Row " << *Row << " of the thread's rows: the values of its "
       << "rows' own columns,\n// own_r<row>_<plane>, from their queues.\n";
  else
    OS << "// The update of one cell, as the C statement computes it,\n"
       << "// with the thread's own column in c_<plane> and neighbours "
       << (R.Neighbours.empty() ? "at\n// x_<plane>[offset]"
                                : "in\n// n_<plane>__<in-plane offset>")
       << " (<plane>: m = below, p = above the cell).\n";
  OS << "static __device__ __forceinline__ " << Elem << " "
     << updateFunctionName(K, Row) << "(" << Params << ")\n{\n  return ("
     << Elem << ")(" << Body << ");\n}\n";
  return OS.str();
}

std::string updateFunctionName(const KernelContext &K,
                               std::optional<unsigned> Row) {
  if (Row && !inThreadReads(K, *Row).empty())
    return K.Prefix + "_update_r" + std::to_string(*Row);
  return K.Prefix + "_update";
}

std::string carriedUpdateFunctionName(const KernelContext &K) {
  return K.Prefix + "_update_carried";
}

std::string emitUpdateFunction(const KernelContext &K) {
  // The blocked kernels' rows that read another row's own column take it
  // from that row's queue, not from shared memory: star3d1r with two
  // rows loads 6 values per pair of cells instead of 8. The plain function
  // only where some row needs it (no unused function for nvcc to warn of).
  // (inThreadReads is empty for every other plan: one row, no SCR.)
  std::string PerRow;
  bool Plain = false;
  for (unsigned Row = 0; Row < K.Plan.RowsPerThread; ++Row) {
    if (inThreadReads(K, Row).empty())
      Plain = true;
    else
      PerRow += updateFunction(K, Row);
  }
  return (Plain ? updateFunction(K, std::nullopt) : std::string()) + PerRow;
}

//===----------------------------------------------------------------------===//
// The blocked kernel
//===----------------------------------------------------------------------===//

namespace {

class BlockedKernelWriter {
public:
  BlockedKernelWriter(const KernelContext &K, unsigned Degree)
      : K(K), P(K.Program), Plan(K.Plan), G(K.Plan.Geometry), D(Degree),
        Rows(K.Plan.RowsPerThread), Ex(exchangeShape(K.Plan, Degree)),
        Elem(elementTypeName(K.Plan.Element)) {
    for (unsigned R = 0; R < Rows; ++R) {
      Queues.emplace_back(K.Plan, Degree, rowSuffix(R));
      SumRings.emplace_back(K.Plan, Degree, rowSuffix(R));
    }
    Assoc = Plan.Variant == OptimizationVariant::Assoc;
    if (Assoc)
      Form = partialSumForm(K);
    W = Plan.QueueLength;
    Lag = Plan.Lag;
    RN = G.StreamNeg;
    RP = G.StreamPos;
    U = Plan.UnrollPeriod;
    // Level L's first plane (relative) is L*RN; the column that makes it
    // follows from planeAt.
    StartCol.resize(D + 1);
    for (unsigned L = 0; L <= D; ++L)
      StartCol[L] = L == 0 ? 0 : L * RN + Plan.Prefetch + int64_t(L) * Lag;
    Head = ((StartCol[D] + U - 1) / U) * U;
    for (size_t I = 0; I < Plan.ExchangedOffsets.size(); ++I)
      ExIndex[Plan.ExchangedOffsets[I]] = I;
    // Only the interior loop carries. It starts at column Head with each
    // level's carry set from the planes its level below made before Head;
    // where the queue no longer holds one of them, nothing is carried.
    if (hasInterior())
      Carried = findCarriedDifferences(*P.Rhs, Plan);
    for (unsigned L = 1; L <= D && !Carried.empty(); ++L)
      for (const CarriedDifference &C : Carried)
        for (int64_t S : {C.OutMinuend, C.OutSubtrahend})
          if (!heldBeforeHead(L - 1, Plan.planeAt(L, Head) - 1 + S))
            Carried.clear();
  }

  std::string write();
  /// The differences this kernel's steady state carries along the stream.
  const std::vector<CarriedDifference> &carried() const { return Carried; }

private:
  const KernelContext &K;
  const StencilProgram &P;
  const TemporalBlockingPlan &Plan;
  const KernelGeometry &G;
  unsigned D;
  /// --rows-per-thread: each row of the thread has its own queues, sums
  /// and cell; the code of one row is written with Row set to it.
  unsigned Rows;
  std::vector<CircularQueueLayout> Queues;
  std::vector<PartialSumRing> SumRings;
  mutable unsigned Row = 0;
  bool Assoc = false;
  PartialSumForm Form; ///< Assoc only
  ExchangeShape Ex;
  std::string Elem;
  int64_t W, Lag, RN, RP, U, Head;
  std::vector<int64_t> StartCol;
  std::map<int64_t, size_t> ExIndex;
  ReadSets Reads = readSets(K);
  std::vector<CarriedDifference> Carried;

  /// Whether the kernel has the interior loop (--interior-loop); the
  /// degree-1 kernel of a plan of more time steps, which runs only the
  /// remainder steps, never has it.
  bool hasInterior() const {
    return Plan.InteriorLoop && (D > 1 || Plan.TemporalDegree == 1);
  }
  /// Whether level \p L's queue holds plane \p X when column Head begins.
  bool heldBeforeHead(unsigned L, int64_t X) const {
    int64_t Last = Plan.planeAt(L, Head - 1);
    return X <= Last && X > Last - W && Head - 1 >= StartCol[L];
  }
  /// The carry register of level \p L for carried difference \p I.
  std::string carryRegister(unsigned L, size_t I) const {
    return "carry" + std::to_string(L) + "_" + std::to_string(I);
  }
  /// The steady-state loops' carried differences: each level's of the
  /// plane before the one it computes at column Head.
  void writeCarryInit(std::ostream &OS, const std::string &In) const;

  /// Head: levels start one after another (guarded by column); Inner: the
  /// unrolled loop where every level is busy (1D); Interior: a period of
  /// the steady state whose planes, for every level, all lie inside the
  /// loop bounds, in a block whose tile does too, so no cell takes a
  /// boundary value (2D, 3D); Sides: such a period in a block whose tile
  /// reaches outside the loop bounds or the array, where whether a cell
  /// takes boundary values is fixed per thread (its tile position); Tail:
  /// loads stop, levels drain (guarded), and in 2D and 3D every
  /// steady-state period that is neither.
  enum class Phase { Head, Inner, Interior, Sides, Tail };
  static bool unguarded(Phase Ph) {
    return Ph == Phase::Inner || Ph == Phase::Interior || Ph == Phase::Sides;
  }
  /// A level's value for the cell: its update, or the boundary value where
  /// the cell lies outside the loop bounds (none in the interior; in the
  /// sides every plane is inside along the stream, so the tile position
  /// alone decides).
  std::string updateOrBoundary(Phase Ph, const std::string &Update,
                               const std::string &Boundary) const {
    if (Ph == Phase::Interior)
      return Update;
    if (Ph == Phase::Sides)
      return rv("in_tile") + " ? " + Update + " : " + Boundary;
    return rv("inside") + "(q) ? " + Update + " : " + Boundary;
  }
  /// Whether a level's code names q = its plane (the select of the guarded
  /// phases and the last level's store do).
  static bool namesPlane(Phase Ph, unsigned L, unsigned D) {
    return (Ph != Phase::Interior && Ph != Phase::Sides) || L == D;
  }

  std::string name() const {
    return K.Prefix + "_bt" + std::to_string(D);
  }
  /// The type of plane offsets: the template parameter Offset with
  /// --offset-bits=32 (the host launches the int or the long instance),
  /// else long.
  std::string offsetType() const {
    return Plan.NarrowOffsets ? "Offset" : "long";
  }
  /// The last level's store of \p Value to plane q of the row's cell.
  std::string lastLevelStore(const std::string &Value) const {
    std::string Cell = rv("dst_cell") +
                       (Plan.NarrowOffsets ? "[q * stride]"
                                           : "[(long)q * plane_stride]");
    if (Plan.PredicatedStore)
      return "stencilcc_store_if(&" + Cell + ", " + Value + ", " +
             rv("in_compute") + ");";
    return "if (" + rv("in_compute") + ") " + Cell + " = " + Value + ";";
  }
  std::string rowSuffix(unsigned R) const {
    return Rows == 1 ? "" : "_r" + std::to_string(R);
  }
  /// A per-row name (cell, pos, src_cell, in_compute, ...) of row Row; the
  /// plain name with one row per thread.
  std::string rv(const std::string &Name) const {
    return Name + rowSuffix(Row);
  }
  std::string rowComment() const {
    return Rows == 1 ? "" : ", row " + std::to_string(Row);
  }
  const CircularQueueLayout &queue() const { return Queues[Row]; }
  const PartialSumRing &sums() const { return SumRings[Row]; }
  std::string lastCol(unsigned L) const {
    return L == 0 ? "load_last" : "last_col_" + std::to_string(L);
  }
  /// Column index expression: a number in the head, c + u in loops.
  std::string colExpr(Phase Ph, int64_t Col) const {
    if (Ph == Phase::Head)
      return std::to_string(Col);
    return Col == 0 ? "c" : "c + " + std::to_string(Col);
  }
  /// Relative plane \p X of static column position: a number in the
  /// head, c +/- n in loops (for comments).
  std::string planeExpr(Phase Ph, int64_t X) const {
    if (Ph == Phase::Head || X == 0)
      return Ph == Phase::Head ? std::to_string(X) : "c";
    return X > 0 ? "c + " + std::to_string(X) : "c - " + std::to_string(-X);
  }
  /// Whether level L takes part in column (static position) \p Col.
  bool started(Phase Ph, unsigned L, int64_t Col) const {
    return Ph != Phase::Head || Col >= StartCol[L];
  }
  std::string guard(Phase Ph, unsigned L, int64_t Col) const {
    if (unguarded(Ph))
      return "";
    return colExpr(Ph, Col) + " <= " + lastCol(L);
  }

  std::string exchangePlane(unsigned Index) const {
    return "exchange + " + std::to_string(Index) + " * kPlane";
  }
  unsigned scrPlane(unsigned Set, unsigned Loc, int64_t Offset) const {
    return (Set * Ex.Written + Loc) * Plan.ExchangedOffsets.size() +
           ExIndex.at(Offset);
  }
  /// SCR: the exchange location level \p L writes in round \p R, whose
  /// first level is \p First. A staged exchange's level 1 writes none (it
  /// reads the stage), so round 0's other levels move down one.
  unsigned scrLocation(unsigned R, unsigned L, unsigned First) const {
    return L - First - (Plan.StagedExchange && R == 0 && L > 1 ? 1 : 0);
  }
  unsigned mcrPlane(unsigned SourceLevel, int64_t RelPlane) const {
    return SourceLevel * Ex.Ring + unsigned(posMod(RelPlane, Ex.Ring));
  }
  /// Cached exchange: the register holding in-plane neighbour \p V of
  /// plane \p RelPlane of level \p Level.
  std::string neighbourRegister(unsigned Level, int64_t RelPlane,
                                const std::vector<int64_t> &V) const {
    return "n" + std::to_string(Level) + "_" +
           std::to_string(posMod(RelPlane, Plan.NeighbourRing)) + "__" +
           inPlaneTag(V);
  }
  /// Offset of in-plane neighbour \p V within an exchange plane.
  std::string planeIndex(const std::vector<int64_t> &V) const {
    if (V.size() == 1)
      return std::to_string(V[0]);
    return std::to_string(V[0]) + " * kPitch + " + std::to_string(V[1]);
  }
  /// Double buffer (cached exchange, assoc): level Level publishes plane
  /// Plane in this column, under Guard (a prefix, empty when unguarded).
  struct Publish {
    unsigned Level;
    int64_t Plane;
    std::string Guard;
  };
  std::vector<Publish> publications(Phase Ph, int64_t Col) const;
  void writePublications(std::ostream &OS, const std::vector<Publish> &Pubs,
                         unsigned Set, const std::string &Indent) const;
  /// \p Base (a position) moved by in-plane offset \p V: pos - 1,
  /// pos + 2 * kPitch - 1.
  std::string shiftedPos(const std::vector<int64_t> &V,
                         const std::string &Base) const {
    std::string S = Base;
    for (size_t I = 0; I < V.size(); ++I) {
      if (V[I] == 0)
        continue;
      int64_t A = V[I] < 0 ? -V[I] : V[I];
      bool Row = I + 1 < V.size();
      S += (V[I] < 0 ? " - " : " + ") +
           (Row ? (A == 1 ? std::string("kPitch")
                          : std::to_string(A) + " * kPitch")
                : std::to_string(A));
    }
    return S;
  }
  /// --async-copy: the stage slot of column \p Col's plane (of row Row).
  std::string stageSlot(int64_t Col) const {
    int64_t Slot = posMod(Col, Plan.AsyncRing);
    if (Plan.StagedExchange)
      return "stage[" + std::to_string(Slot) + " * kPlane + " + rv("pos") +
             "]";
    return "stage[" + std::to_string(Rows == 1 ? Slot : Slot * Rows + Row) +
           " * kThreads + tid]";
  }
  void writeAsyncCopy(std::ostream &OS, Phase Ph, int64_t Col,
                      const std::string &Indent) const;
  void writeCachedExchange(std::ostream &OS, Phase Ph, int64_t Col,
                           const std::string &Indent) const;
  void writeAssocColumn(std::ostream &OS, Phase Ph, int64_t Col,
                        const std::string &Indent) const;
  void writeValueOrderAdds(
      std::ostream &OS, Phase Ph, unsigned L, int64_t X,
      const std::set<std::vector<int64_t>> &Values,
      const std::function<std::string(const std::vector<int64_t> &)> &Load,
      const std::string &Guard, const std::string &Indent) const;

  std::string updateCall(unsigned L, int64_t Col, unsigned Set,
                         unsigned Loc, bool Carry = false) const;
  void writeColumn(std::ostream &OS, Phase Ph, int64_t Col,
                   const std::string &Indent) const;
};

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

// Assoc: the double buffer of the cached exchange, then, per level L, the
// plane level L-1 published is added to the partial sums of every output
// plane that reads it (each neighbour value read from shared memory once,
// the own column from the queue), and the output plane whose last term
// that was is finished: plane y + StreamPos arrives in the column that
// makes y (Lag = StreamPos + 1). A sum's terms from its lowest plane
// start it, so a slot needs no clearing.
void BlockedKernelWriter::writeAssocColumn(std::ostream &OS, Phase Ph,
                                           int64_t Col,
                                           const std::string &In) const {
  unsigned Set = unsigned(posMod(Col, 2));
  std::vector<Publish> Pubs = publications(Ph, Col);
  bool HasExchange = !Plan.ExchangedOffsets.empty();
  if (HasExchange)
    writePublications(OS, Pubs, Set, In);
  // Values by their offset from the thread's first row: rows share the
  // values of the rows between them, each loaded once (and their own
  // columns come from the rows' queues).
  std::set<std::vector<int64_t>> Values;
  for (unsigned R = 0; R < Rows; ++R)
    for (const std::vector<int64_t> &V : Form.inPlaneReads())
      Values.insert(Plan.offsetFromFirstRow(V, R));
  for (unsigned L = 1; L <= D; ++L) {
    for (const Publish &Pb : Pubs) {
      if (Pb.Level != L - 1)
        continue;
      int64_t X = Pb.Plane;
      std::vector<std::string> Adds;
      for (Row = 0; Row < Rows; ++Row)
        for (const auto &[S, Reads] : Form.Groups) {
          int64_t Y = X - S;
          // The head leaves out sums of planes below the level's first.
          if (Ph == Phase::Head && Y < int64_t(L) * RN)
            continue;
          bool Starts = S == Form.lowestOffset();
          std::string Args = Starts ? "" : sums().slot(L, Y);
          for (const std::vector<int64_t> &V : Form.GroupReads.at(S))
            Args += (Args.empty() ? "" : ", ") +
                    partialSumValueName(Plan.offsetFromFirstRow(V, Row));
          Adds.push_back(sums().slot(L, Y) + " = " +
                         partialTermsFunction(K, S) + "(" + Args +
                         scalarArgs(P) + ");");
        }
      Row = 0;
      if (Adds.empty())
        continue;
      // Value V of the plane (an offset from the thread's first row, Row
      // being 0 here).
      auto Load = [&](const std::vector<int64_t> &V) {
        std::string Value;
        if (std::optional<unsigned> Own = Plan.ownColumnRow(V)) {
          Row = *Own;
          Value = queue().slot(L - 1, queue().slotOf(X));
          Row = 0;
        } else {
          Value = "exchange[" + std::to_string(2 * (L - 1) + Set) +
                  " * kPlane + " + shiftedPos(V, rv("pos")) + "]";
        }
        return Value;
      };
      if (Plan.Order == SumOrder::Value) {
        writeValueOrderAdds(OS, Ph, L, X, Values, Load, Pb.Guard, In);
        continue;
      }
      OS << In << Pb.Guard << "{ // level " << L << " adds plane "
         << planeExpr(Ph, X) << " of level " << L - 1 << "\n";
      for (const std::vector<int64_t> &V : Values)
        OS << In << "  const " << Elem << " " << partialSumValueName(V)
           << " = " << Load(V) << ";\n";
      for (const std::string &A : Adds)
        OS << In << "  " << A << "\n";
      OS << In << "}\n";
    }
    if (!started(Ph, L, Col))
      continue;
    int64_t Q = Plan.planeAt(L, Col);
    std::string Gd = guard(Ph, L, Col);
    for (Row = 0; Row < Rows; ++Row) {
      std::string Finish = partialFinishFunction(K) + "(" +
                           sums().slot(L, Q) + scalarArgs(P) + ")";
      OS << In << (Gd.empty() ? "{" : "if (" + Gd + ") {") << " // level "
         << L << " finishes plane " << planeExpr(Ph, Q) << rowComment()
         << "\n";
      if (namesPlane(Ph, L, D))
        OS << In << "  const int q = p - " << Col - Q << ";\n";
      if (L < D) {
        std::string Boundary =
            L == 1 ? queue().boundarySlot(queue().slotOf(Q))
                   : queue().slot(L - 2, queue().slotOf(Q));
        OS << In << "  " << queue().slot(L, queue().slotOf(Q)) << " = "
           << updateOrBoundary(Ph, Finish, Boundary) << ";\n";
      } else {
        OS << In << "  " << lastLevelStore(Finish) << "\n";
      }
      OS << In << "}\n";
    }
    Row = 0;
  }
}


// --sum-order=value (paper 004's interleaving): each value of plane X is
// loaded and at once added to every partial sum that reads it, the values
// in row-major order of their offset, so one value is live at a time. A
// sum's terms are added one statement each, in that order; the first term
// of a sum of the lowest group starts it.
void BlockedKernelWriter::writeValueOrderAdds(
    std::ostream &OS, Phase Ph, unsigned L, int64_t X,
    const std::set<std::vector<int64_t>> &Values,
    const std::function<std::string(const std::vector<int64_t> &)> &Load,
    const std::string &Guard, const std::string &In) const {
  // Every (row, group) sum this plane adds to, and whether it starts here.
  std::set<std::pair<unsigned, int64_t>> Started;
  OS << In << Guard << "{ // level " << L << " adds plane " << planeExpr(Ph, X)
     << " of level " << L - 1 << ", value by value\n";
  for (const std::vector<int64_t> &V : Values) {
    std::vector<std::string> Adds;
    for (Row = 0; Row < Rows; ++Row)
      for (const auto &[S, Terms] : Form.Groups) {
        int64_t Y = X - S;
        if (Ph == Phase::Head && Y < int64_t(L) * RN)
          continue;
        for (const ExprPtr &T : Terms) {
          if (partialTermValue(Plan, *T, Row) != V)
            continue;
          bool Starts = S == Form.lowestOffset() &&
                        Started.insert({Row, S}).second;
          Adds.push_back(
              partialTermAddition(Form, sums().slot(L, Y), *T, Starts));
        }
      }
    Row = 0;
    if (Adds.empty())
      continue;
    OS << In << "  { // " << partialSumValueName(V) << "\n";
    OS << In << "    const " << Elem << " v = " << Load(V) << ";\n";
    for (const std::string &A : Adds)
      OS << In << "    " << A << "\n";
    OS << In << "  }\n";
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
  OS << scalarParams(P) << ")\n{\n";

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
      And(InCompute[Row], T + " >= " + std::to_string(Plan.haloBefore(I)) +
                              " && " + T + " < " +
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
    std::string Len = Plan.StreamLength
                          ? std::to_string(Plan.StreamLength)
                          : std::string("(hi0 - lo0)");
    OS << "  const int out_begin = lo0 + (int)blockIdx." << ChunkAxis
       << " * " << Len << ";\n";
    OS << "  const int out_end = min(out_begin + " << Len << ", hi0);\n";
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
  return OS.str();
}

} // namespace

std::string emitCarriedUpdateFunction(const KernelContext &K) {
  // Only where some kernel of the plan carries (nvcc warns of an unused
  // function); every kernel that does carries the same differences.
  for (unsigned D = 1; D <= K.Plan.TemporalDegree; ++D) {
    BlockedKernelWriter W(K, D);
    if (!W.carried().empty())
      return updateFunction(K, std::nullopt, &W.carried());
  }
  return std::string();
}

std::string emitBlockedKernel(const KernelContext &K, unsigned Degree) {
  return BlockedKernelWriter(K, Degree).write();
}

//===----------------------------------------------------------------------===//
// The naive kernel
//===----------------------------------------------------------------------===//

std::string emitNaiveKernel(const KernelContext &K) {
  const StencilProgram &P = K.Program;
  const TemporalBlockingPlan &Plan = K.Plan;
  const std::string Elem = elementTypeName(Plan.Element);
  unsigned N = P.numSpatialDims();
  ReadSets R = readSets(K);
  std::ostringstream OS;
  OS << "// One time step, one thread per cell, global memory only.\n";
  OS << "static __global__ void " << K.Prefix << "_naive(const " << Elem
     << " *__restrict__ src, " << Elem << " *__restrict__ dst";
  for (unsigned D = 0; D < N; ++D)
    OS << ", const long e" << D;
  for (unsigned D = 0; D < N; ++D)
    OS << ", const long lo_" << D << ", const long hi_" << D;
  OS << scalarParams(P) << ")\n{\n";
  static const char *Axis[] = {"x", "y", "z"};
  for (unsigned D = 0; D < N; ++D) {
    const char *A = Axis[N - 1 - D];
    OS << "  const long " << spatialVar(D) << " = lo_" << D
       << " + (long)blockIdx." << A << " * blockDim." << A << " + threadIdx."
       << A << ";\n";
  }
  std::string Cond, Index;
  for (unsigned D = 0; D < N; ++D) {
    Cond += (D ? " || " : "") + spatialVar(D) + " >= hi_" + std::to_string(D);
    Index = D == 0 ? spatialVar(0)
                   : "(" + Index + ") * e" + std::to_string(D) + " + " +
                         spatialVar(D);
  }
  OS << "  if (" << Cond << ")\n    return;\n";
  OS << "  const long cell = " << Index << ";\n";
  // The same update function: its plane pointers address global memory.
  std::string PlaneStride = N == 1 ? "0" : "e1" + std::string(N == 3 ? " * e2" : "");
  std::string Args;
  for (int64_t O : R.Registers)
    Args += (Args.empty() ? "" : ", ") + ("src[cell + " + std::to_string(O) +
                                          " * " + PlaneStride + "]");
  for (int64_t O : R.Exchanged)
    Args += (Args.empty() ? "" : ", ") +
            ("src + cell + " + std::to_string(O) + " * " + PlaneStride);
  for (const auto &[S, V] : R.Neighbours) {
    std::string In = V.size() == 1 ? std::to_string(V[0])
                                   : std::to_string(V[0]) + " * e2 + " +
                                         std::to_string(V[1]);
    Args += (Args.empty() ? "" : ", ") + ("src[cell + " + std::to_string(S) +
                                          " * " + PlaneStride + " + " + In +
                                          "]");
  }
  if (Plan.Geometry.TileDims.size() == 2 && !R.Exchanged.empty())
    Args += ", e2";
  OS << "  dst[cell] = " << K.Prefix << "_update(" << Args << scalarArgs(P)
     << ");\n}\n";
  return OS.str();
}

} // namespace stencilcc
