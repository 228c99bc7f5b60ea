//===- Planner/DefaultPlan.h - The plan compiled without options -*- C++ -*-===//
//
// The plan stencilcc compiles for a region when the command line gives no
// plan option and no plan cache entry applies: the performance model's
// best plan among the rules' plans of each temporal degree and tile
// (makePlan with `--bt=K --bs=T` alone, K = 1..16 in 1D and 2D, 1..8 in
// 3D; T the tiles of the model's search space, searchSpaceTiles()). The
// model chooses bT, the trade of redundant halo work against global
// traffic that paper 001's model is built for, and the tile, the trade of
// halo share against blocks per SM;
// makePlan's rules choose the rest for them (exchange, specialization,
// blocks per SM), from register estimates the model's wider search space
// does not bear out on the GPU (docs/performance-model.md). Where the
// rules' own plan is predicted within 1% of the best, it is kept: the
// model cannot tell such plans apart, and the rules come from measurements.
// Two tiles the model over-rates in 3D are held back: 16x16 is a last
// resort, and tiles of more than 512 threads are left to the star and
// partial-sum plans measured there (DefaultPlan.cpp says why).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_DEFAULTPLAN_H
#define STENCILCC_PLANNER_DEFAULTPLAN_H

#include "stencilcc/Planner/PerformanceModel.h"

#include <optional>

namespace stencilcc {

struct DefaultPlanChoice {
  /// The request that rebuilds the plan through makePlan: `--bt=K --bs=T`,
  /// or empty where the model predicts every degree to spill or not to
  /// fit (the rules' own plan, which lowers bT until its queues fit).
  PlanRequest Request;
  TemporalBlockingPlan Plan;
  Prediction Predicted;
  /// The plans the model compared (feasible ones).
  unsigned Compared = 0;
};

/// The default plan of a region, or nullopt where makePlan builds no plan
/// at any degree (\p Error then says why the rules' plan fails).
std::optional<DefaultPlanChoice>
modelDefaultPlan(const StencilProgram &P, const StencilAnalysis &A,
                 const ModelInput &In, const GpuParameters &G,
                 std::string &Error);

} // namespace stencilcc

#endif
