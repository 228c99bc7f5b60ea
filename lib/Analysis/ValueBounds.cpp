//===- Analysis/ValueBounds.cpp -------------------------------------------===//
#include "stencilcc/Analysis/ValueBounds.h"

#include <algorithm>
#include <cmath>

namespace stencilcc {

bool sameExpression(const Expr &A, const Expr &B) {
  if (A.K != B.K || A.Type != B.Type || A.Op != B.Op || A.Name != B.Name ||
      A.Operands.size() != B.Operands.size())
    return false;
  if ((A.K == Expr::Kind::FloatLiteral || A.K == Expr::Kind::IntLiteral) &&
      A.Value != B.Value)
    return false;
  if (A.K == Expr::Kind::Access &&
      (A.Access.TimeShift != B.Access.TimeShift ||
       A.Access.Offsets != B.Access.Offsets))
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (!sameExpression(*A.Operands[I], *B.Operands[I]))
      return false;
  return true;
}

std::optional<double> provenLowerBound(const Expr &E) {
  switch (E.K) {
  case Expr::Kind::FloatLiteral:
  case Expr::Kind::IntLiteral:
    return E.Value;
  case Expr::Kind::Cast: {
    // Rounding to nearest is monotonic: x >= L gives float(x) >= float(L).
    std::optional<double> L = provenLowerBound(*E.Operands[0]);
    const bool FromFloating = isFloatingType(E.Operands[0]->Type) ||
                              E.Operands[0]->K == Expr::Kind::IntLiteral;
    if (!L || !isFloatingType(E.Type) || !FromFloating)
      return std::nullopt;
    return E.Type == ScalarType::Float ? double(float(*L)) : *L;
  }
  case Expr::Kind::Binary: {
    // Integer products and sums wrap: x * x may be negative.
    if (!isFloatingType(E.Type))
      return std::nullopt;
    const Expr &A = *E.Operands[0], &B = *E.Operands[1];
    if (E.Op == "*" && A.readsArray() && sameExpression(A, B))
      return 0.0;
    if (E.Op == "+") {
      std::optional<double> LA = provenLowerBound(A), LB = provenLowerBound(B);
      if (LA && LB && *LA >= 0 && *LB >= 0)
        return std::max(*LA, *LB);
    }
    return std::nullopt;
  }
  case Expr::Kind::Call:
    if ((E.Name == "fabs" || E.Name == "fabsf") && E.Operands.size() == 1)
      return 0.0;
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

} // namespace stencilcc
