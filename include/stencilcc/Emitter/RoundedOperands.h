//===- Emitter/RoundedOperands.h - no contraction below a rounding -*- C++ -*-===//
//
// nvcc contracts a * b + c into one fused multiply-add, which rounds once
// where C (on the host, as the self-check's reference runs it) rounds
// twice. In a sum of the element type that moves a result by an ulp,
// within the tolerance. An update that rounds to a narrower floating type
// on the way (`float s = <double sum>;` in a double stencil) is different:
// an input one double ulp off can move the rounded float by one float ulp,
// 1e-7 where double's tolerance is 1e-12, and the inputs are the previous
// steps' results, fused or not (H100: 7 of 10 self-check cases of
// test/Inputs/accepted/temporaries.c failed; rounding only the operations
// below the cast still failed 7; all passed with -fmad=false). Such an
// update, and every statement of a stage-form region holding one, gets
// its additions, subtractions and multiplications as CUDA's
// round-to-nearest intrinsics (__dadd_rn, __dsub_rn, __dmul_rn and their
// float forms), which nvcc never contracts. Only a cast narrower than the
// result counts: a float stencil that rounds a double sum to float keeps
// its fused operations (one float ulp is within float's tolerance).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_ROUNDEDOPERANDS_H
#define STENCILCC_EMITTER_ROUNDEDOPERANDS_H

#include "stencilcc/IR/StencilProgram.h"

namespace stencilcc {

/// Whether \p E casts a floating value to a floating type narrower than
/// the value's and than \p Result (the type the statement writes).
bool narrowsBelow(const Expr &E, ScalarType Result);

/// Whether some statement of the stage-form region \p P narrowsBelow its
/// array's element type.
bool regionNarrows(const StencilProgram &P);

/// Rewrites, in place, every floating `+ - *` of \p E into its
/// round-to-nearest intrinsic. Returns true if it rewrote one.
bool keepRounding(Expr &E);

} // namespace stencilcc

#endif
