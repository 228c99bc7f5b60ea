//===- Emitter/WarpShuffleKernel.h - Register cache, warp shuffles -*- C++ -*-===//
//
// `--exchange=shuffle` (paper 003's register cache with thread coarsening,
// 2D stencils): every warp is a tile of its own. Lane l holds WarpCells
// consecutive cells of a row, so most in-plane neighbours are its own
// registers; the few that belong to another lane come through
// __shfl_sync. A warp streams down a segment of rows keeping, per time
// level, a queue of rows in registers, and level L makes a row Lag rows
// behind level L-1, reading rows made in earlier steps only: the levels
// of one step are independent instructions, and no shared memory or
// barrier orders anything. Each level's valid cells shrink by the
// in-plane radius at both ends of the warp, so the outer lanes are halo.
//
// On the H100 a hand-written prototype of star2d1r float (bT=12, 4 cells
// per lane) ran at 2120 GCells/s against 1473 for the tuned SCR plan in
// the same call (docs/plans.md): shared-memory exchange costs a store,
// loads and a barrier per cell and level; here a lane issues two
// shuffles per row for four cells.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_WARPSHUFFLEKERNEL_H
#define STENCILCC_EMITTER_WARPSHUFFLEKERNEL_H

#include "stencilcc/Emitter/KernelEmitter.h"

#include <string>

namespace stencilcc {

/// The kernel `<prefix>_bt<Degree>` of \p K, whose plan's exchange is
/// Shuffle: \p Degree time steps per launch, the same parameters as a
/// blocked kernel's.
std::string emitWarpShuffleKernel(const KernelContext &K, unsigned Degree);

/// `<prefix>_frames_differ`: whether the two buffers differ anywhere
/// outside the loop bounds. Where they do not, every level's boundary
/// value is the level below's, and the kernels take it from registers: a
/// global load on a level's path would make each step of an edge warp
/// wait for memory (star2d1r float on the H100: 1255 GCells/s with the
/// loads, 1787 without).
std::string emitFrameCheckKernel(const KernelContext &K);

} // namespace stencilcc

#endif
