//===- stencilcc/RegionDriver.cpp -----------------------------------------===//
#include "RegionDriver.h"

#include "PlanSearchReport.h"

#include "stencilcc/Analysis/AnalysisPrinter.h"
#include "stencilcc/Analysis/PingPongForm.h"
#include "stencilcc/Emitter/CLaunchers.h"
#include "stencilcc/Emitter/FastMath.h"
#include "stencilcc/Emitter/SelfCheckEmitter.h"
#include "stencilcc/Planner/DefaultPlan.h"
#include "stencilcc/Planner/OneStepKernelModel.h"
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Planner/PlanFlags.h"
#include "stencilcc/Planner/ShapeKey.h"
#include "stencilcc/Planner/StagePlan.h"
#include "stencilcc/Planner/StageTuningCandidates.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace stencilcc {

bool anyPlanOption(const PlanRequest &R) {
  return R.TemporalDegree || !R.BlockSizes.empty() || R.StreamLength ||
         R.SharedSlots || R.Exchange || R.ReuseDegree || R.Variant ||
         R.Prefetch || R.BlocksPerSM || R.MaxRegisters || R.StreamSumRows ||
         R.AsyncCopy || R.InteriorLoop || R.WarpCells || R.RowsPerThread ||
         R.Order || R.OffsetBits || R.PredicatedStore || R.StagedExchange;
}

void RegionDriver::handleRegion(StencilProgram &P, DiagnosticSink &Diags) {
  if (Opts.CLaunchers)
    if (std::optional<LauncherObstacle> O = cLauncherObstacle(P)) {
      Diags.error(O->Loc, O->Message, O->Note);
      return;
    }
  // A stage-form ping-pong runs as its single-update form (P from here
  // on); its source stays for the host code and the check.
  std::optional<StencilProgram> PingPongSource;
  std::optional<StageAnalysis> SA;
  if (P.isStageForm()) {
    SA = analyzeStages(P, Diags);
    if (!SA)
      return;
    if (Opts.Analyze) {
      reportAnalysis(
          [&] { return stageAnalysisToJSON(P, *SA); },
          [&](raw_ostream &OS) { printStageAnalysis(OS, P, *SA, Index); },
          stageFingerprint(P, *SA), stageShapeKey(P, *SA));
      return;
    }
    // --naive keeps the stage form's own one-kernel-per-statement code.
    if (std::optional<StencilProgram> Q =
            Opts.Naive ? std::nullopt : stageFormAsSingleUpdate(P)) {
      PingPongSource = std::move(P);
      P = std::move(*Q);
    }
  }
  if (Opts.Mpi && P.LevelsRotated) {
    Diags.error(P.ScopLoc,
                "--mpi does not yet run regions whose time step rotates "
                "pointers (its host code does not set them after the "
                "region)",
                "keep the levels in one array ('A[(t + 1) % 2][i][j] = "
                "f(A[t % 2])') or compile without --mpi");
    return;
  }
  if (Opts.Mpi && P.isStageForm()) {
    Diags.error(P.ScopLoc,
                "--mpi runs regions of one update (one statement writing "
                "one array through t % 2 levels at constant offsets, or "
                "a ping-pong of two arrays) so far; this region has "
                "several statements, arrays or levels, or clamped or "
                "periodic subscripts" +
                    std::string(Opts.Naive && pingPongAsSingleUpdate(P)
                                    ? " (a ping-pong, but --naive keeps its "
                                      "statements apart)"
                                    : ""));
    return;
  }
  if (P.isStageForm()) {
    handleStageRegion(P, *SA, Diags);
    return;
  }
  std::optional<StencilAnalysis> A = analyzeStencil(P, Diags);
  if (!A)
    return;
  if (Opts.Analyze) {
    reportAnalysis([&] { return analysisToJSON(P, *A); },
                   [&](raw_ostream &OS) { printAnalysis(OS, P, *A, Index); },
                   stencilFingerprint(P, *A), stencilShapeKey(P, *A),
                   stencilShapeFamily(P, *A), stencilOperationMix(P, *A));
    return;
  }
  if (Opts.Tuning) {
    handleTuningRegion(P, *A, PingPongSource.has_value(), Diags);
    return;
  }
  handleSingleUpdate(P, *A, PingPongSource, Diags);
}

void RegionDriver::reportAnalysis(function_ref<json::Object()> ToJSON,
                                  function_ref<void(raw_ostream &)> Print,
                                  const std::string &Fingerprint,
                                  const std::string &Shape,
                                  const std::string &Family,
                                  const std::string &Operations) {
  if (Opts.JSON) {
    json::Object O = ToJSON();
    O["fingerprint"] = Fingerprint;
    O["shape_key"] = Shape;
    if (!Family.empty()) {
      O["shape_family"] = Family;
      O["operation_mix"] = Operations;
    }
    Out.Regions.push_back(std::move(O));
  } else {
    raw_string_ostream OS(Out.Text);
    Print(OS);
    OS << "  plan cache keys: fingerprint " << Fingerprint << ", shape "
       << Shape;
    if (!Family.empty())
      OS << ", " << Family;
    OS << "\n";
  }
  ++Index;
}

//===----------------------------------------------------------------------===//
// Stage-form regions
//===----------------------------------------------------------------------===//

std::string RegionDriver::stageRegionObstacle() const {
  if (Opts.PlanOnly)
    return "--plan-only describes single-update regions and ping-pongs "
           "only (--analyze describes this one)";
  if (hasNonStagePlanOptions(Opts.Request) || Opts.FastMath)
    return "of the plan options, a region of several statements takes "
           "--bt (sweeps per launch), --bs (owned cells per block across "
           "the stream), --sl (stream block) and --naive only";
  return "";
}

void RegionDriver::handleStageRegion(StencilProgram &P, StageAnalysis &SA,
                                     DiagnosticSink &Diags) {
  std::string Why = stageRegionObstacle();
  if (Why.empty() && (Opts.EmitTest || Opts.Tuning))
    if (std::string O = selfCheckObstacle(P); !O.empty())
      Why = (Opts.Tuning ? "cannot tune this region: "
                         : "cannot emit a self-check for this region: ") +
            O;
  if (!Why.empty()) {
    Diags.error(P.ScopLoc, Why);
    return;
  }
  std::string Fingerprint = stageFingerprint(P, SA);
  std::string Shape = stageShapeKey(P, SA);
  std::string CachedOrigin;
  std::optional<std::string> CachedFlags =
      cachedStageFlags(P, SA, Fingerprint, Shape, CachedOrigin, Diags);
  bool RegionNaive = Opts.Naive;
  StagePlanRequest SR = stagePlanRequest(Opts.Request, SA.NumDims);
  bool FromCache = false;
  if (CachedFlags && !Opts.Tuning) {
    PlanRequest Cached;
    bool CachedNaive = false;
    std::string Error;
    std::optional<StagePlan> Check;
    if (parsePlanFlags(*CachedFlags, Cached, CachedNaive, Error) &&
        !hasNonStagePlanOptions(Cached) &&
        (CachedNaive ||
         (Check = makeStagePlan(P, SA, stagePlanRequest(Cached, SA.NumDims),
                                Error)))) {
      SR = stagePlanRequest(Cached, SA.NumDims);
      RegionNaive = CachedNaive;
      FromCache = true;
    } else {
      Diags.warning(P.ScopLoc,
                    "the plan cache's plan for this region ('" + *CachedFlags +
                        "') is invalid here: " +
                        (Error.empty() ? "not a stage-form plan" : Error) +
                        "; compiling the default plan");
    }
  }
  std::optional<StagePlan> Blocked;
  std::string NaiveBecause;
  if (!RegionNaive) {
    std::string Why;
    Blocked = makeStagePlan(P, SA, SR, Why);
    if (!Blocked && (anyPlanOption(Opts.Request) || FromCache)) {
      Diags.error(P.ScopLoc, "invalid plan for this region: " + Why);
      return;
    }
    if (!Blocked)
      NaiveBecause = Why;
  }
  TuningRegion TR;
  TR.Fingerprint = Fingerprint;
  TR.Shape = Shape;
  if (Opts.Tuning && !fillStageTuningRegion(P, SA, CachedFlags, TR, Diags))
    return;
  Out.Programs.push_back(std::move(P));
  Out.StageAnalyses.push_back(std::move(SA));
  RegionToEmit R;
  R.Program = &Out.Programs.back();
  R.Naive = !Blocked;
  R.StageBlocking = std::move(Blocked);
  R.NaiveBecause = NaiveBecause;
  if (FromCache)
    R.PlanOrigin = CachedOrigin;
  Out.ToEmit.push_back(std::move(R));
  if (Opts.Tuning) {
    TR.Program = &Out.Programs.back();
    TR.Stage = &Out.StageAnalyses.back();
    Out.TuneRegions.push_back(std::move(TR));
  }
}

std::optional<std::string>
RegionDriver::cachedStageFlags(const StencilProgram &P, const StageAnalysis &SA,
                               const std::string &Fingerprint,
                               const std::string &Shape, std::string &Origin,
                               DiagnosticSink &Diags) const {
  // The plan cache's plan: timed beside the candidates when tuning,
  // compiled where the command line gives no plan option.
  if (anyPlanOption(Opts.Request) || Opts.Naive)
    return std::nullopt;
  std::string Note;
  if (const PlanCacheEntry *E = Cached.lookup(
          Fingerprint, Shape, elementTypeName(SA.Element), Note, Origin)) {
    if (!Note.empty() && !localNvccVersion().empty() && !Opts.Tuning)
      Diags.warning(P.ScopLoc, Note + "; using it (re-tune with this nvcc "
                                      "to replace it)");
    return E->Flags;
  }
  if (!Note.empty() && !Opts.Tuning)
    Diags.warning(P.ScopLoc, Note + "; compiling the default plan");
  return std::nullopt;
}

bool RegionDriver::fillStageTuningRegion(
    const StencilProgram &P, const StageAnalysis &SA,
    const std::optional<std::string> &CachedFlags, TuningRegion &TR,
    DiagnosticSink &Diags) const {
  TR.Element = SA.Element;
  TR.TimedSize = Opts.TuneSize ? int64_t(Opts.TuneSize)
                               : benchmarkExtents(SA.NumDims).front();
  // --tune-ingest needs only the fingerprints and plans.
  if (Opts.Ingest)
    return true;
  TR.StageCandidates = stageTuningCandidates(P, SA, CachedFlags);
  if (Opts.KeptRoles.empty())
    return true;
  llvm::erase_if(TR.StageCandidates, [&](const StageTuningCandidate &C) {
    return !Opts.KeptRoles.count(C.Role);
  });
  if (!TR.StageCandidates.empty())
    return true;
  Diags.error(P.ScopLoc, "cannot tune this region: none of its candidates "
                         "(default, sweeps, tile, naive, cached) has a role "
                         "--tune-roles names");
  return false;
}

//===----------------------------------------------------------------------===//
// Single-update regions
//===----------------------------------------------------------------------===//

void RegionDriver::handleTuningRegion(StencilProgram &P, StencilAnalysis &A,
                                      bool IsPingPong, DiagnosticSink &Diags) {
  std::string Why = !IsPingPong ? selfCheckObstacle(P)
                    : P.LevelsRotated
                        ? "its time step swaps pointers; tune its single-array "
                          "'t%2' twin, whose tuned plan it shares"
                        : "it is a ping-pong; tune its single-array "
                          "'t%2' twin, whose tuned plan it shares";
  if (!Why.empty()) {
    Diags.error(P.TimeLoop.Loc, "cannot tune this region: " + Why);
    return;
  }
  std::string Error;
  std::optional<TemporalBlockingPlan> Plan =
      makePlan(P, A, Opts.Request, Error);
  if (!Plan) {
    Diags.error(P.ScopLoc, "invalid plan for this region: " + Error);
    return;
  }
  TuningRegion TR;
  TR.Element = A.Element;
  TR.Fingerprint = stencilFingerprint(P, A);
  TR.Shape = stencilShapeKey(P, A);
  TR.Family = stencilShapeFamily(P, A);
  TR.Operations = stencilOperationMix(P, A);
  TR.TimedSize = Opts.TuneSize ? int64_t(Opts.TuneSize)
                               : benchmarkExtents(A.NumDims).front();
  // --tune-ingest needs only the fingerprints and plans.
  if (!Opts.Ingest) {
    // The plan cache's plan for the region is timed beside the
    // candidates (a naive one is among them already).
    std::optional<PlanRequest> CachedRequest;
    std::string Note;
    std::string Origin;
    if (const PlanCacheEntry *E =
            Cached.lookup(TR.Fingerprint, TR.Shape, elementTypeName(A.Element),
                          Note, Origin)) {
      PlanRequest R;
      bool CachedNaive = false;
      if (parsePlanFlags(E->Flags, R, CachedNaive, Error) && !CachedNaive)
        CachedRequest = R;
    }
    std::vector<int64_t> Extents(A.NumDims, TR.TimedSize);
    TR.Candidates =
        tuningCandidates(P, A, modelInput(P, A, Extents), *Opts.Gpu,
                         Opts.TuneTop, Opts.TuneVariants, CachedRequest);
    if (!Opts.KeptRoles.empty()) {
      TR.Candidates =
          keepCandidateRoles(std::move(TR.Candidates), Opts.KeptRoles);
      if (TR.Candidates.empty()) {
        std::string Names;
        for (const std::string &N : Opts.RoleNames)
          Names += (Names.empty() ? "" : ",") + N;
        Diags.error(P.ScopLoc, "cannot tune this region: it has no "
                               "candidate of --tune-roles=" +
                                   Names);
        return;
      }
    }
  }
  Out.Programs.push_back(std::move(P));
  Out.Analyses.push_back(std::move(A));
  TR.Program = &Out.Programs.back();
  TR.Analysis = &Out.Analyses.back();
  Out.ToEmit.push_back({TR.Program, TR.Analysis, std::move(*Plan), false});
  Out.TuneRegions.push_back(std::move(TR));
}

RegionDriver::PlanChoice RegionDriver::choosePlan(const StencilProgram &P,
                                                  const StencilAnalysis &A,
                                                  DiagnosticSink &Diags) const {
  // The plan cache stands in for plan options the command line lacks.
  PlanChoice C;
  C.Request = Opts.Request;
  // The search may have measured the naive kernel fastest.
  C.Naive = Opts.Naive;
  if (anyPlanOption(Opts.Request) || Opts.Naive)
    return C;
  std::string Note, Origin;
  const PlanCacheEntry *E =
      Cached.lookup(stencilFingerprint(P, A), stencilShapeKey(P, A),
                    elementTypeName(A.Element), Note, Origin);
  PlanRequest FromCache;
  bool CachedNaive = false;
  std::string Error;
  if (E && parsePlanFlags(E->Flags, FromCache, CachedNaive, Error) &&
      makePlan(P, A, FromCache, Error)) {
    C.Request = FromCache;
    C.Naive = CachedNaive;
    C.FromCache = true;
    C.Origin = Origin;
    // Tuned with another nvcc than this machine's: still the best
    // measured, but worth re-tuning.
    if (!Note.empty() && !localNvccVersion().empty())
      Diags.warning(P.ScopLoc, Note + "; using it (re-tune with this "
                                      "nvcc to replace it)");
  } else if (E) {
    Diags.warning(P.ScopLoc, "the plan cache's plan for this region ('" +
                                 E->Flags + "') is invalid here: " + Error +
                                 "; compiling the default plan");
  } else if (!Note.empty()) {
    Diags.warning(P.ScopLoc, Note + "; compiling the default plan");
  } else if (const PlanCacheEntry *N =
                 Cached.nearest(stencilShapeFamily(P, A),
                                stencilOperationMix(P, A),
                                elementTypeName(A.Element), Origin)) {
    // The nearest shape's plan where it is valid here (a partial-sums plan
    // needs a sum of products); the model's otherwise, without a word.
    PlanRequest Near;
    bool NearNaive = false;
    if (parsePlanFlags(N->Flags, Near, NearNaive, Error) &&
        makePlan(P, A, Near, Error)) {
      C.Request = Near;
      C.Naive = NearNaive;
      C.FromCache = true;
      C.Origin = Origin;
    }
  }
  return C;
}

void RegionDriver::reportPlanSearch(const StencilProgram &P,
                                    const StencilAnalysis &A,
                                    const PlanChoice &C,
                                    const std::vector<int64_t> &Extents,
                                    bool FromModel) {
  PlanSearchResult S = searchPlans(P, A, C.Request, anyPlanOption(C.Request),
                                   C.FromCache, Extents, *Opts.Gpu, Opts.Top);
  S.FromModel = FromModel;
  S.Origin = C.Origin;
  S.Requested &= !FromModel;
  S.SelectedNaive = C.Naive;
  S.Requested |= Opts.Naive; // --naive is a plan option too
  S.Mpi = Opts.Mpi;
  if (Opts.JSON) {
    Out.Regions.push_back(planSearchToJSON(P, A, S, Index));
  } else {
    raw_string_ostream OS(Out.Text);
    printPlanSearch(OS, P, A, S, Index);
  }
  ++Index;
}

void RegionDriver::handleSingleUpdate(
    StencilProgram &P, StencilAnalysis &A,
    std::optional<StencilProgram> &PingPongSource, DiagnosticSink &Diags) {
  PlanChoice C = choosePlan(P, A, Diags);
  std::vector<int64_t> Extents =
      Opts.GridExtents.empty() ? benchmarkExtents(A.NumDims) : Opts.GridExtents;
  if (Extents.size() != A.NumDims) {
    Diags.error(P.ScopLoc, "--grid gives " + std::to_string(Extents.size()) +
                               " sizes for a " + std::to_string(A.NumDims) +
                               "D stencil");
    return;
  }
  // No plan option and no cached plan: the model's best plan of the
  // rules' plans at each bT and tile (DefaultPlan.h).
  bool FromModel = false;
  if (!C.FromCache && !C.Naive && !anyPlanOption(C.Request)) {
    DefaultPlanChoice D = modelDefaultPlan(P, A, modelInput(P, A, Extents),
                                           *Opts.Gpu);
    C.Request = D.Request;
    C.Naive = D.Naive;
    FromModel = true;
    if (!D.OneStepWhy.empty())
      C.Origin = "the model: " + D.OneStepWhy;
  }
  if (Opts.PlanOnly) {
    reportPlanSearch(P, A, C, Extents, FromModel);
    return;
  }
  if (Opts.EmitTest) {
    std::string Why = selfCheckObstacle(PingPongSource ? *PingPongSource : P);
    if (!Why.empty()) {
      Diags.error(P.TimeLoop.Loc,
                  "cannot emit a self-check for this region: " + Why);
      return;
    }
  }
  std::string Error;
  std::optional<TemporalBlockingPlan> Plan = makePlan(P, A, C.Request, Error);
  // The naive kernel needs no blocked plan; a region no blocked plan fits
  // (a 3D star of radius 8 in the default tiles) compiles it unless plan
  // options asked for blocking.
  bool RegionNaive = C.Naive;
  std::string NaiveBecause;
  if (!Plan && !RegionNaive && !anyPlanOption(Opts.Request)) {
    NaiveBecause = "no blocked plan fits this region: " + Error;
    Diags.warning(P.ScopLoc, NaiveBecause + "; compiling the naive kernel "
                                            "(one launch per time step)");
    RegionNaive = true;
  }
  if (!Plan && RegionNaive)
    Plan = naivePlan(A);
  if (!Plan) {
    Diags.error(P.ScopLoc, "invalid plan for this region: " + Error);
    return;
  }
  Plan->FastMath = Opts.FastMath;
  // --mpi: the runtime weighs exchanges against this (ExchangeModel.h).
  double CellSeconds = 0;
  if (Opts.Mpi) {
    ModelInput In = modelInput(P, A, Extents);
    double GCells = RegionNaive ? predictNaiveKernel(In, *Opts.Gpu).GCellsPerSecond
                    : Plan->StreamSumRows
                        ? predictStreamSums(In, *Plan, *Opts.Gpu).GCellsPerSecond
                        : predictPlan(In, *Plan, *Opts.Gpu).GCellsPerSecond;
    CellSeconds = GCells > 0 ? 1e-9 / GCells : 0;
  }
  if (Opts.FastMath)
    P.Rhs = lowerForFastMath(std::move(P.Rhs), A.Element);
  Out.Programs.push_back(std::move(P));
  Out.Analyses.push_back(std::move(A));
  const StencilProgram *SingleUpdate = nullptr;
  if (PingPongSource) {
    SingleUpdate = &Out.Programs.back();
    Out.Programs.push_back(std::move(*PingPongSource));
  }
  Out.ToEmit.push_back({&Out.Programs.back(), &Out.Analyses.back(),
                        std::move(*Plan), RegionNaive, SingleUpdate,
                        std::nullopt, NaiveBecause, C.Origin, Opts.Mpi,
                        Opts.MpiLocal, CellSeconds});
}

} // namespace stencilcc
