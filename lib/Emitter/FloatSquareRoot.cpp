//===- Emitter/FloatSquareRoot.cpp ----------------------------------------===//
#include "stencilcc/Emitter/FloatSquareRoot.h"

#include "stencilcc/Emitter/ConstantDivision.h"

#include <cmath>

namespace stencilcc {

namespace {

ExprPtr callWithFloat(const char *Helper, Expr &Sqrt) {
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(Sqrt.Operands[0]->Operands[0]));
  return Expr::call(Helper, std::move(Args), ScalarType::Double);
}

} // namespace

bool lowerFloatSquareRoots(Expr &E) {
  // A quotient first: its divisor must not have become a helper call.
  if (E.K == Expr::Kind::Binary && E.Op == "/" && E.Type == ScalarType::Double &&
      floatOperandOfSqrt(*E.Operands[1])) {
    std::optional<double> C = constantValue(*E.Operands[0], ScalarType::Double);
    int Exp = 0;
    // Within 2^+-900 a power-of-two multiple of 1/sqrt(x), which lies in
    // [2^-64, 2^75], neither overflows nor loses bits.
    if (C && *C != 0 && std::fabs(std::frexp(*C, &Exp)) == 0.5 &&
        std::abs(Exp) < 900) {
      lowerFloatSquareRoots(*E.Operands[1]->Operands[0]->Operands[0]);
      ExprPtr R = callWithFloat("stencilcc_rsqrt_f", *E.Operands[1]);
      if (*C == 1.0) {
        E = std::move(*R);
      } else {
        E.Op = "*";
        E.Operands[1] = std::move(R);
      }
      return true;
    }
  }
  bool Used = false;
  for (ExprPtr &O : E.Operands)
    Used |= lowerFloatSquareRoots(*O);
  if (floatOperandOfSqrt(E)) {
    E = std::move(*callWithFloat("stencilcc_sqrt_f", E));
    Used = true;
  }
  return Used;
}

} // namespace stencilcc
