//===- Emitter/StageBounds.h - When a stage-form region leaves its arrays -===//
//
// The host conditions under which the C code of a stage-form region would
// itself access outside an array: affine subscripts over each stage's
// loops (rectangular, so their extremes are at the loops' ends), and, where
// asked, time rows over the time loop. A clamped or periodic subscript is
// in bounds by construction and not checked. The self-check skips such a
// case; the host code of a region the analysis accepted only for some
// sizes (StageAnalysis::BoundsAssumed) stops with a message.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_STAGEBOUNDS_H
#define STENCILCC_LIB_EMITTER_STAGEBOUNDS_H

#include "stencilcc/IR/StencilProgram.h"

#include <string>
#include <utility>
#include <vector>

namespace stencilcc {
namespace stage {

/// Each (condition, access text) pair: a C condition over the region's
/// symbols, `stencilcc_steps`, and, with \p TimeRows, `stencilcc_t_begin`,
/// `stencilcc_t_end` and `stencilcc_<array>.Planes`; true where the access
/// leaves its array.
std::vector<std::pair<std::string, std::string>>
outsideConditions(const StencilProgram &P, bool TimeRows);

/// Whether stage \p S's loops all run, as a host condition.
std::string stageRuns(const Stage &S);

} // namespace stage
} // namespace stencilcc

#endif
