//===- Emitter/StageEmitter.h - Naive code of stage-form regions -*- C++ -*-===//
//
// Code generation for a region in the stage form of the IR
// (StencilProgram::isStageForm(), docs/stage-form.md): several statements
// per time step over several arrays, k levels, read-only and time-indexed
// arrays, boundary slices. The path is the naive one: one kernel per stage,
// one thread per point of the stage's loop nest, every read from global
// memory, and the host launching the stages in order once per time step.
//
// emitCudaTranslationUnit and emitRegionHostCode (CudaEmitter.h) call the
// first three functions for a stage-form region, and emitSelfCheckProgram
// (SelfCheckEmitter.h) the rest; a driver reaches all of them through a
// RegionToEmit with Program set, Analysis null and Naive true.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_STAGEEMITTER_H
#define STENCILCC_EMITTER_STAGEEMITTER_H

#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/IR/StencilProgram.h"

#include <string>
#include <vector>

namespace stencilcc {

struct StagePlan;

/// What emitCudaTranslationUnit places before the function holding stage-
/// form region \p Index: a banner, one kernel per stage (<Prefix>_s<k>)
/// and the run function (<Prefix>_run) that launches them for every step.
/// \p NaiveBecause: why the default plan is this one (empty where an
/// option or the plan cache asked for it).
std::string emitStageKernels(const StencilProgram &P,
                             const std::string &Prefix, unsigned Index,
                             const std::string &NaiveBecause = {});

/// The compound statement that replaces the region: a device buffer per
/// array, copies in, the run function between SB_START_INSTRUMENTS and
/// SB_STOP_INSTRUMENTS, copies of every state array back, frees, and (\p
/// Where: in the user's function) the final values of the loop variables
/// declared before the region. \p Blocked is the region's blocked plan
/// (none: one kernel per statement and step), which its comment names.
std::string emitStageHostCode(const StencilProgram &P,
                              const std::string &Prefix, unsigned Index,
                              HostPlacement Where = HostPlacement::InFunction,
                              const StagePlan *Blocked = nullptr);

/// The rewrite of one array parameter with run-time extents, which CUDA
/// C++ rejects: the parameter becomes a pointer, cast back on entry.
struct StageVLARewrite {
  SourceSpan Span;       ///< the parameter declaration
  std::string Parameter; ///< replaces it
  std::string Entry;     ///< inserted after the body's `{`
};
/// One rewrite per array of \p P declared as such a parameter; \p Source
/// is the input's text (a `const` there is kept).
std::vector<StageVLARewrite>
stageVLAParameterRewrites(const StencilProgram &P, const std::string &Source);

/// selfCheckObstacle for a stage-form region: "" when the check can
/// choose the step count apart from the grid.
std::string stageSelfCheckObstacle(const StencilProgram &P);

/// The self-check's helpers for stage-form regions (arrays of both runs,
/// comparison of every state array); once per program, after the
/// self-check runtime, when some region is in the stage form.
std::string stageSelfCheckRuntime();

/// For stage-form region \p Index of a self-check program: the reference
/// (\p RegionBody, the region's lines between the pragmas), the generated
/// host code in a function of the same signature, and the case runner
/// stencilcc_check_r<Index>.
std::string emitStageCheckFunctions(const RegionToEmit &R, unsigned Index,
                                    const std::string &RegionBody);

/// The region's line of the self-check's table (stencilcc_check::Region).
std::string emitStageCheckDescriptor(const RegionToEmit &R, unsigned Index);

} // namespace stencilcc

#endif
