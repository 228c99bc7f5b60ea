//===- Emitter/CudaEmitter.h - The generated CUDA translation unit -*- C++ -*-===//
//
// Writes the output contract of SPEC §2: the input text with each scop
// region replaced by host code (device buffers, copies, the
// SB_*_INSTRUMENTS hooks, the launches of the whole run, checks of every
// CUDA call), and the region's kernels placed before the function that
// held it. Text outside the regions is kept, except what CUDA C++ cannot
// compile and stencilcc can say another way (a parameter with run-time
// extents becomes a pointer, cast back to the same array type on entry).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_CUDAEMITTER_H
#define STENCILCC_EMITTER_CUDAEMITTER_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Planner/StagePlan.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include "stencilcc/IR/SourceEdit.h"

#include <optional>

#include <string>
#include <vector>

namespace stencilcc {

struct RegionToEmit {
  const StencilProgram *Program = nullptr;
  const StencilAnalysis *Analysis = nullptr;
  TemporalBlockingPlan Plan;
  /// Emit the naive one-kernel-per-step baseline instead of blocking.
  bool Naive = false;
  /// For a stage-form Program that is a ping-pong
  /// (Analysis/PingPongForm.h): its single-update form, which Analysis
  /// and Plan describe and whose kernels the region runs.
  const StencilProgram *SingleUpdate = nullptr;
  /// For a stage-form Program that is not: its blocked plan, or none for
  /// one kernel per statement and step.
  std::optional<StagePlan> StageBlocking = std::nullopt;
  /// Why the default plan is the naive kernel, for the region's banner
  /// (empty where a plan option or the cache asked for it).
  std::string NaiveBecause = {};
  /// Where the plan came from, for the banner, when it is not the default
  /// rules' or the options': "the plan cache: ..." (which entry).
  std::string PlanOrigin = {};
  /// --mpi: the host code runs the region over MPI ranks, a slab of the
  /// outermost dimension each (kernels-templates/mpi-runtime.cu.in).
  /// Single-update regions only.
  bool Mpi = false;
  /// --mpi-local: each rank's arrays hold its own part of the grid instead
  /// (stencilcc_mpi_region_local).
  bool MpiLocal = false;
  /// --mpi: the model's seconds per cell update of the region's kernels,
  /// from which the runtime chooses the steps between exchanges.
  double MpiCellSeconds = 0;
};

/// The generated file for \p Source (the input's text) and its regions, in
/// source order, with \p CxxEdits (Frontend/CxxCompatibility.h) applied
/// outside the regions.
std::string emitCudaTranslationUnit(const std::string &Source,
                                    const std::vector<RegionToEmit> &Regions,
                                    const std::vector<SourceEdit> &CxxEdits = {});

/// Where a region's host code runs.
enum class HostPlacement {
  /// In place of the region, in the user's function: extents are written
  /// as the source writes them, and the loop variables declared before the
  /// region end with the values the C loops leave in them.
  InFunction,
  /// In a function of its own that takes the region's arrays and
  /// parameters (the launchers of CLaunchers.h): extents are the IR's
  /// affine forms over the parameters (the source's spellings may name
  /// macros and locals it cannot see), and the caller sets the loop
  /// variables.
  Launcher,
};

/// The host code that replaces region \p Index (its position in the list
/// given to emitCudaTranslationUnit): one compound statement that names
/// the region's array, scalars and loop variables as the source does and
/// calls the run function emitCudaTranslationUnit placed before it. The
/// self-check places the same statement in a function of its own.
std::string emitRegionHostCode(const RegionToEmit &R, unsigned Index,
                               HostPlacement Where = HostPlacement::InFunction);

/// What emitCudaTranslationUnit places before the function holding region
/// \p Index: a banner, the region's device functions and kernels, and the
/// run function its host code calls.
std::string emitRegionKernels(const RegionToEmit &R, unsigned Index);

/// The top of a generated CUDA file for \p Regions: the includes, the
/// launch and check macros, and the device helpers their kernels use.
std::string emitCudaPrelude(const std::vector<RegionToEmit> &Regions);

} // namespace stencilcc

#endif
