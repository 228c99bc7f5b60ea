//===- Emitter/KernelEmitter.h - CUDA kernels of one region -----*- C++ -*-===//
//
// Writes the device code of one stencil region: the update of one cell (a
// device function shared by every kernel, so all of them compute exactly
// the C expression), one N.5D temporal-blocking kernel per launch degree
// (bT, and 1, 3, 7 below it for the time loop's tail: LaunchDegrees.h),
// and the naive one-thread-per-cell kernel used as a baseline.
//
// A blocked kernel walks one schedule. Column c loads plane first+c into
// level 0; level L computes plane first+c-L*Lag from level L-1's queue; the
// last level stores its plane. In-plane neighbours pass through shared
// memory (SCR or MCR, see TemporalBlockingPlan.h) written at the start of
// the column, so one barrier per column (per SCR round) orders them.
// With --opt=assoc a level instead adds each plane of the level below,
// from the cached exchange's double buffer, to per-plane partial sums
// (PartialSums.h) and finishes a plane once its last plane was added.
// The steady state is unrolled over the queue period: every slot is a
// constant. Head and tail are the same columns with the levels that have
// not started (or have finished) left out.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_KERNELEMITTER_H
#define STENCILCC_EMITTER_KERNELEMITTER_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// What the kernel emitters share about one region.
struct KernelContext {
  const StencilProgram &Program;
  const StencilAnalysis &Analysis;
  const TemporalBlockingPlan &Plan;
  std::string Prefix; ///< names: <Prefix>_update, <Prefix>_bt4, ...
  /// --mpi: the blocked kernels take `part, part_top, part_bottom`, with
  /// which a launch runs only the stream segments of rows [part_top,
  /// part_bottom): the rows still read before the next exchange, and
  /// before an exchange the rows it sends ahead of the rest.
  bool SegmentParts = false;
};

/// Whether the region's kernels take `part` (KernelContext::SegmentParts):
/// blocked kernels over stream segments; a one-step kernel is split by its
/// loop bounds instead, and a kernel of one segment (hSN=whole, 1D) runs
/// whole.
bool kernelsTakeSegmentParts(const KernelContext &K, bool Naive);

/// Names shared by the kernel emitters: an offset as m<n>, 0 or p<n>; an
/// in-plane offset as its components joined by `_`; the region's scalars
/// as parameters (`, const float s_<name>`) and arguments (`, s_<name>`).
std::string offsetTag(int64_t Offset);
std::string inPlaneTag(const std::vector<int64_t> &Offset);
std::string scalarParams(const StencilProgram &P);
std::string scalarArgs(const StencilProgram &P);

/// The cell update as a __device__ function; for a blocked SCR plan with
/// several rows per thread, also one per row that reads another row's own
/// column (from that row's queue rather than shared memory).
std::string emitUpdateFunction(const KernelContext &K);
/// The update function row \p Row of a thread calls (the plain one
/// without a row).
std::string updateFunctionName(const KernelContext &K,
                               std::optional<unsigned> Row = std::nullopt);

/// For a blocked plan whose steady state carries differences along the
/// stream (Emitter/CarriedDifferences.h): the update that takes them from
/// the plane before and passes its own on; empty for any other plan.
std::string emitCarriedUpdateFunction(const KernelContext &K);
std::string carriedUpdateFunctionName(const KernelContext &K);

/// The blocked kernel computing \p Degree time steps per launch.
std::string emitBlockedKernel(const KernelContext &K, unsigned Degree);

/// Dynamic shared memory, in bytes, of the kernel of \p Degree.
uint64_t blockedKernelSharedBytes(const TemporalBlockingPlan &Plan,
                                  unsigned Degree);

/// One time step, one thread per cell, global memory only.
std::string emitNaiveKernel(const KernelContext &K);

} // namespace stencilcc

#endif
