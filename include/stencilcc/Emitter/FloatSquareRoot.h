//===- Emitter/FloatSquareRoot.h - square roots of floats -------*- C++ -*-===//
//
// C promotes a float argument of sqrt() to double, so a float stencil that
// divides by sqrt(s) computes 1.0 / sqrt((double)s) in double: on a GPU, CUDA's
// IEEE double square root and division, each a reciprocal estimate, about
// eight double instructions and a range check that branches to a slow
// routine. Where the operand is a float, this pass calls the helpers of
// kernels-templates/float-square-root.cu.in instead: a float seed, one
// Newton step and the two correctly rounding corrections, ten double
// instructions in all and no branch, with results identical to C's for
// every float (checked exhaustively; see the template). On an H100,
// gradient2d float with C's sqrt (bT=8) went from 374 to 478 GCells/s.
//
// C's float sqrtf, and a float division of a power of two by it, have the
// same trouble with CUDA's IEEE float routines (sqrt.rn.f32, rcp.rn.f32:
// a range check and a call each); the pass calls the template's float
// helpers for them, CUDA's own fast paths made valid for every input.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_FLOATSQUAREROOT_H
#define STENCILCC_EMITTER_FLOATSQUAREROOT_H

#include "stencilcc/IR/Expr.h"

namespace stencilcc {

/// Rewrites, in place: sqrt((double)x) for a float x into
/// stencilcc_sqrt_f(x), and c / sqrt((double)x) for a power of two c
/// (1.0 included; c times the reciprocal is then exact) into
/// stencilcc_rsqrt_f(x), times c unless c is 1; likewise sqrtf(x) into
/// stencilcc_sqrtf_rn(x) and c / sqrtf(x) in float into
/// stencilcc_rsqrtf_rn(x). Returns true if some helper is now called.
bool lowerFloatSquareRoots(Expr &E);

} // namespace stencilcc

#endif
