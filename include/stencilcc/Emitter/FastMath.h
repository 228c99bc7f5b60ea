//===- Emitter/FastMath.h - The update under --fast-math --------*- C++ -*-===//
//
// What --fast-math changes in a region's update, beyond the reciprocal of
// constant divisors (ConstantDivision.h), when the user asks for it:
//
//  - a float stencil computes in float: C promotes a float operand of
//    sqrt() or of a double literal to double, and on a GPU that puts double
//    division and square root (many instructions, half rate or less) in a
//    float kernel; here those operations stay in float;
//  - c / sqrt(x) becomes c * rsqrt(x) (one MUFU instruction in float);
//  - a float division by a non-constant becomes __fdividef (no slow-path
//    branch, which would split the blocked kernel's levels).
//
// Results move by a few units in the last place of the element type; the
// self-check (--emit-test) compares them with the C loop as written.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_FASTMATH_H
#define STENCILCC_EMITTER_FASTMATH_H

#include "stencilcc/IR/Expr.h"

namespace stencilcc {

/// \p Update rewritten as above for a stencil of element type \p Element.
ExprPtr lowerForFastMath(ExprPtr Update, ScalarType Element);

} // namespace stencilcc

#endif
