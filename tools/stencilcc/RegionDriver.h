//===- stencilcc/RegionDriver.h - The driver's work per region --*- C++ -*-===//
//
// The driver's answer to each `#pragma scop` region the frontend hands it:
// analyze it, choose its plan (the options', the plan cache's, the model's
// or the naive kernel) and keep what the emitter, --analyze, --plan-only or
// the tuner needs of it. It lives apart from main() so that main() reads as
// the command line and the output, and so that each kind of region
// (stage form, single update under --analyze, under tuning, compiled) is
// one function rather than one branch of a long callback.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TOOLS_REGIONDRIVER_H
#define STENCILCC_TOOLS_REGIONDRIVER_H

#include "CachedPlanLookup.h"

#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Planner/PerformanceModel.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"
#include "stencilcc/Planner/TuningCandidates.h"
#include "stencilcc/Support/Diagnostic.h"
#include "stencilcc/Tuning/TuningSession.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilcc {

/// Whether \p R holds any plan option: with none, the plan cache and the
/// model choose the plan.
bool anyPlanOption(const PlanRequest &R);

/// The command line as the per-region work needs it, checked by main()
/// first; a plain struct so that the driver does not read the options'
/// globals.
struct RegionDriverOptions {
  PlanRequest Request; ///< the plan options given
  bool Naive = false;
  bool FastMath = false;
  bool Analyze = false;
  bool PlanOnly = false;
  bool EmitTest = false;
  bool Mpi = false;        ///< --mpi or --mpi-local
  bool MpiLocal = false;   ///< --mpi-local
  bool JSON = false;       ///< --format=json
  bool CLaunchers = false; ///< --c-output
  /// --tune, --tune-emit or --tune-ingest; Ingest for --tune-ingest,
  /// which needs the regions' keys and plans but no candidates.
  bool Tuning = false;
  bool Ingest = false;
  unsigned Top = 10; ///< --top
  unsigned TuneSize = 0, TuneTop = 4, TuneVariants = 4;
  /// --tune-roles, parsed and as given (for the message of a region
  /// that has none of them).
  std::set<CandidateRole> KeptRoles;
  std::vector<std::string> RoleNames;
  std::vector<int64_t> GridExtents; ///< --grid; empty: the benchmark's
  const GpuParameters *Gpu = nullptr;
};

/// What the regions left for main(): the report of --analyze and
/// --plan-only, and the regions to emit or tune. The deques keep their
/// elements' addresses as they grow: ToEmit and TuneRegions point into
/// them.
struct HandledRegions {
  std::string Text;          ///< text --analyze / --plan-only output
  llvm::json::Array Regions; ///< the same with --format=json
  std::deque<StencilProgram> Programs;
  std::deque<StencilAnalysis> Analyses;
  std::deque<StageAnalysis> StageAnalyses;
  std::vector<RegionToEmit> ToEmit;
  std::vector<TuningRegion> TuneRegions;
};

class RegionDriver {
public:
  RegionDriver(RegionDriverOptions Opts, const CachedPlanLookup &Cached)
      : Opts(std::move(Opts)), Cached(Cached) {}
  RegionDriver(const RegionDriver &) = delete;
  RegionDriver &operator=(const RegionDriver &) = delete;

  /// The frontend's callback: one region, in source order. Errors and
  /// warnings go to \p Diags at the region's source locations.
  void handleRegion(StencilProgram &P, DiagnosticSink &Diags);

  HandledRegions &regions() { return Out; }

private:
  /// The plan a single-update region compiles where plan options and the
  /// plan cache have their say.
  struct PlanChoice {
    PlanRequest Request;
    bool Naive = false;
    bool FromCache = false;
    std::string Origin; ///< which cache entry, when FromCache
  };

  /// One region's --analyze report (\p ToJSON or \p Print, by --format)
  /// and the plan cache keys it is looked up by (\p Family and its
  /// \p Operations: single-update regions only).
  void reportAnalysis(llvm::function_ref<llvm::json::Object()> ToJSON,
                      llvm::function_ref<void(llvm::raw_ostream &)> Print,
                      const std::string &Fingerprint, const std::string &Shape,
                      const std::string &Family = "",
                      const std::string &Operations = "");

  /// Why this run cannot compile a stage-form region as asked, or "": the
  /// single-update kernels' plan options and --plan-only do not apply to
  /// its kernels.
  std::string stageRegionObstacle() const;
  /// A region of several statements that stays one (not a ping-pong, or
  /// --naive): its kernels take a StagePlan, from the options, the plan
  /// cache or the defaults, never a single-update plan.
  void handleStageRegion(StencilProgram &P, StageAnalysis &SA,
                         DiagnosticSink &Diags);
  /// The plan cache's flags for a stage region, with their \p Origin.
  std::optional<std::string>
  cachedStageFlags(const StencilProgram &P, const StageAnalysis &SA,
                   const std::string &Fingerprint, const std::string &Shape,
                   std::string &Origin, DiagnosticSink &Diags) const;
  /// The rest of a stage region's TuningRegion (its keys are set): the
  /// timed size and the candidates; false after an error.
  bool fillStageTuningRegion(const StencilProgram &P, const StageAnalysis &SA,
                             const std::optional<std::string> &CachedFlags,
                             TuningRegion &TR, DiagnosticSink &Diags) const;

  /// Under --tune, --tune-emit or --tune-ingest: the region's keys and
  /// candidates, and the options' plan as the default they are timed
  /// against.
  void handleTuningRegion(StencilProgram &P, StencilAnalysis &A,
                          bool IsPingPong, DiagnosticSink &Diags);
  /// A region compiled, self-checked or ranked by --plan-only: the options'
  /// or the plan cache's plan, else the model's default, with the naive
  /// kernel where no blocked plan fits.
  void handleSingleUpdate(StencilProgram &P, StencilAnalysis &A,
                          std::optional<StencilProgram> &PingPongSource,
                          DiagnosticSink &Diags);
  /// The options' plan, or the plan cache's where there are none; a cached
  /// plan that does not apply here is a warning, not an error, since the
  /// default plan can stand in for it.
  PlanChoice choosePlan(const StencilProgram &P, const StencilAnalysis &A,
                        DiagnosticSink &Diags) const;
  /// --plan-only's ranking of the region, saying where the plan it would
  /// compile came from.
  void reportPlanSearch(const StencilProgram &P, const StencilAnalysis &A,
                        const PlanChoice &C,
                        const std::vector<int64_t> &Extents, bool FromModel);

  RegionDriverOptions Opts;
  const CachedPlanLookup &Cached;
  HandledRegions Out;
  unsigned Index = 0; ///< of the next region --analyze or --plan-only reports
};

} // namespace stencilcc

#endif
