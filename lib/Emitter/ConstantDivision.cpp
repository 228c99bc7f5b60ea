//===- Emitter/ConstantDivision.cpp ---------------------------------------===//
#include "stencilcc/Emitter/ConstantDivision.h"

#include "stencilcc/Analysis/ReciprocalSplit.h"

#include <cmath>
#include <cstdio>
#include <optional>

namespace stencilcc {

namespace {

/// The literal spelling of \p V in hexadecimal (exact) for type \p T.
std::string hexLiteral(double V, ScalarType T) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%a", V);
  return std::string(Buf) + (T == ScalarType::Float ? "f" : "");
}

bool isNormal(double V, ScalarType T) {
  return T == ScalarType::Float ? std::isnormal(float(V)) : std::isnormal(V);
}

} // namespace

std::optional<double> constantValue(const Expr &E, ScalarType T) {
  std::optional<double> V;
  switch (E.K) {
  case Expr::Kind::FloatLiteral:
  case Expr::Kind::IntLiteral:
    V = E.Value;
    break;
  case Expr::Kind::Cast:
    V = constantValue(*E.Operands[0], E.Type);
    break;
  case Expr::Kind::Unary:
    V = constantValue(*E.Operands[0], E.Type);
    if (V && E.Op == "-")
      V = -*V;
    break;
  default:
    return std::nullopt;
  }
  if (!V)
    return std::nullopt;
  if (T == ScalarType::Float)
    return double(float(*V));
  if (T == ScalarType::Double)
    return *V;
  // An integer operand: only exact small integers are taken.
  if (*V != std::trunc(*V) || std::fabs(*V) > 0x1p52)
    return std::nullopt;
  return *V;
}

bool lowerConstantDivisions(Expr &E, bool Reciprocal) {
  bool Used = false;
  for (ExprPtr &O : E.Operands)
    Used |= lowerConstantDivisions(*O, Reciprocal);
  if (E.K != Expr::Kind::Binary || E.Op != "/" || !isFloatingType(E.Type) ||
      E.Operands[1]->Type != E.Type)
    return Used;
  std::optional<double> C = constantValue(*E.Operands[1], E.Type);
  if (!C)
    return Used;
  // The reciprocal rounded to nearest in the division's own precision
  // (host float arithmetic is IEEE single on every target we build for).
  double R = E.Type == ScalarType::Float ? double(1.0f / float(*C)) : 1.0 / *C;
  if (!isNormal(*C, E.Type) || !isNormal(R, E.Type))
    return Used;
  int Exp = 0;
  bool PowerOfTwo = std::fabs(std::frexp(*C, &Exp)) == 0.5;
  ExprPtr X = std::move(E.Operands[0]);
  ExprPtr RLit = Expr::floatLiteral(hexLiteral(R, E.Type), R, E.Type);
  E.Operands.clear();
  if (PowerOfTwo || Reciprocal) {
    // x * 2^-k rounds the same exact value x / 2^k rounds; otherwise the
    // user asked for the multiply (one more rounding).
    E.Op = "*";
    E.Operands.push_back(std::move(X));
    E.Operands.push_back(std::move(RLit));
    return Used;
  }
  E.K = Expr::Kind::Call;
  E.Op.clear();
  if (E.Type == ScalarType::Float)
    if (std::optional<ReciprocalSplit> S = splitReciprocal(float(*C))) {
      E.Name = "stencilcc_div_split";
      E.Operands.push_back(std::move(X));
      E.Operands.push_back(
          Expr::floatLiteral(hexLiteral(S->Hi, E.Type), S->Hi, E.Type));
      E.Operands.push_back(
          Expr::floatLiteral(hexLiteral(S->Lo, E.Type), S->Lo, E.Type));
      return true;
    }
  E.Name = "stencilcc_div_rn";
  E.Operands.push_back(std::move(X));
  E.Operands.push_back(Expr::floatLiteral(hexLiteral(*C, E.Type), *C, E.Type));
  E.Operands.push_back(std::move(RLit));
  return true;
}

} // namespace stencilcc
