//===- Planner/PlanConstruction.h - What makePlan's steps share -*- C++ -*-===//
//
// The pieces makePlan (MakePlan.cpp), the shuffle plans (ShufflePlan.cpp)
// and the register estimate (RegisterEstimate.cpp) share: the kernel
// geometry an analysis implies, the queue layout an exchange scheme
// implies, and the register counts a plan's options are checked against.
// Internal to lib/Planner.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_PLANNER_PLANCONSTRUCTION_H
#define STENCILCC_LIB_PLANNER_PLANCONSTRUCTION_H

#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilcc {

/// The streaming dimension and the tiled ones, with their radii.
KernelGeometry geometryOf(const StencilAnalysis &A);

/// In-plane parts of the reads that leave the thread's own column.
std::set<std::vector<int64_t>>
neighbourOffsets(const TemporalBlockingPlan &Plan, const StencilAnalysis &A);
/// Whether some in-plane neighbour is read at several streaming offsets,
/// the reuse the cached exchange turns into register reads.
bool neighboursShared(const TemporalBlockingPlan &Plan,
                      const StencilAnalysis &A);

/// 32-bit registers per thread the queues take (own column and, with the
/// cached exchange, neighbour values of every level, plus the boundary
/// slots): the part of the register count a plan controls.
unsigned queueRegisters(const TemporalBlockingPlan &Plan,
                        const StencilAnalysis &A);
/// The register cap __launch_bounds__ implies for \p Blocks blocks per SM.
unsigned registerCap(const TemporalBlockingPlan &Plan, unsigned Blocks,
                     unsigned RegistersPerSM);
/// ptxas spills where the registers a plan controls reach 9/10 of the cap
/// (the rest holds addresses and indices).
bool reachesSpill(unsigned Demand, unsigned Cap);
/// --max-registers (__maxnreg__, which excludes __launch_bounds__): sets
/// Plan.MaxRegisters after checking it against --blocks-per-sm and the
/// range a block of \p Threads fits (ptxas allocates in units of 8).
/// Returns the cap rounded up to ptxas's unit, or 0 with \p Error set.
unsigned applyRegisterCap(TemporalBlockingPlan &Plan, const PlanRequest &R,
                          unsigned Threads, const DeviceLimits &Limits,
                          std::string &Error);

/// The smallest divisor of \p U that is at least \p AtLeast: a ring
/// indexed by column stretched to the unrolled period.
unsigned DivisorOf(unsigned U, unsigned AtLeast);
/// The exchanged offsets, the lag between levels, the queue lengths and
/// the unrolled period that follow from the plan's exchange scheme,
/// variant and prefetch distance.
void layoutQueues(TemporalBlockingPlan &Plan, const StencilAnalysis &A);

/// makePlan for --exchange=shuffle (WarpShuffleKernel.h), from \p Plan
/// with its element type and geometry set.
std::optional<TemporalBlockingPlan>
makeShufflePlan(TemporalBlockingPlan Plan, const StencilProgram &P,
                const StencilAnalysis &A, const PlanRequest &R,
                std::string &Error, const DeviceLimits &Limits);

} // namespace stencilcc

#endif
