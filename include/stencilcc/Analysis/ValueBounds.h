//===- Analysis/ValueBounds.h - lower bounds of update values ---*- C++ -*-===//
//
// A square root's helper needs a scaling step for operands below 2^-100
// and selections for zero and negative ones (float-square-root.cu.in).
// Where the operand is a positive constant plus squares, as gradient2d's
// is, neither can occur; this proves such facts from the expression alone,
// for every value of the reads. Rounding to nearest is monotonic, so a
// sum of terms that are each at least 0 is at least its largest term's
// bound, and a square, rounded, at least 0; NaN and +infinity propagate
// and are left to the caller.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_ANALYSIS_VALUEBOUNDS_H
#define STENCILCC_ANALYSIS_VALUEBOUNDS_H

#include "stencilcc/IR/Expr.h"

#include <optional>

namespace stencilcc {

/// A value L such that \p E, evaluated as the update evaluates it (round
/// to nearest, FMA contraction or not), is at least L, +infinity or NaN,
/// whatever the reads hold; none where this cannot tell. It knows
/// constants, squares (a product of two equal read-dependent operands),
/// fabs/fabsf, and sums of operands it bounds by 0 or more.
std::optional<double> provenLowerBound(const Expr &E);

/// Whether \p A and \p B are the same expression, node for node.
bool sameExpression(const Expr &A, const Expr &B);

} // namespace stencilcc

#endif
