//===- Emitter/FloatSquareRoot.cpp ----------------------------------------===//
#include "stencilcc/Emitter/FloatSquareRoot.h"

#include "stencilcc/Emitter/ConstantDivision.h"

#include "stencilcc/Analysis/ValueBounds.h"

#include <cmath>

namespace stencilcc {

namespace {

ExprPtr callWithFloat(const char *Helper, Expr &Sqrt) {
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(Sqrt.Operands[0]->Operands[0]));
  return Expr::call(Helper, std::move(Args), ScalarType::Double);
}

/// sqrtf(x): C's float square root.
bool isSqrtf(const Expr &E) {
  return E.K == Expr::Kind::Call && E.Name == "sqrtf" &&
         E.Type == ScalarType::Float && E.Operands.size() == 1;
}

/// Calls \p Helper, or its _large variant where the operand is proved to
/// be at least 2^-100 (or +infinity or NaN).
ExprPtr callSqrtfHelper(const std::string &Helper, Expr &Sqrtf) {
  std::optional<double> Low = provenLowerBound(*Sqrtf.Operands[0]);
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(Sqrtf.Operands[0]));
  return Expr::call(Low && *Low >= 0x1p-100 ? Helper + "_large" : Helper,
                    std::move(Args), ScalarType::Float);
}

/// A power of two 2^e with |e| < \p Bound, as the numerator \p E of type \p T.
bool powerOfTwoNumerator(const Expr &E, ScalarType T, int Bound, double &C) {
  std::optional<double> V = constantValue(E, T);
  int Exp = 0;
  if (!V || *V == 0 || std::fabs(std::frexp(*V, &Exp)) != 0.5 ||
      std::abs(Exp) >= Bound)
    return false;
  C = *V;
  return true;
}

/// Turns the quotient \p E = C / sqrt(...) into \p Reciprocal, times C
/// unless C is 1.
void scaleReciprocal(Expr &E, double C, ExprPtr Reciprocal) {
  if (C == 1.0) {
    E = std::move(*Reciprocal);
    return;
  }
  E.Op = "*";
  E.Operands[1] = std::move(Reciprocal);
}

} // namespace

bool lowerFloatSquareRoots(Expr &E) {
  // c / sqrtf(x) in float: 1/sqrt(x) lies in [2^-64, 2^75] for a positive
  // finite float x, so a power of two c within 2^+-50 times the correctly
  // rounded reciprocal stays normal and is the correctly rounded quotient.
  if (E.K == Expr::Kind::Binary && E.Op == "/" && E.Type == ScalarType::Float &&
      isSqrtf(*E.Operands[1])) {
    double C = 0;
    if (powerOfTwoNumerator(*E.Operands[0], ScalarType::Float, 50, C)) {
      lowerFloatSquareRoots(*E.Operands[1]->Operands[0]);
      ExprPtr R = callSqrtfHelper("stencilcc_rsqrtf_rn", *E.Operands[1]);
      scaleReciprocal(E, C, std::move(R));
      return true;
    }
  }
  // A quotient first: its divisor must not have become a helper call.
  if (E.K == Expr::Kind::Binary && E.Op == "/" && E.Type == ScalarType::Double &&
      floatOperandOfSqrt(*E.Operands[1])) {
    double C = 0;
    // Within 2^+-900 a power-of-two multiple of 1/sqrt(x), which lies in
    // [2^-64, 2^75], neither overflows nor loses bits.
    if (powerOfTwoNumerator(*E.Operands[0], ScalarType::Double, 900, C)) {
      lowerFloatSquareRoots(*E.Operands[1]->Operands[0]->Operands[0]);
      ExprPtr R = callWithFloat("stencilcc_rsqrt_f", *E.Operands[1]);
      scaleReciprocal(E, C, std::move(R));
      return true;
    }
  }
  bool Used = false;
  for (ExprPtr &O : E.Operands)
    Used |= lowerFloatSquareRoots(*O);
  if (floatOperandOfSqrt(E)) {
    E = std::move(*callWithFloat("stencilcc_sqrt_f", E));
    Used = true;
  } else if (isSqrtf(E)) {
    E = std::move(*callSqrtfHelper("stencilcc_sqrtf_rn", E));
    Used = true;
  }
  return Used;
}

} // namespace stencilcc
