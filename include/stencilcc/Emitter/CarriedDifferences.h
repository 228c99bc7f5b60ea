//===- Emitter/CarriedDifferences.h - Reuse along the stream ---*- C++ -*-===//
//
// gradient2d squares the differences between a cell and its neighbours
// below and above along the stream: (c - A[q-1]) and (c - A[q+1]) at plane
// q. The second at plane q is the first at plane q + 1 negated, and a
// square does not see the sign: (-d) * (-d) is d * d exactly, and so is
// the fused multiply-add nvcc contracts it into. A blocked kernel computes
// a thread's column plane after plane, so the difference it computed at
// one plane can stay in a register (one per level) for the next, one
// subtraction fewer per cell and level, with bit-identical results. That
// is predictive commoning (GCC's -fpredictive-commoning) along the stream,
// with the sign rule for squares. On an H100, gradient2d float's cached
// plan went from 1008.6 to 1037.3 GCells/s (docs/plans.md).
//
// A difference d = A[q+a] - A[q+b] of the thread's own column is reused
// at plane q + 1 where the update also computes A[q+a+1] - A[q+b+1] (the
// same value: used anywhere) or A[q+b+1] - A[q+a+1] (its negation: only
// where every use of it is a square d * d). Only where the carried
// difference frees a queue value: some plane it reads is read nowhere
// else, so the carry register takes that value's place.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_CARRIEDDIFFERENCES_H
#define STENCILCC_EMITTER_CARRIEDDIFFERENCES_H

#include "stencilcc/IR/Expr.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <cstdint>
#include <vector>

namespace stencilcc {

/// One difference the next plane reuses. Stream offsets are relative to
/// the updated plane q; both differences read the same time level.
struct CarriedDifference {
  /// The difference that reads the carried register instead:
  /// A[q+InMinuend] - A[q+InSubtrahend].
  int64_t InMinuend = 0, InSubtrahend = 0;
  /// The difference computed at plane q and carried to plane q + 1:
  /// A[q+OutMinuend] - A[q+OutSubtrahend].
  int64_t OutMinuend = 0, OutSubtrahend = 0;
  /// The carried value is the negation of the reused difference (which
  /// is then only ever squared).
  bool Negated = false;
};

/// The differences of the update \p Rhs that plane q + 1 can take from
/// plane q under \p Plan: none for a plan of several rows per thread, for
/// partial sums, the warp-shuffle exchange and the streaming kernels.
std::vector<CarriedDifference>
findCarriedDifferences(const Expr &Rhs, const TemporalBlockingPlan &Plan);

/// Rewrites, in place, each reused difference of \p E into the scalar
/// `carried_in_<k>` and each carried one into `carried_out_<k>` (k: the
/// index in \p Carried).
void substituteCarriedDifferences(
    Expr &E, const TemporalBlockingPlan &Plan,
    const std::vector<CarriedDifference> &Carried);

/// The difference that \p E is, if it is a difference of two reads of the
/// thread's own column of one time level: its stream offsets.
bool ownColumnDifference(const Expr &E, const TemporalBlockingPlan &Plan,
                         int64_t &Minuend, int64_t &Subtrahend);

} // namespace stencilcc

#endif
