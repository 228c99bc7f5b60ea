//===- Emitter/StageBlockedReads.cpp - Names and reads of the blocked kernel -===//
//
// The texts the blocked stage-form kernel is made of: its identifiers, the
// checks that keep each sweep inside its grown box, the grid and its
// statement's loops, and each read as the plan resolved it: the thread's
// register window of a version, the version's shared-memory ring at a
// constant offset or at a subscript evaluated on absolute coordinates (a
// clamped neighbour), or global memory for read-only and time-indexed
// arrays. Statements keep the source's loop variable names; parameters are
// p_<name>, scalars s_<name>.
//
//===----------------------------------------------------------------------===//
#include "StageBlocked.h"

#include "stencilcc/Emitter/RoundedOperands.h"
#include "stencilcc/Planner/PeriodicDimensions.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace stencilcc {
namespace stage {

std::string num(int64_t V) { return std::to_string(V); }

std::string plus(int64_t V) {
  return V > 0 ? " + " + num(V) : V < 0 ? " - " + num(-V) : "";
}

bool names(const std::string &Text, const std::string &Id) {
  auto Word = [&](size_t I) {
    return I < Text.size() &&
           (isalnum((unsigned char)Text[I]) || Text[I] == '_');
  };
  for (size_t At = Text.find(Id); At != std::string::npos;
       At = Text.find(Id, At + 1))
    if ((At == 0 || !Word(At - 1)) && !Word(At + Id.size()))
      return true;
  return false;
}

std::string joined(const std::vector<std::string> &V, const char *Sep) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : Sep) + X;
  return S;
}

BlockedNames::BlockedNames(const StencilProgram &P) {
  Taken.insert(P.TimeLoop.Var);
  for (const Stage &S : P.Stages)
    for (const Loop &L : S.Loops)
      Taken.insert(L.Var);
  for (const StencilArray &A : P.Arrays)
    Taken.insert(A.Name);
}

std::string BlockedNames::operator()(const std::string &Base) const {
  std::string Name = Base;
  while (Taken.count(Name))
    Name += "_";
  return Name;
}

std::string bufferTag(const StencilProgram &P, const StagePlan &Plan,
                      unsigned Buffer) {
  const StageBuffer &B = Plan.Buffers[Buffer];
  const StencilArray &A = P.Arrays[B.ArrayId];
  return A.Levels > 0 ? A.Name + "_" + num(B.Level) : A.Name;
}

static std::string paramName(const std::string &S) { return "p_" + S; }

/// \p E with parameters as p_<name>, as an int (bounds and extents fit).
static std::string intText(const AffineExpr &E) {
  if (E.isConstant())
    return num(E.constantTerm());
  return "(int)(" + affineText(E, paramName) + ")";
}

std::string gridExtentText(const StencilProgram &P, unsigned D) {
  std::optional<std::vector<AffineExpr>> Grid = stateGridExtents(P);
  return Grid && D < Grid->size() ? affineText((*Grid)[D], paramName) : "0";
}

std::vector<std::string> blockedKernelParams(const StencilProgram &P,
                                             const StagePlan &Plan,
                                             const BlockedNames &N) {
  std::vector<std::string> V;
  for (unsigned B = 0; B < Plan.Buffers.size(); ++B) {
    std::string T = elementTypeName(P.Arrays[Plan.Buffers[B].ArrayId].Element);
    std::string Tag = bufferTag(P, Plan, B);
    V.push_back("const " + T + " *__restrict__ " + N("in_" + Tag));
    V.push_back(T + " *__restrict__ " + N("out_" + Tag));
  }
  for (const StencilArray &A : P.Arrays)
    if (A.Role != ArrayRole::State)
      V.push_back(std::string("const ") + elementTypeName(A.Element) +
                  " *__restrict__ " + A.Name);
  V.push_back("const long " + N("t0"));
  for (const std::string &S : regionSymbols(P))
    V.push_back("const long " + paramName(S));
  for (const auto &[Name, T] : P.rhsScalars())
    V.push_back(std::string("const ") + scalarTypeName(T) + " s_" + Name);
  return V;
}

std::vector<std::string> blockedKernelArgs(const StencilProgram &P,
                                           const StagePlan &Plan,
                                           const BlockedNames &N) {
  std::vector<std::string> V;
  for (unsigned B = 0; B < Plan.Buffers.size(); ++B) {
    V.push_back(N("in_" + bufferTag(P, Plan, B)));
    V.push_back(N("out_" + bufferTag(P, Plan, B)));
  }
  for (const StencilArray &A : P.Arrays)
    if (A.Role != ArrayRole::State)
      V.push_back("d_" + A.Name);
  V.push_back(N("t0"));
  for (const std::string &S : regionSymbols(P))
    V.push_back(paramName(S));
  for (const auto &[Name, T] : P.rhsScalars())
    V.push_back("s_" + Name);
  return V;
}

BlockedText::BlockedText(const StencilProgram &P, const StagePlan &Plan)
    : P(P), Plan(Plan), N(P), Rank(Plan.NumDims),
      NC(Plan.streams() ? Plan.NumDims - 1 : 1) {
  Cells = 1;
  for (unsigned C : Plan.CellsPerThread)
    Cells *= C;
  PlaneCells = 1;
  for (int64_t B : Plan.Box)
    PlaneCells *= B;
}

std::string BlockedText::elem(unsigned Version) const {
  return elementTypeName(P.Arrays[Plan.arrayOf(Version)].Element);
}

std::string BlockedText::versionName(unsigned V) const {
  const StageVersion &Ver = Plan.Versions[V];
  if (Ver.Field >= 0)
    return P.Arrays[Ver.Field].Name + "_field";
  return Ver.isInput() ? bufferTag(P, Plan, Ver.Buffer) + "_in"
                       : "s" + num(Ver.Sweep);
}

std::string BlockedText::cellLoop() const {
  return "for (int " + cv() + " = 0; " + cv() + " < " + num(Cells) + "; ++" +
         cv() + ")";
}

std::string BlockedText::wrappedRow(const std::string &Row) const {
  return Plan.streams() && periodic(0)
             ? "stencilcc_wrap(" + Row + ", " + extent(0) + ")"
             : Row;
}

std::string BlockedText::cellIndex(const std::string &Row, bool Owned) const {
  if (!Plan.streams())
    return cross();
  std::string R = Owned ? Row : wrappedRow(Row);
  return "(" + N("Offset") + ")" + (R == Row ? Row : "(" + R + ")") + " * " +
         N("plane_cells") + " + " + cross();
}

std::vector<std::string> BlockedText::stageVars(const Stage &S) const {
  std::vector<std::string> Vars(Rank);
  for (unsigned D = 0; D < Rank; ++D)
    if (S.WriteLoop[D] >= 0)
      Vars[D] = S.Loops[S.WriteLoop[D]].Var;
  return Vars;
}

std::string BlockedText::sweepRow(unsigned K) const {
  std::string Var = stageVars(P.Stages[Plan.SweepPlans[K].Stage])[0];
  return Var.empty() ? N("row_s" + num(K)) : Var;
}

std::string BlockedText::rowsCheck(const std::string &Row,
                                   const StageVersion &V, bool Owned) const {
  int64_t Low = Owned ? 0 : V.GrowLow[0], High = Owned ? 0 : V.GrowHigh[0];
  std::string S = Row + " >= " + own(0) + plus(-Low) + " && " + Row + " < " +
                  ownEnd(0) + plus(High);
  // A periodic stream has no edge: rows past it are the wrapped ones.
  if (Low && !periodic(0))
    S += " && " + Row + " >= 0";
  if (High && !periodic(0))
    S += " && " + Row + " < " + extent(0);
  return S;
}

std::string BlockedText::crossCheck(const StageVersion &V, bool Owned) const {
  std::string S;
  for (unsigned X = 0; X < NC; ++X) {
    unsigned D = dimOf(X);
    int64_t Lo = Plan.BoxLow[X] - (Owned ? 0 : V.GrowLow[D]);
    int64_t Hi = Plan.BoxLow[X] + Plan.Tile[D] + (Owned ? 0 : V.GrowHigh[D]);
    if (Lo > 0)
      S += local(X) + " >= " + num(Lo) + " && ";
    if (Hi < Plan.Box[X])
      S += local(X) + " < " + num(Hi) + " && ";
    // inside() leaves periodic dimensions out: the grown box wraps, the
    // owned tile stops at the grid's end.
    if (Owned && periodic(D))
      S += at(D) + " < " + extent(D) + " && ";
  }
  return S + inside();
}

/// The state arrays' extent of grid dimension \p D.
static AffineExpr gridExtent(const StencilProgram &P, unsigned D) {
  for (const StencilArray &A : P.Arrays)
    if (A.Role == ArrayRole::State)
      return A.Extents[D];
  return AffineExpr();
}

/// Grid dimension \p D of stage \p S at coordinate \p X ("" when the
/// statement's loop spans the grid: the grid checks say it already).
static std::string dimDomain(const StencilProgram &P, const Stage &S,
                             unsigned D, const std::string &X) {
  if (S.WriteLoop[D] < 0)
    return X + " == " + intText(S.WriteIndex[D].Value);
  const Loop &L = S.Loops[S.WriteLoop[D]];
  if (L.Lower == AffineExpr::constant(0) && L.Upper == gridExtent(P, D))
    return "";
  return X + " >= " + intText(L.Lower) + " && " + X + " < " +
         intText(L.Upper);
}

static std::string allOf(const std::vector<std::string> &Conds) {
  std::vector<std::string> Kept;
  for (const std::string &C : Conds)
    if (!C.empty())
      Kept.push_back(C);
  return Kept.empty() ? "true" : joined(Kept, " && ");
}

std::string BlockedText::rowDomain(const Stage &S,
                                   const std::string &Row) const {
  return allOf({dimDomain(P, S, 0, Row)});
}

std::string BlockedText::crossDomain(const Stage &S) const {
  std::vector<std::string> Conds;
  for (unsigned D = Plan.streams() ? 1 : 0; D < Rank; ++D)
    Conds.push_back(dimDomain(P, S, D, at(D)));
  return allOf(Conds);
}

std::function<std::string(const std::string &)>
BlockedText::namer(unsigned K, const std::string &Row) const {
  const StageSweep &Sw = Plan.SweepPlans[K];
  std::string Dim0 = stageVars(P.Stages[Sw.Stage])[0];
  std::string Time = "(" + N("t0") + plus(Sw.Step) + ")";
  // Subscripts see the cell a periodic coordinate wraps to.
  std::string Plane = Row.empty() ? Row : wrappedRow(Row);
  return [this, Dim0, Plane, Time, &Sw](const std::string &Sym) {
    if (Sym == P.TimeLoop.Var)
      return Time;
    if (Plan.streams() && Sym == Dim0)
      return Plane;
    for (const Loop &L : P.Stages[Sw.Stage].Loops)
      if (L.Var == Sym)
        return Sym;
    // Subscripts compute in int, as the coordinates do.
    return "(int)" + paramName(Sym);
  };
}

/// A read-only array of the grid's extents read at a constant offset of
/// the statement's point: its index is the thread's cell index in the
/// grid (computed once) plus the offset's, so a read costs one 64-bit
/// multiply-add rather than one per dimension.
std::optional<std::string>
BlockedText::nearCellRead(unsigned K, const ArrayAccess &A,
                          const std::string &Row) const {
  const StencilArray &Arr = P.Arrays[A.ArrayId];
  if (!Plan.streams() || Row.empty() || Arr.Role != ArrayRole::ReadOnly ||
      A.Index.size() != Rank)
    return std::nullopt;
  // The first extent does not enter the index (and a pointer's is only
  // the bound of its reads).
  for (const StencilArray &S : P.Arrays)
    if (S.Role == ArrayRole::State &&
        (S.Extents.size() != Rank || Arr.Extents.size() != Rank ||
         !std::equal(S.Extents.begin() + 1, S.Extents.end(),
                     Arr.Extents.begin() + 1)))
      return std::nullopt;
  std::vector<std::string> Vars = stageVars(P.Stages[Plan.SweepPlans[K].Stage]);
  std::vector<int64_t> Off;
  for (unsigned D = 0; D < Rank; ++D) {
    std::optional<int64_t> O =
        Vars[D].empty() ? std::nullopt : A.Index[D].offsetFrom(Vars[D]);
    // Along a periodic dimension only the cell itself: a neighbour of the
    // wrapped cell is not the wrapped neighbour in an array of its own
    // extent.
    if (!O || (*O && periodic(D)))
      return std::nullopt;
    Off.push_back(*O);
  }
  std::string InPlane;
  if (Rank == 3 && Off[1])
    InPlane = " + " + num(Off[1]) + " * " + extent(2);
  if (Off[Rank - 1])
    InPlane += " + " + num(Off[Rank - 1]);
  std::string R = Off[0] ? "(" + Row + plus(Off[0]) + ")" : Row;
  return Arr.Name + "[" + cellIndex(R) + InPlane + "]";
}

std::string BlockedText::globalRead(unsigned K, const ArrayAccess &A,
                                    const std::string &Row) const {
  const StageSweep &Sw = Plan.SweepPlans[K];
  const StencilArray &Arr = P.Arrays[A.ArrayId];
  if (std::optional<std::string> Near = nearCellRead(K, A, Row))
    return *Near;
  auto Name = namer(K, Row);
  std::string Idx;
  if (Arr.Role == ArrayRole::TimeIndexed)
    Idx = "(long)(" + N("t0") + plus(int64_t(Sw.Step) + A.TimeShift) + ")";
  for (size_t D = 0; D < A.Index.size(); ++D) {
    std::string Sub = A.Index[D].str(Name);
    if (Idx.empty())
      Idx = "(long)(" + Sub + ")";
    else
      Idx = "(" + Idx + ") * (" + affineText(Arr.Extents[D], paramName) +
            ") + (" + Sub + ")";
  }
  return Arr.Name + "[" + (Idx.empty() ? "0" : Idx) + "]";
}

std::string BlockedText::stateRead(unsigned K, const StageRead &R,
                                   const ArrayAccess &A) const {
  if (R.Kind == StageReadKind::Window)
    return ofCell(window(R.Version)) + "[" + num(R.WindowSlot) + "]";
  const StageVersion &Ver = Plan.Versions[R.Version];
  std::string Row = Plan.streams() ? sweepRow(K) : "";
  auto Name = namer(K, Row);
  std::string Index;
  // Per dimension: the loop variable plus a constant where it is one.
  std::vector<std::string> Vars = stageVars(P.Stages[Plan.SweepPlans[K].Stage]);
  auto Offset = [&](unsigned D) -> std::optional<int64_t> {
    if (!R.Offsets.empty())
      return R.Offsets[D];
    if (Vars[D].empty())
      return std::nullopt;
    return offsetAlong(A.Index[D], Vars[D], periodic(D), gridExtent(P, D));
  };
  if (Plan.streams()) {
    std::optional<int64_t> O = Offset(0);
    std::string Plane =
        O ? Row + plus(*O) : "(int)(" + A.Index[0].str(Name) + ")";
    Index = "((" + Plane + ") & " + num(Ver.RingPlanes - 1) + ") * " +
            num(PlaneCells) + " + ";
  }
  if (!R.Offsets.empty()) {
    int64_t Constant = 0, Scale = 1;
    for (unsigned X = 0; X < NC; ++X) {
      Constant += R.Offsets[dimOf(X)] * Scale;
      Scale *= Plan.Box[X];
    }
    return ring(R.Version) + "[" + Index + loc() + plus(Constant) + "]";
  }
  // A computed subscript: its absolute value, less the box's origin.
  std::vector<std::string> Terms;
  int64_t Scale = 1;
  for (unsigned X = 0; X < NC; ++X) {
    unsigned D = dimOf(X);
    std::string Origin = own(D) + plus(-Plan.BoxLow[X]);
    std::optional<int64_t> O = Offset(D);
    std::string Pos =
        O ? "(" + local(X) + plus(*O) + ")"
          : "((int)(" + A.Index[D].str(Name) + ") - (" + Origin + "))";
    Terms.push_back(Scale == 1 ? Pos : Pos + " * " + num(Scale));
    Scale *= Plan.Box[X];
  }
  return ring(R.Version) + "[" + Index + joined(Terms, " + ") + "]";
}

std::vector<BlockedText::Prefetch> BlockedText::prefetches(unsigned K) const {
  std::vector<Prefetch> V;
  if (!Plan.streams())
    return V;
  const StageSweep &Sw = Plan.SweepPlans[K];
  std::string Row = sweepRow(K);
  unsigned I = 0;
  P.Stages[Sw.Stage].Rhs->walk([&](const Expr &E) {
    if (E.K != Expr::Kind::Access)
      return;
    if (Sw.Reads[I++].Kind != StageReadKind::Global)
      return;
    std::string Key = globalRead(K, E.Access, Row);
    for (const Prefetch &F : V)
      if (F.Key == Key)
        return;
    V.push_back({Key, N("g_s" + num(K) + "_" + num(V.size())),
                 elementTypeName(P.Arrays[E.Access.ArrayId].Element),
                 &E.Access});
  });
  return V;
}

std::string BlockedText::rhs(unsigned K, bool Prefetched) const {
  const StageSweep &Sw = Plan.SweepPlans[K];
  ExprPtr E = P.Stages[Sw.Stage].Rhs->clone();
  std::vector<const ArrayAccess *> Reads;
  std::function<void(Expr &)> Visit = [&](Expr &X) {
    if (X.K == Expr::Kind::ScalarRef)
      X.Name = "s_" + X.Name;
    if (X.K == Expr::Kind::Access)
      Reads.push_back(&X.Access);
    for (ExprPtr &O : X.Operands)
      Visit(*O);
  };
  Visit(*E);
  if (regionNarrows(P))
    keepRounding(*E);
  std::vector<Prefetch> Pre = Prefetched ? prefetches(K) : std::vector<Prefetch>();
  std::string Row = Plan.streams() ? sweepRow(K) : "";
  return printExpr(
      *E,
      [&](const ArrayAccess &A) {
        size_t I = std::find(Reads.begin(), Reads.end(), &A) - Reads.begin();
        const StageRead &R = Sw.Reads[I];
        if (R.Kind != StageReadKind::Global)
          return stateRead(K, R, A);
        std::string Text = globalRead(K, A, Row);
        for (const Prefetch &F : Pre)
          if (F.Key == Text)
            return ofCell(F.Register) + "[0]";
        return Text;
      },
      /*ExplicitCasts=*/true);
}

/// A constexpr condition on (STEPS, FINAL) from a predicate over the
/// instances the run function launches (<Steps, false> and <1..Steps,
/// true>).
template <typename Fn>
static std::string instanceCondition(const StagePlan &Plan, Fn F) {
  unsigned S = Plan.Steps;
  std::vector<unsigned> Final;
  for (unsigned M = 1; M <= S; ++M)
    if (F(M, true))
      Final.push_back(M);
  std::string FinalText, FullText = F(S, false) ? "true" : "false";
  if (Final.empty())
    FinalText = "false";
  else if (Final.size() == S)
    FinalText = "true";
  else if (Final.back() == S && Final.size() == S - Final.front() + 1)
    FinalText = "STEPS >= " + num(Final.front());
  else {
    std::vector<std::string> Eq;
    for (unsigned M : Final)
      Eq.push_back("STEPS == " + num(M));
    FinalText = "(" + joined(Eq, " || ") + ")";
  }
  if (FinalText == FullText)
    return FinalText;
  if (FinalText == "true")
    return "(FINAL || " + FullText + ")";
  if (FullText == "false")
    return "(FINAL && " + FinalText + ")";
  return "(FINAL ? " + FinalText + " : " + FullText + ")";
}

std::string BlockedText::storeCondition(unsigned K) const {
  return instanceCondition(Plan, [&](unsigned M, bool F) {
    return bool(stageSweepStores(Plan, M, F)[K]);
  });
}

std::string BlockedText::runCondition(unsigned K) const {
  return instanceCondition(Plan, [&](unsigned M, bool F) {
    return bool(stageSweepRuns(Plan, M, F)[K]);
  });
}

} // namespace stage
} // namespace stencilcc
