//===- Emitter/StageBlockedEmitter.h - Blocked code of stage-form regions -*- C++ -*-===//
//
// The temporally blocked code of a stage-form region (docs/stage-form.md,
// "Temporal blocking of the stage form"; the plan: Planner/StagePlan.h).
// It replaces emitStageKernels (StageEmitter.h) for a region that has a
// StagePlan: the text defines the blocked kernel, a template on the step
// count of a launch and on whether it is the last, and a run function of
// the very signature of the naive one (<Prefix>_run: device buffers, first
// step, step count, integer parameters, scalars), so emitStageHostCode and
// the self-check call it unchanged. The run function keeps a second device
// copy of every state array for the launches to alternate between and
// leaves every result in the buffers it was given.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_STAGEBLOCKEDEMITTER_H
#define STENCILCC_EMITTER_STAGEBLOCKEDEMITTER_H

#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Planner/StagePlan.h"

#include <string>

namespace stencilcc {

/// What goes before the function holding stage-form region \p Index in
/// place of emitStageKernels(P, Prefix, Index): a banner with the plan,
/// the kernel <Prefix>_blocked<STEPS, FINAL> and the run function
/// <Prefix>_run.
std::string emitStageBlockedKernels(const StencilProgram &P,
                                    const StagePlan &Plan,
                                    const std::string &Prefix, unsigned Index,
                                    const std::string &PlanOrigin = "");

} // namespace stencilcc

#endif
