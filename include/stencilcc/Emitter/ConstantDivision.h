//===- Emitter/ConstantDivision.h - x / c without a branch ------*- C++ -*-===//
//
// A floating division compiles, under CUDA's default IEEE division, to a
// multiply-and-two-FMA fast path guarded by a range check that branches to
// a slow routine. The branch cuts the levels of a blocked kernel into
// separate basic blocks, so their instructions cannot be interleaved and
// each level waits out the latency of the one before (measured on an H100:
// j2d5pt float runs at 533 GCells/s with `/ c`, 790 without the branch).
//
// When the divisor is a compile-time constant c, its reciprocal r = 1/c
// rounded to nearest is known here, and the fast path alone (Markstein's
// correction step, the same sequence) yields the correctly rounded x / c
// for every x whose quotient and intermediates stay in the normal range.
// This pass rewrites such divisions into stencilcc_div_rn(x, c, r) (the
// helper of kernels-templates/constant-division.cu.in), or into x * r
// when c is a power of two (then exact). See that template for the few
// inputs where the result may differ from x / c in the last place. The
// sequence needs no sign fix-up for zeros (five instructions with the
// range test; j2d5pt float 917 -> 997 GCells/s on an H100 against the
// copysign form, bT=9).
//
// A float division whose divisor has a reciprocal split that holds
// (stencilcc/Analysis/ReciprocalSplit.h) becomes stencilcc_div_split(x,
// hi, lo) instead: one multiply and one FMA.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_CONSTANTDIVISION_H
#define STENCILCC_EMITTER_CONSTANTDIVISION_H

#include "stencilcc/IR/Expr.h"

#include <optional>

namespace stencilcc {

/// The value of a constant operand (literals, casts and signs only),
/// converted as C converts it, in the precision of \p T; none for
/// anything else, or an integer that is not exact in a double.
std::optional<double> constantValue(const Expr &E, ScalarType T);

/// Rewrites, in place, every division of \p E by a constant as described
/// above. Returns true if some division now calls a helper. With
/// \p Reciprocal (--fast-math, only when the user asks) every such
/// division becomes x * r: one multiply, within two ulps of x / c instead of
/// correctly rounded.
bool lowerConstantDivisions(Expr &E, bool Reciprocal = false);

} // namespace stencilcc

#endif
