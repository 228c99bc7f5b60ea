//===- Emitter/RoundedOperands.h - no contraction below a rounding -*- C++ -*-===//
//
// nvcc contracts a * b + c into one fused multiply-add, which rounds once
// where C (on the host, as the self-check's reference runs it) rounds
// twice. In a sum of the element type that moves a result by an ulp,
// within the tolerance; below a cast to a narrower floating type (`float s
// = <double sum>;` in a double stencil) it can move the rounded float by
// one float ulp, 1e-7 where double's tolerance is 1e-12 (H100: 7 of 10
// self-check cases of test/Inputs/accepted/temporaries.c failed, and all
// passed with -fmad=false). This pass makes the additions, subtractions
// and multiplications below such a cast CUDA's round-to-nearest
// intrinsics (__dadd_rn, __dsub_rn, __dmul_rn and their float forms),
// which nvcc never contracts. Only below a cast to a type narrower than
// the result's: a float stencil that rounds a double sum to float keeps
// its fused operations (one float ulp is within float's tolerance).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_ROUNDEDOPERANDS_H
#define STENCILCC_EMITTER_ROUNDEDOPERANDS_H

#include "stencilcc/IR/Expr.h"

namespace stencilcc {

/// Rewrites, in place, every floating `+ - *` below a cast to a floating
/// type narrower than its operand's and than \p Result (the type the
/// statement writes) into its round-to-nearest intrinsic. Returns true if
/// it rewrote one.
bool keepRoundingBelowNarrowing(Expr &E, ScalarType Result);

} // namespace stencilcc

#endif
