//===- Planner/StagePlanInternal.h - StagePlan's two halves -----*- C++ -*-===//
//
// What StagePlan.cpp (the static resolution of reads, lags, growth and
// storage) and StagePlanGeometry.cpp (blocks, occupancy, the model, the
// description) share. Internal to lib/Planner.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_PLANNER_STAGEPLANINTERNAL_H
#define STENCILCC_LIB_PLANNER_STAGEPLANINTERNAL_H

#include "stencilcc/Planner/StagePlan.h"

#include <utility>
#include <vector>

namespace stencilcc {
namespace stageplan {

/// The reads of stage \p S in Expr::walk order (the order of
/// StageFacts::Accesses and StageSweep::Reads).
std::vector<const ArrayAccess *> stageReads(const Stage &S);

/// Cross-section dimension \p C (0 = fastest) as a grid dimension, and the
/// number of cross-section dimensions (a 1D grid's only one is one).
unsigned gridDim(const StagePlan &Plan, unsigned C);
unsigned crossDims(const StagePlan &Plan);

/// Sets the block (threads, cells per thread, box) of a plan whose
/// versions are resolved, from the tile (0: as large as \p Threads times
/// \p Cells allows) or the block (0: covering the tile); then shared
/// memory and occupancy. False with \p Why when it does not fit.
bool planGeometry(const StencilProgram &P, StagePlan &Plan,
                  std::vector<int64_t> Tile, std::vector<unsigned> Threads,
                  std::vector<unsigned> Cells, std::string &Why);
bool planOccupancy(const StencilProgram &P, StagePlan &Plan, std::string &Why);

/// Modelled time per owned cell and step of \p Plan at the benchmark size.
double modelCost(const StencilProgram &P, const StagePlan &Plan);
/// Stream block length along dimension 0 for the benchmark size.
int64_t defaultStreamBlock(const StagePlan &Plan);
/// Candidate blocks of the default plan: threads and cells per thread per
/// cross-section dimension (x first).
std::vector<std::pair<std::vector<unsigned>, std::vector<unsigned>>>
defaultBlocks(unsigned Rank);

} // namespace stageplan
} // namespace stencilcc

#endif
