//===- stencilcc/PlanSearchReport.h - What --plan-only prints ---*- C++ -*-===//
//
// The driver's --plan-only report of a single-update region: the model's
// ranking of candidate plans at the --grid extents and where the plan the
// region would get stands in it, as text or JSON (docs/plans.md).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TOOLS_PLANSEARCHREPORT_H
#define STENCILCC_TOOLS_PLANSEARCHREPORT_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Planner/DefaultPlan.h"
#include "stencilcc/Planner/ExchangeModel.h"
#include "stencilcc/Planner/OneStepKernelModel.h"
#include "stencilcc/Planner/PerformanceModel.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

struct PlanSearchResult {
  std::vector<int64_t> Extents;
  const GpuParameters *Gpu = nullptr;
  unsigned Top = 10; ///< ranked candidates shown (--top)
  PlanRanking Ranking;
  std::optional<TemporalBlockingPlan> Selected;
  std::string SelectedError;
  Prediction SelectedPrediction;
  unsigned SelectedRank = 0; ///< 1-based among the ranked candidates
  bool SelectedIsCandidate = false;
  /// Plan options were given: the selected plan is theirs, not the
  /// default rules'.
  bool Requested = false;
  /// The plan options came from --plan-cache; Origin says which entry
  /// (the same stencil, or another of the same shape).
  bool FromCache = false;
  /// Which cache entry, or why the model chose a one-step kernel.
  std::string Origin;
  /// No plan options: the model chose among the rules' plans of each bT
  /// and tile.
  bool FromModel = false;
  /// The selected kernel is the naive one (`--naive`, given or cached).
  bool SelectedNaive = false;
  /// The one-step model's speed of a selected naive or streaming
  /// partial-sums kernel (OneStepKernelModel.h), GCells/s.
  double OneStepGCells = 0;
  /// --mpi: also the exchange model's split at 2 and 4 ranks.
  bool Mpi = false;
  /// The selected kernel's predicted GCells/s, from whichever model has it.
  double selectedGCells() const {
    return selectedModelled() ? SelectedPrediction.GCellsPerSecond
                              : OneStepGCells;
  }
  /// The blocked-plan model ranks blocked plans only; the naive and the
  /// streaming partial-sums kernel have the one-step model's figure.
  bool selectedModelled() const {
    return !SelectedNaive && !(Selected && Selected->StreamSumRows);
  }
  /// Where the selected plan came from, as --plan-only says it.
  std::string chosenBy() const {
    if (FromCache)
      return Origin.empty() ? "the plan cache" : Origin;
    if (FromModel && !Origin.empty())
      return Origin;
    return Requested ? "the plan options given"
                     : "the model: its best of the rules' plans at each bT "
                       "and tile (docs/performance-model.md)";
  }
};

/// Ranks the candidates of \p P at \p Extents and places the plan of
/// \p Request (\p Requested: plan options were given) among them.
PlanSearchResult searchPlans(const StencilProgram &P, const StencilAnalysis &A,
                             const PlanRequest &Request, bool Requested,
                             bool FromCache,
                             const std::vector<int64_t> &Extents,
                             const GpuParameters &G, unsigned Top);

void printPlanSearch(llvm::raw_ostream &OS, const StencilProgram &P,
                     const StencilAnalysis &A, const PlanSearchResult &S,
                     unsigned Index);
llvm::json::Object planSearchToJSON(const StencilProgram &P,
                                    const StencilAnalysis &A,
                                    const PlanSearchResult &S, unsigned Index);
llvm::json::Object gpuToJSON(const GpuParameters &G);

} // namespace stencilcc

#endif
