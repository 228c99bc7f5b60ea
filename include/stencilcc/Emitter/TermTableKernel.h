//===- Emitter/TermTableKernel.h - A naive kernel for huge sums -*- C++ -*-===//
//
// The naive kernel of an update with thousands of terms. Unrolled, a 3D box
// of radius 12 (15,625 terms) takes nvcc five minutes, radius 24 (117,649)
// more than a quarter of an hour. Where the update is a floating-point sum
// of products (StencilAnalysis::SumOfProducts) of more than
// kTermTableMinimumTerms terms, this kernel reads its terms through a table
// of offsets instead: nvcc compiles a loop and some data.
//
// The terms are split as in PartialSums.h (a term is a read times read-free
// factors; what encloses the sum is applied once, after it). Terms whose
// factors print the same are added first and multiplied once, a loop per
// such group over its part of the table. Where that gives more than
// kTermTableMaximumGroups loops, the terms whose factors are literals
// (a fitted filter's weights) take their coefficient from a second table
// in one loop, and only the others are grouped. Either way the terms are
// added in another order than C's, which changes rounding within SPEC §5's
// tolerances as the partial-sum plans do. Integer sums (where `x / 3` is
// not linear) and updates with too many distinct factors that are not
// literals keep the unrolled kernel.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_TERMTABLEKERNEL_H
#define STENCILCC_EMITTER_TERMTABLEKERNEL_H

#include "stencilcc/Emitter/KernelEmitter.h"

#include <string>

namespace stencilcc {

/// Updates of more terms than this read them through a table.
constexpr unsigned kTermTableMinimumTerms = 4096;
/// Above this many groups of equal factors, a coefficient table.
constexpr unsigned kTermTableMaximumGroups = 64;

/// The naive kernel `<prefix>_naive` (emitNaiveKernel's signature) reading
/// the terms of \p K's update through a table, with the table; empty where
/// the update does not qualify (then emitNaiveKernel's unrolled kernel).
std::string emitTermTableNaiveKernel(const KernelContext &K);

} // namespace stencilcc

#endif
