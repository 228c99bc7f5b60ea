//===- IR/AffineExpr.h - Affine expressions over named symbols -*- C++ -*-===//
//
// Loop bounds, array extents and subscripts in a stencil program are affine
// in integer symbols (function parameters, locals defined before the region,
// loop variables) with integer coefficients. AffineExpr is that form, kept
// canonical (terms sorted by name, no zero coefficients) so two equal
// expressions compare equal and print the same; isl strings are built from it.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_IR_AFFINEEXPR_H
#define STENCILCC_IR_AFFINEEXPR_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace stencilcc {

class AffineExpr {
public:
  AffineExpr() = default;
  static AffineExpr constant(int64_t C);
  static AffineExpr symbol(const std::string &Name, int64_t Coeff = 1);

  AffineExpr operator+(const AffineExpr &O) const;
  AffineExpr operator-(const AffineExpr &O) const;
  AffineExpr operator*(int64_t K) const;
  AffineExpr operator-() const { return *this * -1; }
  bool operator==(const AffineExpr &O) const {
    return Constant == O.Constant && Terms == O.Terms;
  }
  bool operator!=(const AffineExpr &O) const { return !(*this == O); }

  int64_t constantTerm() const { return Constant; }
  /// Coefficient of \p Name (0 if absent).
  int64_t coefficient(const std::string &Name) const;
  const std::map<std::string, int64_t> &terms() const { return Terms; }
  bool isConstant() const { return Terms.empty(); }
  /// The expression without the term of \p Name.
  AffineExpr without(const std::string &Name) const;

  /// Value with every symbol bound by \p Values; nullopt if one is unbound.
  std::optional<int64_t>
  evaluate(const std::map<std::string, int64_t> &Values) const;

  /// C syntax, e.g. `dimsize - 2`, `2*n + 1`, `0`. Also valid isl syntax.
  std::string str() const;

private:
  int64_t Constant = 0;
  std::map<std::string, int64_t> Terms;
};

} // namespace stencilcc

#endif
