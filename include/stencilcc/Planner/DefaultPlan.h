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
// 2D star stencils in float of radius up to 4 take the warp-shuffle
// exchange instead, which won every such tuning and which the model ranks
// low. The model's best blocked plan then meets the kernels that run one time
// step per launch (OneStepKernelModel.h): the naive kernel and, for 3D sums
// of products, the streaming partial-sums kernel. One of them is compiled
// where it is predicted at least as fast, and in 3D wherever the best
// blocked plan has bT = 1: with no step to reuse a plane for, a 3D tile
// only adds halo threads in two dimensions (on the H100 every such plan
// timed ran at or below the naive kernel, 0.38x to 1.0x).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_DEFAULTPLAN_H
#define STENCILCC_PLANNER_DEFAULTPLAN_H

#include "stencilcc/Planner/PerformanceModel.h"

#include <optional>
#include <string>

namespace stencilcc {

struct DefaultPlanChoice {
  /// The request that rebuilds the plan through makePlan: `--bt=K --bs=T`,
  /// `--stream-sums=1 --sum-order=...`, or empty for the naive kernel.
  PlanRequest Request;
  TemporalBlockingPlan Plan;
  Prediction Predicted;
  /// The plans the model compared (feasible ones).
  unsigned Compared = 0;
  /// A one-step kernel won: the naive one (Naive), or the streaming
  /// partial sums (Request.StreamSumRows). OneStepWhy says why, for the
  /// generated header and --plan-only.
  bool Naive = false;
  std::string OneStepWhy;
  /// The rule for 2D float stars took the warp-shuffle exchange
  /// (DefaultPlan.cpp says why).
  bool ShuffleRule = false;
  /// Where a one-step kernel or the shuffle rule won, the model's blocked
  /// plan it replaced (none where no blocked plan was feasible): the plan
  /// search starts from it.
  std::optional<TemporalBlockingPlan> ReplacedBlocked;
};

/// The default plan of a region: a blocked plan, or a one-step kernel
/// where no blocked plan is predicted feasible or worth it.
DefaultPlanChoice modelDefaultPlan(const StencilProgram &P,
                                   const StencilAnalysis &A,
                                   const ModelInput &In,
                                   const GpuParameters &G);

} // namespace stencilcc

#endif
