//===- IR/StencilProgram.cpp ----------------------------------------------===//
#include "stencilcc/IR/StencilProgram.h"

namespace stencilcc {

const char *elementTypeName(ElementType T) {
  return T == ElementType::Float ? "float" : "double";
}

unsigned elementTypeSize(ElementType T) {
  return T == ElementType::Float ? 4 : 8;
}

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

const Parameter *StencilProgram::findParameter(const std::string &Name) const {
  for (const Parameter &P : Parameters)
    if (P.Name == Name)
      return &P;
  return nullptr;
}

std::vector<std::pair<std::string, ScalarType>>
StencilProgram::rhsScalars() const {
  std::vector<std::pair<std::string, ScalarType>> V;
  if (!Rhs)
    return V;
  Rhs->walk([&](const Expr &E) {
    if (E.K != Expr::Kind::ScalarRef)
      return;
    for (const auto &Seen : V)
      if (Seen.first == E.Name)
        return;
    V.emplace_back(E.Name, E.Type);
  });
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

std::string StencilProgram::rhsText() const {
  if (!Rhs)
    return "";
  return printExpr(*Rhs,
                   [this](const ArrayAccess &A) { return accessText(A); });
}

} // namespace stencilcc
