//===- Planner/TemporalBlockingPlan.h - How one stencil is blocked -*- C++ -*-===//
//
// Every decision the emitter needs, made before any code is written:
//
//  - bT, the temporal degree: time steps computed on chip per kernel;
//  - the tile (bS) of the non-streaming dimensions, halo included, and the
//    stream block length h_SN of the streaming dimension (0 = whole);
//  - the circular queue: per level the planes still needed, each plane in a
//    slot that is a register or a per-thread shared-memory location;
//  - the exchange of in-plane neighbours through shared memory (SCR with
//    reuse degree RD, or MCR) and the lag between levels it implies.
//
// A plan is derived from the analysis and the user's choices by makePlan(),
// which rejects impossible ones with a reason. The emitter only reads it.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_TEMPORALBLOCKINGPLAN_H
#define STENCILCC_PLANNER_TEMPORALBLOCKINGPLAN_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// Paper 000 sec. 4: SCR rewrites, per skewed column, the values each level
/// reads from its neighbours into ceil(bT / RD) locations; MCR writes each
/// value once and keeps it while a later column still reads it.
/// Cached writes each plane once into a two-plane double buffer per level;
/// every thread copies the in-plane neighbours it reads into registers
/// right after the barrier and keeps them, like its own column, while any
/// later plane of the next level reads them: a box stencil then reads each
/// neighbour value from shared memory once instead of once per plane that
/// uses it (3x fewer shared loads for box2d1r).
/// Shuffle (paper 003's register cache, 2D only) has no shared memory: each
/// warp is a tile of its own, every lane holds WarpCells consecutive cells
/// of a row and reads the neighbours' cells from other lanes through warp
/// shuffles; no barrier orders the levels (WarpShuffleKernel.h).
enum class ExchangeScheme { SCR, MCR, Cached, Shuffle };
const char *exchangeSchemeName(ExchangeScheme S);

/// Which specialization the kernels use. `Star` reads streaming-direction
/// neighbours from registers and exchanges one plane per level; `General`
/// exchanges every plane that has in-plane neighbours. (Both read the
/// thread's own column from registers.) `Assoc` (paper 001's associative
/// specialization, sum-of-products updates only) publishes every plane
/// once into the cached exchange's double buffer and adds each plane, as
/// it becomes available, to the partial sums of every output plane that
/// reads it: each neighbour value is read from shared memory once, and a
/// ring of partial sums per level replaces the neighbour registers.
enum class OptimizationVariant { Star, General, Assoc };
const char *optimizationVariantName(OptimizationVariant V);

/// The order in which a level adds a plane to its partial sums (Assoc).
/// `Plane`: every value of the plane is loaded, then each sum adds its
/// terms (few instructions between a value's load and its uses, every
/// value live at once). `Value`: paper 004's interleaving, each value
/// loaded and at once added to every sum that reads it, value by value in
/// row-major order of its in-plane offset (one value live at a time; each
/// sum takes its terms in that order).
enum class SumOrder { Plane, Value };
const char *sumOrderName(SumOrder O);
/// What stands for a plan's summary where the naive kernel (`--naive`) is
/// compiled instead of a blocked plan.
const char *naivePlanSummary();

/// What the user asked for; unset fields take the documented defaults.
struct PlanRequest {
  std::optional<unsigned> TemporalDegree;        ///< --bt
  std::vector<unsigned> BlockSizes;              ///< --bs, fastest dim last
  std::optional<unsigned> StreamLength;          ///< --sl (0 = whole)
  std::optional<unsigned> SharedSlots;           ///< --ns
  std::optional<ExchangeScheme> Exchange;        ///< --exchange
  std::optional<unsigned> ReuseDegree;           ///< --rd
  std::optional<OptimizationVariant> Variant;    ///< --opt
  std::optional<unsigned> Prefetch;              ///< --prefetch
  std::optional<unsigned> BlocksPerSM;           ///< --blocks-per-sm
  std::optional<unsigned> MaxRegisters;          ///< --max-registers
  std::optional<unsigned> StreamSumRows;         ///< --stream-sums
  std::optional<unsigned> AsyncCopy;             ///< --async-copy
  std::optional<unsigned> InteriorLoop;          ///< --interior-loop (0, 1, 2)
  std::optional<unsigned> WarpCells;             ///< --cells (shuffle)
  std::optional<unsigned> RowsPerThread;         ///< --rows-per-thread
  std::optional<SumOrder> Order;                 ///< --sum-order
  std::optional<unsigned> OffsetBits;            ///< --offset-bits (32, 64)
  std::optional<bool> PredicatedStore;           ///< --store=predicated
  std::optional<bool> StagedExchange;            ///< --stage-layout=plane
};

/// The kernel's view of the dimensions. The streaming dimension is the
/// outermost spatial one; a 1D stencil streams through a virtual dimension
/// of one plane and tiles its only real dimension.
struct KernelGeometry {
  bool VirtualStream = false;   ///< 1D: dim 0 is tiled, the stream is virtual
  int64_t StreamNeg = 0;        ///< reach of reads toward lower planes
  int64_t StreamPos = 0;        ///< and toward higher planes
  /// Tiled dimensions, outermost first (1 for 2D, 2 for 3D); index into the
  /// program's spatial dimensions.
  std::vector<unsigned> TileDims;
  std::vector<int64_t> TileNeg, TilePos; ///< radius per tiled dimension
};

struct TemporalBlockingPlan {
  unsigned TemporalDegree = 1;          ///< bT
  /// Cells per tiled dimension (outermost first), halo included: the
  /// tile. Each thread computes RowsPerThread of them along the outermost
  /// one, so the block has BlockSizes[0] / RowsPerThread rows of threads.
  std::vector<unsigned> BlockSizes;
  /// --rows-per-thread (3D blocked plans with SCR or partial sums): each
  /// thread streams that many consecutive rows of the tile, so the values
  /// a row reads from its neighbour rows in shared memory are loaded once
  /// for all of the thread's rows (paper 003's thread coarsening), and a
  /// tile of 1024 threads can be taller, with less halo per cell.
  unsigned RowsPerThread = 1;
  /// --sum-order (Assoc only): how a plane is added to the partial sums.
  SumOrder Order = SumOrder::Plane;
  unsigned StreamLength = 0;            ///< h_SN, output planes per block
  ExchangeScheme Exchange = ExchangeScheme::SCR;
  unsigned ReuseDegree = 1;             ///< RD (SCR only)
  OptimizationVariant Variant = OptimizationVariant::General;
  ElementType Element = ElementType::Float;
  KernelGeometry Geometry;

  /// Streaming offsets (relative to the computed plane) whose reads include
  /// an in-plane neighbour: these planes pass through shared memory.
  std::vector<int64_t> ExchangedOffsets;
  /// Planes level L trails level L-1 by: at least StreamPos (it reads that
  /// far ahead) and one more than the farthest exchanged offset, so every
  /// exchanged value was made in an earlier column and one barrier per
  /// column (per SCR round) suffices.
  int64_t Lag = 1;
  /// Planes the loads run ahead of level 1 beyond Lag: a plane is loaded
  /// that many columns before its first use, so the global load's latency
  /// is hidden behind a column of work instead of stalling it.
  int64_t Prefetch = 1;
  /// Planes each level keeps in its queue:
  /// Prefetch + Lag + max(StreamNeg, Lag) + 1.
  unsigned QueueLength = 1;
  /// --async-copy: planes whose loads are in flight as asynchronous copies
  /// (cp.async) into a shared-memory stage, each thread copying and later
  /// reading its own element; 0: the loads go straight to registers. The
  /// stage holds AsyncRing planes, a divisor of the unrolled period.
  unsigned AsyncDepth = 0;
  unsigned AsyncRing = 0;
  /// --stage-layout=plane (SCR with --async-copy): the stage's slots are
  /// padded exchange planes, each thread's copy landing at its cell, so
  /// level 1 reads its in-plane neighbours from the stage and level 0
  /// writes no exchange plane: one shared store per row and column fewer,
  /// for a ring long enough that a slot outlives level 1's last read.
  bool StagedExchange = false;
  /// --interior-loop: 1, the steady state runs periods whose planes all
  /// lie inside the domain, in blocks whose tiles do too, through a loop
  /// with no boundary select and no boundary load; the other periods
  /// through the guarded tail columns (2D and 3D). 2, as 1, and a block
  /// whose tile reaches outside runs the periods inside along the stream
  /// through a loop of unguarded columns whose cells outside select their
  /// boundary values by tile position (the sides loop). 0, the steady
  /// state is one loop of columns with boundary selects.
  /// InteriorLoopDefault is what makePlan's default rule gives the plan,
  /// so that planFlags and summary() name the option only where the plan
  /// departs from it.
  unsigned InteriorLoop = 0;
  unsigned InteriorLoopDefault = 0;
  /// --offset-bits=32 (blocked plans): the main kernel's plane offsets
  /// (plane index times plane stride) are 32-bit where the host finds
  /// that every plane it touches lies within 2^31 cells, else the 64-bit
  /// instance runs. A 64-bit offset costs a 64-bit multiply and two
  /// registers; on the H100 the 32-bit ones took box3d1r float from 321
  /// to 324 GCells/s and star3d1r float from 577 to 591, and box3d1r
  /// double from 188 to 139 (ptxas spent the registers elsewhere and
  /// spilled): a choice per plan, not a rule (docs/plans.md).
  bool NarrowOffsets = false;
  /// --store=predicated (blocked plans): every thread computes its
  /// last-level cell and one predicated store writes those in the block's
  /// output, instead of a branch around the update whose reconvergence
  /// costs instructions at every store; more values live (the halo
  /// threads compute too). With 32-bit offsets it took box3d1r float to
  /// 357 GCells/s and gradient2d float to 962; it lost on j2d9pt double
  /// (478 -> 436) and where the cap is 64 registers (spills).
  bool PredicatedStore = false;
  /// Relative plane level \p Level works on in column \p Column.
  int64_t planeAt(unsigned Level, int64_t Column) const {
    return Level == 0 ? Column : Column - Prefetch - int64_t(Level) * Lag;
  }
  /// Cached exchange: planes of in-plane neighbour values each level keeps
  /// in registers (a divisor of the unrolled period).
  unsigned NeighbourRing = 0;
  /// Assoc: partial sums each level keeps in registers, output plane y in
  /// slot y mod SumRing (at least Lag - lowest streaming offset, stretched
  /// to a divisor of the unrolled period); 0 for the other variants.
  unsigned SumRing = 0;
  /// MCR: planes each level keeps in its shared-memory ring (at least
  /// Prefetch + Lag - min exchanged offset + 1, stretched with the queue to
  /// divisors of the unrolled period); 0 for the other schemes.
  unsigned McrRing = 0;
  /// Columns the steady state is unrolled over: a multiple of every ring's
  /// period, so every slot index is a constant.
  unsigned UnrollPeriod = 1;
  /// Blocks each SM must be able to hold at once: the kernels' register
  /// cap, 65536 / (threads * BlocksPerSM), through __launch_bounds__.
  unsigned BlocksPerSM = 1;
  /// Registers per thread set by __maxnreg__ instead of __launch_bounds__
  /// (the empirical search's register caps); 0: none. BlocksPerSM then
  /// holds the blocks that cap lets an SM keep, for the model.
  unsigned MaxRegisters = 0;
  /// --fast-math: divisions by a constant become multiplications by its
  /// reciprocal. Not a choice of the planner or the tuner: the user's.
  bool FastMath = false;
  /// Queue slots (level-major, level 0..bT-1, then slot) that live in
  /// shared memory instead of registers: the last SharedSlots of them.
  unsigned SharedSlots = 0;
  /// --stream-sums: not a blocked plan but the streaming partial-sums
  /// kernel (StreamSumsKernel.h), each thread this many output rows; 0: a
  /// blocked plan. BlockSizes then hold its threads (rows, columns) and
  /// StreamLength the planes of a segment; bT is 1 and nothing else of the
  /// blocked plan applies.
  unsigned StreamSumRows = 0;
  /// --exchange=shuffle: consecutive cells of a row each lane holds (1, 2,
  /// 4 or 8); 0 for the other schemes. BlockSizes[0] is then the threads
  /// of a block (whole warps, each an independent tile), Lag the rows a
  /// level trails the one below (so that it reads rows made in earlier
  /// steps only) and QueueLength the rows each level keeps.
  unsigned WarpCells = 0;
  /// --exchange=shuffle: lanes of each warp whose cells are all halo,
  /// before and after its output lanes (bT * radius cells, in whole lanes).
  unsigned shuffleHaloLanes(bool After) const;

  unsigned threadsPerBlock() const;
  /// Cells of the tile: threadsPerBlock() * RowsPerThread.
  unsigned cellsPerBlock() const;
  /// Output cells per block along tiled dimension \p I (the compute region;
  /// with --exchange=shuffle, of all its warps).
  int64_t computeWidth(unsigned I) const;
  /// Halo threads before / after the compute region along tiled dim \p I.
  int64_t haloBefore(unsigned I) const;
  int64_t haloAfter(unsigned I) const;
  /// Exchange buffer sets per column round: ceil(bT / RD) for SCR.
  unsigned exchangeLocations() const;
  /// SCR: the exchange locations (per set of exchanged offsets) a kernel
  /// of degree \p Degree writes; a staged exchange's level 1 writes none.
  unsigned scrWrittenLocations(unsigned Degree) const;
  /// Planes per level in the MCR ring buffer.
  unsigned mcrRingLength() const;
  /// Shared memory of one block, in bytes.
  uint64_t sharedBytes() const;
  /// Whether a read at \p Offset (one entry per spatial dimension) comes
  /// from the reading thread's own queue rather than from shared memory:
  /// reads of the thread's own column do, except that with SCR or MCR and
  /// without the star or assoc specialization only the centre does.
  bool readsFromRegisters(const std::vector<int64_t> &Offset) const;
  /// Whether the update gets its in-plane neighbours as register values
  /// (the cached and shuffle exchanges) rather than from an exchange plane
  /// in shared memory (SCR, MCR).
  bool neighboursInRegisters() const {
    return Exchange == ExchangeScheme::Cached ||
           Exchange == ExchangeScheme::Shuffle;
  }
  /// --rows-per-thread: in-plane offset \p V as row \p Row of a thread
  /// reads it, counted from the thread's first row (its rows differ in
  /// the outer tiled dimension only).
  std::vector<int64_t> offsetFromFirstRow(std::vector<int64_t> V,
                                          unsigned Row) const;
  /// The thread's row whose own column \p V (counted from its first row)
  /// is, if any: such a value comes from that row's queue.
  std::optional<unsigned> ownColumnRow(const std::vector<int64_t> &V) const;
  /// The streaming component of \p Offset (0 when the stream is virtual).
  int64_t streamOffset(const std::vector<int64_t> &Offset) const;
  /// The in-plane components of \p Offset, one per tiled dimension.
  std::vector<int64_t> inPlaneOffset(const std::vector<int64_t> &Offset) const;
  /// One line, e.g. "bT=4 bS=32x32 hSN=whole SCR(RD=1) NS=0 opt=star".
  std::string summary() const;
};

/// The --async-copy depth a plan gets when the request leaves it unset: 4
/// for 3D blocked plans of the star specialization, else 0 (measured on
/// the H100, docs/plans.md). A plan with asynchronous copies
/// prefetches one plane into registers by default, else two.
unsigned defaultAsyncDepth(const TemporalBlockingPlan &Plan);
unsigned defaultPrefetch(const TemporalBlockingPlan &Plan);
/// The --interior-loop value the default rule gives a plan it turns the
/// loop on for: 2 (with the sides loop) in 3D, 1 in 2D and under the
/// cached exchange (docs/plans.md).
unsigned interiorLoopWhenOn(const TemporalBlockingPlan &Plan);

/// Limits of the target GPU that a plan must respect.
struct DeviceLimits {
  unsigned MaxThreadsPerBlock = 1024;
  unsigned MaxThreadsPerSM = 2048;
  unsigned RegistersPerSM = 65536;
  uint64_t MaxSharedPerBlock = 227 * 1024; ///< sm_90, opt-in maximum
  uint64_t MaxSharedPerSM = 228 * 1024;
};

/// 32-bit registers per thread the plan controls: its queues (own column
/// and, with the cached exchange, neighbour values, plus the boundary
/// slots) and, for SCR and MCR, one per value an update loads from shared
/// memory. The default blocks per SM keep this under 9/10 of the register
/// cap; the rest holds addresses and indices.
unsigned planRegisterDemand(const TemporalBlockingPlan &Plan,
                            const StencilAnalysis &A);

/// The registers per thread ptxas may use under the plan: --max-registers
/// rounded up to ptxas's granule of 8, else the __launch_bounds__ cap of
/// its blocks per SM.
unsigned planRegisterCap(const TemporalBlockingPlan &Plan,
                         unsigned RegistersPerSM = 65536);
/// Whether the plan's register demand reaches 9/10 of its cap, where
/// ptxas spills (the rest holds addresses and indices).
bool planPredictedToSpill(const TemporalBlockingPlan &Plan,
                          const StencilAnalysis &A,
                          unsigned RegistersPerSM = 65536);

/// Builds the plan for \p P / \p A from \p R and documented defaults.
/// Returns nullopt and sets \p Error to the reason for an invalid plan.
std::optional<TemporalBlockingPlan>
makePlan(const StencilProgram &P, const StencilAnalysis &A,
         const PlanRequest &R, std::string &Error,
         const DeviceLimits &Limits = {});

/// What the naive kernel (`--naive`, or the default where no blocked plan
/// fits) needs of a plan: the element type and the geometry. It exists for
/// every stencil the analysis accepts.
TemporalBlockingPlan naivePlan(const StencilAnalysis &A);

} // namespace stencilcc

#endif
