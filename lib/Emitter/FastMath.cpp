//===- lib/Emitter/FastMath.cpp - The update under --fast-math ------------===//
#include "stencilcc/Emitter/FastMath.h"

#include "stencilcc/Emitter/ConstantDivision.h"

namespace stencilcc {

namespace {

bool isSqrt(const Expr &E) {
  return E.K == Expr::Kind::Call && (E.Name == "sqrt" || E.Name == "sqrtf") &&
         E.Operands.size() == 1;
}

/// Float arithmetic for a float stencil: double-typed nodes become float,
/// conversions to double of floating values disappear, double literals and
/// scalars are converted once.
ExprPtr demote(ExprPtr E) {
  // (float)0.25 and (float)s are already converted once.
  if (E->K == Expr::Kind::Cast && E->Type != ScalarType::Double &&
      (E->Operands[0]->K == Expr::Kind::FloatLiteral ||
       E->Operands[0]->K == Expr::Kind::ScalarRef))
    return E;
  for (ExprPtr &O : E->Operands)
    O = demote(std::move(O));
  if (E->Type != ScalarType::Double)
    return E;
  switch (E->K) {
  case Expr::Kind::Cast:
    if (isFloatingType(E->Operands[0]->Type))
      return std::move(E->Operands[0]);
    E->Type = ScalarType::Float;
    return E;
  case Expr::Kind::FloatLiteral:
  case Expr::Kind::ScalarRef:
    return Expr::cast(ScalarType::Float, std::move(E), /*Implicit=*/false);
  default:
    E->Type = ScalarType::Float;
    return E;
  }
}

/// c / sqrt(x) -> c * rsqrt(x); float x / y -> __fdividef(x, y) where y is
/// not a constant (lowerConstantDivisions takes those).
void lowerDivisions(Expr &E) {
  for (ExprPtr &O : E.Operands)
    lowerDivisions(*O);
  if (E.K != Expr::Kind::Binary || E.Op != "/" || !isFloatingType(E.Type))
    return;
  bool Float = E.Type == ScalarType::Float;
  Expr &Divisor = *E.Operands[1];
  if (isSqrt(Divisor) && Divisor.Type == E.Type) {
    std::vector<ExprPtr> Arg;
    Arg.push_back(std::move(Divisor.Operands[0]));
    ExprPtr R = Expr::call(Float ? "rsqrtf" : "rsqrt", std::move(Arg), E.Type);
    std::optional<double> C = constantValue(*E.Operands[0], E.Type);
    if (C && *C == 1.0) {
      E = std::move(*R);
      return;
    }
    E.Op = "*";
    E.Operands[1] = std::move(R);
    return;
  }
  if (Float && !constantValue(Divisor, E.Type)) {
    std::vector<ExprPtr> Args;
    Args.push_back(std::move(E.Operands[0]));
    Args.push_back(std::move(E.Operands[1]));
    E = std::move(*Expr::call("__fdividef", std::move(Args), E.Type));
  }
}

} // namespace

ExprPtr lowerForFastMath(ExprPtr Update, ScalarType Element) {
  if (Element == ScalarType::Float)
    Update = demote(std::move(Update));
  lowerDivisions(*Update);
  return Update;
}

} // namespace stencilcc
