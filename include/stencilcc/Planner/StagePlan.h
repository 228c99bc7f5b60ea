//===- Planner/StagePlan.h - Temporal blocking of stage-form regions -*- C++ -*-===//
//
// The plan of the temporally blocked kernel of a stage-form region
// (docs/stage-form.md, "Temporal blocking of the stage form"). One launch
// runs Sweeps = bT sweeps (whole time steps: bT is a multiple of the stage
// count S); one thread block owns a box of the grid and streams along
// dimension 0 (a 1D grid: one tile, no streaming).
//
// Everything a launch reads is resolved here, statically:
//  - Buffers: the physical buffers of the state arrays relative to the
//    launch's first step t0 (level r of a k-level array is level
//    (t0 + r) % k at run time).
//  - Versions: the values a read can see: the launch's input of a buffer,
//    or the output of one sweep. Each version is computed (or loaded) at
//    plane x of dimension 0 in iteration x + Lag of the block's walk, over
//    the owned box grown by Grow cells per dimension and direction (the
//    reach of the sweeps after it), clipped to the grid.
//  - Reads: where each Expr::Access of each sweep finds its value: the
//    thread's own register window of a version (reads along dimension 0 at
//    the thread's own cross-section cell), the version's ring of planes in
//    shared memory (any other state read), or global memory (read-only and
//    time-indexed arrays).
//
// Shared memory rings are written one iteration before their first read
// wherever the stream allows it, so a block needs one barrier per
// iteration (plus one after each sweep whose ring is read in the same
// iteration: 1D, where nothing streams).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_STAGEPLAN_H
#define STENCILCC_PLANNER_STAGEPLAN_H

#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// What the driver asks for (--bt, --tile); zero / empty means "choose".
struct StagePlanRequest {
  /// Sweeps per launch (bT); must be a multiple of the number of stages.
  unsigned Sweeps = 0;
  /// Owned cells per grid dimension, outermost first (for 2D/3D, entry 0
  /// is the length of the stream block along dimension 0).
  std::vector<int64_t> Tile;
  /// Threads per block along each cross-section dimension, fastest first
  /// (x, then y); empty: one thread per cell of the grown box, at most 1024.
  std::vector<unsigned> Threads;
};

/// A state buffer of one launch.
struct StageBuffer {
  unsigned ArrayId = 0;
  /// Level relative to the launch's first step (0 without levels).
  int64_t Level = 0;
};

struct StageVersion {
  /// Input version of Buffer (Sweep is -1), or the output of Sweep.
  int Sweep = -1;
  unsigned Buffer = 0;
  /// A read-only array of the grid's extents read at constant offsets,
  /// loaded plane by plane like an input (Sweep is -1, Buffer unused).
  int Field = -1;
  /// Plane x of dimension 0 is computed (loaded) in iteration x + Lag.
  int64_t Lag = 0;
  /// Per grid dimension: cells computed below / above the owned box.
  std::vector<int64_t> GrowLow, GrowHigh;
  /// Register window: planes of the thread's own cells kept (0: none).
  /// Slot j holds plane (iteration - Lag - j).
  unsigned WindowPlanes = 0;
  /// Shared-memory ring: planes kept (a power of two; 0: none), and the
  /// window slot copied into it each iteration.
  unsigned RingPlanes = 0;
  unsigned RingWriteSlot = 0;
  /// A later sweep reads the ring in the iteration that writes it: a
  /// barrier follows the write.
  bool BarrierAfter = false;
  bool isInput() const { return Sweep < 0; }
};

/// Where one read of a sweep finds its value.
enum class StageReadKind {
  Window, ///< the reader's own register window of Version, slot WindowSlot
  Ring,   ///< Version's shared-memory ring (Offsets, or the subscripts)
  Global, ///< global memory: a read-only or time-indexed array
};

struct StageRead {
  StageReadKind Kind = StageReadKind::Global;
  unsigned Version = 0;
  unsigned WindowSlot = 0;
  /// Per grid dimension, when every subscript is its dimension's loop
  /// variable plus a constant; empty when some subscript is computed (a
  /// clamped neighbour), evaluated on absolute coordinates instead.
  std::vector<int64_t> Offsets;
};

struct StageSweep {
  unsigned Stage = 0; ///< StencilProgram::Stages
  unsigned Step = 0;  ///< time step within the launch (t = t0 + Step)
  unsigned Buffer = 0; ///< written
  unsigned Version = 0; ///< its output
  /// The buffer's previous version, which cells outside the stage's loops
  /// keep, when several stages write the array; -1 when one stage does
  /// (those cells are never written: the input buffer in global memory).
  int Previous = -1;
  /// One per Expr::Access of the stage's right-hand side, in Expr::walk
  /// order.
  std::vector<StageRead> Reads;
};

struct StagePlan {
  ElementType Element = ElementType::Float; ///< of the state arrays
  unsigned NumDims = 0;
  bool streams() const { return NumDims >= 2; }
  /// Per grid dimension: it wraps around (PeriodicDimensions.h). The
  /// kernel then computes its grown box at unwrapped coordinates, loads
  /// each cell from its wrapped one and stores its owned cells only.
  std::vector<bool> Periodic;
  bool periodic() const {
    for (bool B : Periodic)
      if (B)
        return true;
    return false;
  }
  unsigned Stages = 0; ///< per time step
  unsigned Steps = 0;  ///< per full launch; Sweeps = Steps * Stages
  unsigned sweeps() const { return Steps * Stages; }
  /// Owned cells per grid dimension (2D/3D: entry 0 is the stream block).
  std::vector<int64_t> Tile;
  /// Per cross-section dimension, fastest first (x, then y): threads of a
  /// block, cells per thread, and the grown box they cover (threads times
  /// cells; the owned tile starts BoxLow cells in).
  std::vector<unsigned> Threads, CellsPerThread;
  std::vector<int64_t> Box, BoxLow;
  /// Shared-memory cells kept free before the first ring and after the
  /// last: the largest in-plane offset of a ring read. In a 2D plan's
  /// steady state a thread outside a sweep's grown box computes it too (a
  /// warp's lanes outside the box cost the same either way; its value is
  /// never read), so its ring reads may reach past the rings. 3D plans
  /// keep the guard: there whole warps lie outside the box along y.
  int64_t RingPadCells = 0;
  std::vector<StageBuffer> Buffers;
  /// Inputs first (one per buffer), then one per sweep, then the fields.
  std::vector<StageVersion> Versions;
  std::vector<StageSweep> SweepPlans;
  /// Per buffer: a full launch that is not the last stores its latest
  /// version (the next launch reads the value before writing it).
  std::vector<bool> LiveAcrossLaunches;
  /// Global loads (inputs, fields, other read-only and time-indexed
  /// reads) are issued this many iterations before their use.
  unsigned PrefetchPlanes = 1;
  /// __launch_bounds__'s minimum blocks per SM (a register budget ptxas
  /// meets without spilling).
  unsigned MinBlocks = 1;
  uint64_t SharedBytes = 0;
  unsigned RegisterEstimate = 0; ///< per thread, for occupancy
  unsigned BlocksPerSM = 0;      ///< by shared memory, threads, registers
  unsigned threadsPerBlock() const;
  /// The array a version holds (a buffer's array, or the field).
  unsigned arrayOf(unsigned Version) const;
  /// Modelled time per owned cell and time step at the benchmark size
  /// (arbitrary units): the default plan has the lowest.
  double ModelCost = 0;
};

/// The blocked plan of \p P, or nullopt with \p Why saying why the region
/// keeps the naive kernels (a read that reaches arbitrarily far, a request
/// that does not fit, ...).
std::optional<StagePlan> makeStagePlan(const StencilProgram &P,
                                       const StageAnalysis &A,
                                       const StagePlanRequest &R,
                                       std::string &Why);

/// Which sweeps of a launch of \p Steps steps store their output: the
/// latest version of each buffer the launch writes, when the launch is
/// the last (\p Final) or the buffer is live across launches.
std::vector<bool> stageSweepStores(const StagePlan &Plan, unsigned Steps,
                                   bool Final);
/// Which sweeps such a launch computes at all: those storing and those
/// another computed sweep reads.
std::vector<bool> stageSweepRuns(const StagePlan &Plan, unsigned Steps,
                                 bool Final);

/// Multi-line description (bT, tile, block, versions with lags, rings and
/// windows, shared memory), each line prefixed with \p Indent.
std::string describeStagePlan(const StencilProgram &P, const StagePlan &Plan,
                              const std::string &Indent);

} // namespace stencilcc

#endif
