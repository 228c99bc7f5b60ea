//===- IR/IndexExpr.h - One subscript of an array access --------*- C++ -*-===//
//
// A subscript of the general form (StencilProgram::Stages): affine in the
// statement's loop variables and the integer parameters, or a boundary
// condition written around such a value. Clamped neighbours arrive as a
// selection (`i < n-1 ? i+1 : i`, or `min(i+1, n-1)` through a macro) and
// periodic ones as a remainder (`(i+1)%n`). The tree keeps what the source
// wrote; the analysis asks isl for the range of offsets it reaches, and the
// emitter prints it back as C.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_IR_INDEXEXPR_H
#define STENCILCC_IR_INDEXEXPR_H

#include "stencilcc/IR/AffineExpr.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

struct IndexExpr {
  enum class Kind {
    Affine, ///< Value
    Select, ///< (CmpLhs Cmp CmpRhs) ? Operands[0] : Operands[1]
    Mod,    ///< Operands[0] % Divisor (C's remainder)
  };
  Kind K = Kind::Affine;
  AffineExpr Value;
  AffineExpr CmpLhs, CmpRhs;
  std::string Cmp; ///< "<", "<=", ">", ">=", "==" or "!="
  AffineExpr Divisor;
  std::vector<IndexExpr> Operands;

  static IndexExpr affine(AffineExpr V);
  static IndexExpr select(AffineExpr L, std::string Cmp, AffineExpr R,
                          IndexExpr Then, IndexExpr Else);
  static IndexExpr mod(IndexExpr Dividend, AffineExpr Divisor);

  bool isAffine() const { return K == Kind::Affine; }
  /// `Var + c` for a plain affine subscript, as c.
  std::optional<int64_t> offsetFrom(const std::string &Var) const;
  /// Whether some affine part names \p Var.
  bool mentions(const std::string &Var) const;
  /// C text; \p Name maps each symbol to its spelling (identity if null).
  std::string
  str(const std::function<std::string(const std::string &)> &Name = {}) const;
  /// The same value as isl pieces: (condition, affine value) pairs whose
  /// conditions partition the points where C computes it without help
  /// (a remainder is covered for dividends in (-2*Divisor, 2*Divisor)).
  /// A condition is isl constraint text; empty means always.
  std::vector<std::pair<std::string, std::string>> islPieces() const;
  bool operator==(const IndexExpr &O) const;
};

} // namespace stencilcc

#endif
