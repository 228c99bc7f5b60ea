//===- IR/StencilProgram.cpp ----------------------------------------------===//
#include "stencilcc/IR/StencilProgram.h"

#include <algorithm>

namespace stencilcc {

const char *arrayDeclKindName(ArrayDeclKind K) {
  switch (K) {
  case ArrayDeclKind::VLAPointerCast:
    return "vla-pointer-cast";
  case ArrayDeclKind::Parameter:
    return "parameter";
  case ArrayDeclKind::Global:
    return "global";
  case ArrayDeclKind::Local:
    return "local";
  }
  return "?";
}

std::vector<const Loop *> inNestOrder(const std::vector<Loop> &Loops) {
  std::vector<const Loop *> Nest;
  for (const Loop &L : Loops)
    Nest.push_back(&L);
  std::stable_sort(Nest.begin(), Nest.end(), [](const Loop *A, const Loop *B) {
    return A->NestDepth < B->NestDepth;
  });
  return Nest;
}

const char *arrayRoleName(ArrayRole R) {
  switch (R) {
  case ArrayRole::State:
    return "state";
  case ArrayRole::ReadOnly:
    return "read-only";
  case ArrayRole::TimeIndexed:
    return "time-indexed";
  }
  return "?";
}

unsigned StencilProgram::gridRank() const {
  unsigned R = 0;
  for (const Stage &S : Stages)
    R = std::max<unsigned>(R, S.Loops.size());
  return R;
}

std::string StencilProgram::stageAccessText(const ArrayAccess &A) const {
  const StencilArray &Arr = Arrays[A.ArrayId];
  std::string S = Arr.Name;
  if (Arr.hasLeadingTimeSubscript()) {
    AffineExpr T = AffineExpr::symbol(TimeLoop.Var) +
                   AffineExpr::constant(A.TimeShift);
    if (Arr.Levels > 0)
      S += "[" + (A.TimeShift ? "(" + T.str() + ")" : T.str()) + " % " +
           std::to_string(Arr.Levels) + "]";
    else
      S += "[" + T.str() + "]";
  }
  for (const IndexExpr &I : A.Index)
    S += "[" + I.str() + "]";
  return S;
}

std::string StencilProgram::stageRhsText(const Stage &St) const {
  return printExpr(*St.Rhs,
                   [this](const ArrayAccess &A) { return stageAccessText(A); });
}

const Parameter *StencilProgram::findParameter(const std::string &Name) const {
  for (const Parameter &P : Parameters)
    if (P.Name == Name)
      return &P;
  return nullptr;
}

std::vector<std::pair<std::string, ScalarType>>
StencilProgram::rhsScalars() const {
  std::vector<std::pair<std::string, ScalarType>> V;
  auto Collect = [&](const Expr &E) {
    if (E.K != Expr::Kind::ScalarRef)
      return;
    for (const auto &Seen : V)
      if (Seen.first == E.Name)
        return;
    V.emplace_back(E.Name, E.Type);
  };
  if (Rhs)
    Rhs->walk(Collect);
  for (const Stage &S : Stages)
    S.Rhs->walk(Collect);
  return V;
}

std::string StencilProgram::accessText(const ArrayAccess &A) const {
  AffineExpr Level = AffineExpr::symbol(TimeLoop.Var) +
                     AffineExpr::constant(A.TimeShift);
  std::string S = Array.Name + "[";
  S += A.TimeShift ? "(" + Level.str() + ")" : Level.str();
  S += " % " + std::to_string(TimeModulus) + "]";
  for (size_t D = 0; D < A.Offsets.size() && D < SpatialLoops.size(); ++D) {
    AffineExpr Index = AffineExpr::symbol(SpatialLoops[D].Var) +
                       AffineExpr::constant(A.Offsets[D]);
    S += "[" + Index.str() + "]";
  }
  return S;
}

std::optional<std::vector<AffineExpr>> stateGridExtents(const StencilProgram &P,
                                                       std::string *Why) {
  auto Fail = [&](const std::string &Text) {
    if (Why)
      *Why = Text;
    return std::nullopt;
  };
  // The longest first (they agree elsewhere), then every other against it.
  const StencilArray *Grid = nullptr;
  for (const StencilArray &A : P.Arrays) {
    if (A.Role != ArrayRole::State)
      continue;
    if (!Grid)
      Grid = &A;
    const std::string Differ =
        "state arrays '" + Grid->Name + "' and '" + A.Name + "' have different extents";
    if (A.Extents.size() != Grid->Extents.size() || A.Extents.empty())
      return Fail(Differ);
    for (size_t D = 1; D < A.Extents.size(); ++D)
      if (A.Extents[D] != Grid->Extents[D])
        return Fail(Differ);
    AffineExpr Longer = A.Extents[0] - Grid->Extents[0];
    if (!Longer.isConstant())
      return Fail(Differ);
    if (Longer.constantTerm() > 0)
      Grid = &A;
  }
  if (!Grid)
    return Fail("no array is written");
  // A shorter one is padded on the device: only where the caller's array
  // may be longer than the accesses reach, and a single plane.
  for (const StencilArray &A : P.Arrays)
    if (A.Role == ArrayRole::State && A.Extents != Grid->Extents &&
        (!A.FirstExtentInferred || A.Levels > 0))
      return Fail("state arrays '" + Grid->Name + "' and '" + A.Name +
                  "' have different extents");
  return Grid->Extents;
}

bool paddedOnDevice(const StencilProgram &P, unsigned Id) {
  const StencilArray &A = P.Arrays[Id];
  if (A.Role != ArrayRole::State || P.Stages.empty())
    return false;
  std::optional<std::vector<AffineExpr>> Grid = stateGridExtents(P);
  return Grid && *Grid != A.Extents;
}

std::string StencilProgram::rhsText() const {
  if (!Rhs)
    return "";
  return printExpr(*Rhs,
                   [this](const ArrayAccess &A) { return accessText(A); });
}

} // namespace stencilcc
