//===- lib/Planner/DefaultPlan.cpp - The plan compiled without options ----===//
#include "stencilcc/Planner/DefaultPlan.h"

namespace stencilcc {

std::optional<DefaultPlanChoice>
modelDefaultPlan(const StencilProgram &P, const StencilAnalysis &A,
                 const ModelInput &In, const GpuParameters &G,
                 std::string &Error) {
  DeviceLimits Limits = G.limits();
  std::optional<TemporalBlockingPlan> Rules =
      makePlan(P, A, PlanRequest(), Error, Limits);
  std::string Ignored;
  std::optional<DefaultPlanChoice> Best, AtRulesDegree;
  unsigned Compared = 0;
  unsigned MaxDegree = A.NumDims == 3 ? 8 : 16;
  for (unsigned BT = 1; BT <= MaxDegree; ++BT) {
    PlanRequest R;
    R.TemporalDegree = BT;
    std::optional<TemporalBlockingPlan> Plan = makePlan(P, A, R, Ignored, Limits);
    if (!Plan)
      continue;
    Prediction Pr = predictPlan(In, *Plan, G);
    if (!Pr.Feasible)
      continue;
    ++Compared;
    if (Rules && BT == Rules->TemporalDegree)
      AtRulesDegree = DefaultPlanChoice{R, *Plan, Pr, 0};
    // Ties keep the lower degree: fewer registers and a shorter pipeline.
    if (Best && Pr.GCellsPerSecond <= Best->Predicted.GCellsPerSecond)
      continue;
    Best = DefaultPlanChoice{R, std::move(*Plan), Pr, 0};
  }
  // Within 1% the model cannot tell degrees apart, and the rules' degree,
  // set from measurements, decides: star2d4r float ran 404 GCells/s at
  // the rules' bT=4 and 325 at bT=3, predicted 791 and 793 (H100;
  // docs/results/default-plan-h100-2026-11-23).
  if (Best && AtRulesDegree &&
      AtRulesDegree->Predicted.GCellsPerSecond >=
          0.99 * Best->Predicted.GCellsPerSecond)
    Best = std::move(AtRulesDegree);
  if (!Best) {
    // Every degree spills or does not fit by the model's estimate: the
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
