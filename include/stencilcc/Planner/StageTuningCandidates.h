//===- Planner/StageTuningCandidates.h - --tune for stage regions -*- C++ -*-===//
//
// What the GPU search (--tune, --tune-emit) times for a stage-form region
// (several statements, arrays or levels; StagePlan.h), and the plan options
// that rebuild each candidate. The stage model ranks plans by bytes and
// instructions only roughly (docs/performance.md: HotSpot ran within 7%
// across bT 4 to 12, the 2D wave 1.4x apart between bT 2 and 8, with the
// model's pick not the fastest), so the GPU decides among:
//  - the default plan (the model's best);
//  - every other whole-step bT of at most 12 sweeps at its default tile;
//  - the default bT with the cross-section tile halved and doubled, and
//    with the stream block halved (2D/3D);
//  - the naive kernels (one per statement and step);
//  - the plan cache's plan for the region, where the caller gives one.
// Each candidate is the plan its flags (--bt, --bs, --sl) rebuild, so the
// plan cache holds exactly what was timed. Duplicates are dropped.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_STAGETUNINGCANDIDATES_H
#define STENCILCC_PLANNER_STAGETUNINGCANDIDATES_H

#include "stencilcc/Planner/StagePlan.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"
#include "stencilcc/Planner/TuningCandidates.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// The plan options that rebuild \p Plan: "--bt=S --bs=A[xB] [--sl=L]".
std::string stagePlanFlags(const StagePlan &Plan);

/// The stage planner's request for the plan options of \p R (--bt, --bs,
/// --sl) in a grid of \p Rank dimensions; the driver's mapping.
StagePlanRequest stagePlanRequest(const PlanRequest &R, unsigned Rank);

/// Whether \p R asks for anything a stage-form region does not take
/// (every plan option but --bt, --bs and --sl).
bool hasNonStagePlanOptions(const PlanRequest &R);

/// One candidate of a stage region: a blocked plan and its flags, or the
/// naive kernels (Naive, Flags "--naive").
struct StageTuningCandidate {
  /// Default, Sweeps (another bT), Tile, Naive or Cached.
  CandidateRole Role = CandidateRole::Default;
  bool Naive = false;
  std::optional<StagePlan> Plan;
  std::string Flags;
};

/// The candidates of a stage region, the default first and the naive
/// kernels last (\p Cached, the plan cache's flags, if any, before it).
std::vector<StageTuningCandidate>
stageTuningCandidates(const StencilProgram &P, const StageAnalysis &A,
                      const std::optional<std::string> &CachedFlags);

} // namespace stencilcc

#endif
