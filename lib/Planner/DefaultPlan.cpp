//===- lib/Planner/DefaultPlan.cpp - The plan compiled without options ----===//
#include "stencilcc/Planner/DefaultPlan.h"

namespace stencilcc {

/// A 3D tile of 16x16 is taken only where no wider one is feasible: at
/// the same warps per SM it ran 0.73x (box3d1r double) and 0.95x (j3d27pt
/// double) the 16x32 plan on the H100, where the model predicts 1.15x
/// (docs/results/model-tiles-h100-2026-11-24, run d).
static bool lastResortTile(const std::vector<unsigned> &Tile) {
  return Tile.size() == 2 && Tile[0] * Tile[1] <= 256;
}

/// 3D tiles of more than 512 threads leave 64 registers a thread; the
/// estimate holds for the star and partial-sum plans measured there, not
/// for the general update (asym3d_scalar's bT=3 32x32 plan: 40 estimated,
/// 64 taken and 8 bytes spilled by ptxas in its bT=2 instance), which
/// keeps the rules' tiles.
static bool tileFitsVariant(const std::vector<unsigned> &Tile,
                            const TemporalBlockingPlan &Plan) {
  return Tile.size() != 2 || Tile[0] * Tile[1] <= 512 ||
         Plan.Variant != OptimizationVariant::General;
}

std::optional<DefaultPlanChoice>
modelDefaultPlan(const StencilProgram &P, const StencilAnalysis &A,
                 const ModelInput &In, const GpuParameters &G,
                 std::string &Error) {
  DeviceLimits Limits = G.limits();
  std::optional<TemporalBlockingPlan> Rules =
      makePlan(P, A, PlanRequest(), Error, Limits);
  std::string Ignored;
  std::optional<DefaultPlanChoice> Best, LastResort, RulesOwn;
  unsigned Compared = 0;
  unsigned MaxDegree = A.NumDims == 3 ? 8 : 16;
  for (unsigned BT = 1; BT <= MaxDegree; ++BT)
    for (const std::vector<unsigned> &Tile : searchSpaceTiles(A.NumDims)) {
      PlanRequest R;
      R.TemporalDegree = BT;
      R.BlockSizes = Tile;
      std::optional<TemporalBlockingPlan> Plan =
          makePlan(P, A, R, Ignored, Limits);
      if (!Plan || !tileFitsVariant(Tile, *Plan))
        continue;
      Prediction Pr = predictPlan(In, *Plan, G);
      if (!Pr.Feasible)
        continue;
      ++Compared;
      if (Rules && BT == Rules->TemporalDegree &&
          Plan->BlockSizes == Rules->BlockSizes)
        RulesOwn = DefaultPlanChoice{R, *Plan, Pr, 0};
      // Ties keep the first: the lower degree (fewer registers, a shorter
      // pipeline), then the earlier tile.
      std::optional<DefaultPlanChoice> &Slot =
          lastResortTile(Tile) ? LastResort : Best;
      if (Slot && Pr.GCellsPerSecond <= Slot->Predicted.GCellsPerSecond)
        continue;
      Slot = DefaultPlanChoice{R, std::move(*Plan), Pr, 0};
    }
  if (!Best)
    Best = std::move(LastResort);
  // Within 1% the model cannot tell plans apart, and the rules' degree and
  // tile, set from measurements, decide: star2d4r float ran 404 GCells/s
  // at the rules' bT=4 and 325 at bT=3, predicted 791 and 793 (H100;
  // docs/results/default-plan-h100-2026-11-23).
  if (Best && RulesOwn &&
      RulesOwn->Predicted.GCellsPerSecond >=
          0.99 * Best->Predicted.GCellsPerSecond)
    Best = std::move(RulesOwn);
  if (!Best) {
    // Every plan spills or does not fit by the model's estimate: the
    // rules' plan, which lowers its degree until the queues fit.
    if (!Rules)
      return std::nullopt;
    Prediction Pr =
        Rules->StreamSumRows ? Prediction() : predictPlan(In, *Rules, G);
    Best = DefaultPlanChoice{PlanRequest(), std::move(*Rules), Pr, 0};
  }
  Best->Compared = Compared;
  return Best;
}

} // namespace stencilcc
