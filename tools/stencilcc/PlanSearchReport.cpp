//===- stencilcc/PlanSearchReport.cpp -------------------------------------===//
#include "PlanSearchReport.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace stencilcc {

PlanSearchResult searchPlans(const StencilProgram &P, const StencilAnalysis &A,
                             const PlanRequest &Request, bool Requested,
                             bool FromCache,
                             const std::vector<int64_t> &Extents,
                             const GpuParameters &G, unsigned Top) {
  PlanSearchResult S;
  S.Top = Top;
  S.FromCache = FromCache;
  S.Requested = Requested;
  S.Extents = Extents;
  S.Gpu = &G;
  ModelInput In = modelInput(P, A, Extents);
  S.Ranking = rankPlans(P, A, In, G);
  S.Selected = makePlan(P, A, Request, S.SelectedError, G.limits());
  S.OneStepGCells = predictNaiveKernel(In, G).GCellsPerSecond;
  if (S.Selected && S.Selected->StreamSumRows)
    S.OneStepGCells = predictStreamSums(In, *S.Selected, G).GCellsPerSecond;
  // The blocked-plan model describes blocked plans only.
  if (!S.Selected || S.Selected->StreamSumRows)
    return S;
  S.SelectedPrediction = predictPlan(In, *S.Selected, G);
  std::string Selected = modelIdentity(*S.Selected, S.SelectedPrediction);
  unsigned Better = 0;
  for (size_t I = 0; I < S.Ranking.Plans.size(); ++I) {
    const RankedPlan &R = S.Ranking.Plans[I];
    if (modelIdentity(R.Plan, R.Predicted) == Selected) {
      S.SelectedRank = unsigned(I) + 1;
      S.SelectedIsCandidate = true;
      return S;
    }
    Better += R.Predicted.GCellsPerSecond >
              S.SelectedPrediction.GCellsPerSecond;
  }
  S.SelectedRank = Better + 1;
  return S;
}

static std::string sizeText(const std::vector<int64_t> &V) {
  std::string S;
  for (int64_t X : V)
    S += (S.empty() ? "" : "x") + std::to_string(X);
  return S;
}

static std::string occupancyText(const Prediction &Pr, unsigned Threads) {
  return formatv("{0}% ({1}x{2})", unsigned(std::lround(Pr.Occupancy * 100)),
                 Pr.ResidentBlocksPerSM, Threads)
      .str();
}

/// The ranks --plan-only --mpi shows the exchange model at.
static constexpr unsigned kMpiRanksShown[] = {2, 4};

/// The exchange model's choice for the selected kernel over \p Ranks
/// ranks and \p Link (Planner/ExchangeModel.h).
static ExchangePrediction mpiSplit(const StencilAnalysis &A,
                                   const PlanSearchResult &S, unsigned Ranks,
                                   const ExchangeLink &Link) {
  int64_t Plane = 1;
  for (size_t D = 1; D < S.Extents.size(); ++D)
    Plane *= S.Extents[D];
  int64_t Reach = std::max(A.Radius[0].Negative, A.Radius[0].Positive);
  int64_t LaunchSteps =
      S.SelectedNaive || !S.Selected ? 1 : std::max(1u, S.Selected->TemporalDegree);
  double GCells = S.selectedGCells();
  const bool Shrinking = S.SelectedNaive || !S.Selected ||
                         launchesRunPartOfTheirRows(*S.Selected, false);
  return predictExchange(S.Extents[0], Plane, Reach, scalarTypeSize(A.Element),
                         LaunchSteps, GCells > 0 ? 1e-9 / GCells : 0, Ranks,
                         Link, Shrinking);
}

static void printMpiSplit(raw_ostream &OS, const StencilAnalysis &A,
                          const PlanSearchResult &S) {
  OS << "  over MPI ranks (--mpi; Planner/ExchangeModel.h), per time step (exchange: "
        "what its overlap\n  with the interior's kernels does not hide):\n"
     << "  ranks  exchange      slab  steps/exchange  compute us  exchange us"
        "  speedup\n";
  for (const ExchangeLink &Link : {ncclLink(), hostStagedLink()})
    for (unsigned Ranks : kMpiRanksShown) {
      ExchangePrediction E = mpiSplit(A, S, Ranks, Link);
      double Total = E.ComputeSeconds + E.ExchangeSeconds;
      OS << formatv("  {0,5}  {1,-11}  {2,5}  {3,14}  {4,10:F1}  {5,11:F1}"
                    "  {6,6:F2}x\n",
                    Ranks, Link.Name, E.SlabRows, E.StepsPerExchange,
                    E.ComputeSeconds * 1e6, E.ExchangeSeconds * 1e6,
                    Total > 0 ? E.OneRankSeconds / Total : 0.0);
    }
}

void printPlanSearch(raw_ostream &OS, const StencilProgram &P,
                     const StencilAnalysis &A, const PlanSearchResult &S,
                     unsigned Index) {
  OS << formatv("region {0}: function '{1}', line {2}: {3}D {4} stencil, "
                "radius {5}, {6}; grid {7}; GPU {8} ({9})\n",
                Index, P.FunctionName, P.ScopLoc.Line, A.NumDims,
                stencilShapeName(A.Shape), A.MaxRadius,
                elementTypeName(A.Element), sizeText(S.Extents), S.Gpu->Key,
                S.Gpu->Name);
  const PlanRanking &R = S.Ranking;
  OS << formatv("  {0} candidates ranked of {1} tried ({2} rejected by the "
                "planner, {3} predicted to spill or not to fit)\n",
                R.Plans.size(), R.Tried, R.Rejected, R.Infeasible);
  OS << "  rank  GCells/s   GFLOP/s  bound    occupancy     plan\n";
  auto Row = [&](const std::string &Rank, const TemporalBlockingPlan &Plan,
                 const Prediction &Pr, const std::string &Mark) {
    OS << formatv("  {0,4}  {1,8:F1}  {2,8:F0}  {3,-7}  {4,-12}  {5}{6}\n",
                  Rank, Pr.GCellsPerSecond, Pr.GFlopsPerSecond,
                  bottleneckName(Pr.Bound),
                  occupancyText(Pr, Plan.threadsPerBlock()), planFlags(Plan),
                  Mark);
  };
  std::string Which = S.FromCache   ? "cached"
                      : S.Requested ? "requested"
                                    : "default";
  bool MarkSelected = S.SelectedIsCandidate && S.selectedModelled();
  for (size_t I = 0; I < R.Plans.size() && I < S.Top; ++I)
    Row(std::to_string(I + 1), R.Plans[I].Plan, R.Plans[I].Predicted,
        MarkSelected && S.SelectedRank == I + 1 ? "  <- " + Which : "");
  if (!S.selectedModelled()) {
    OS << "  " << Which << " plan: "
       << (S.SelectedNaive ? std::string(naivePlanSummary())
                           : S.Selected->summary())
       << (S.FromCache ? "; measured fastest" : "") << "; "
       << llvm::format("%.1f", S.OneStepGCells)
       << " GCells/s by the one-step model";
  } else {
    if (!S.Selected) {
      OS << "  " << Which << " plan: invalid (" << S.SelectedError << ")\n";
      return;
    }
    if (!S.SelectedIsCandidate || S.SelectedRank > S.Top)
      Row(std::to_string(S.SelectedRank), *S.Selected, S.SelectedPrediction,
          "  <- " + Which +
              (S.SelectedIsCandidate ? "" : " (not in the search space)"));
    OS << "  " << Which << " plan: rank " << S.SelectedRank << ", "
       << S.Selected->summary();
    if (!S.SelectedPrediction.Feasible)
      OS << "; " << S.SelectedPrediction.Why;
  }
  OS << "\n  (stencilcc compiles the " << Which << " plan, chosen by "
     << S.chosenBy() << ")\n";
  if (S.Mpi)
    printMpiSplit(OS, A, S);
}

static json::Object predictionToJSON(const TemporalBlockingPlan &Plan,
                              const Prediction &Pr) {
  return json::Object{
      {"flags", planFlags(Plan)},
      {"summary", Plan.summary()},
      {"feasible", Pr.Feasible},
      {"gcells_per_s", Pr.GCellsPerSecond},
      {"gflop_per_s", Pr.GFlopsPerSecond},
      {"bottleneck", bottleneckName(Pr.Bound)},
      {"time_ns_per_cell",
       json::Object{{"compute", Pr.TimeCompute * 1e9},
                    {"shared", Pr.TimeShared * 1e9},
                    {"global", Pr.TimeGlobal * 1e9}}},
      {"global_bytes_per_cell", Pr.GlobalBytes},
      {"shared_bytes_per_cell", Pr.SharedBytes},
      {"instructions_per_cell", Pr.Instructions},
      {"barriers_per_column", Pr.BarriersPerColumn},
      {"redundancy", Pr.Redundancy},
      {"threads",
       json::Object{{"per_block", int64_t(Pr.ThreadsPerBlock)},
                    {"valid_per_block", int64_t(Pr.ValidThreadsPerBlock)},
                    {"halo_per_block", int64_t(Pr.HaloThreadsPerBlock)},
                    {"out_of_bound_fraction", Pr.OutOfBoundFraction}}},
      {"blocks", int64_t(Pr.Blocks)},
      {"registers_per_thread", int64_t(Pr.RegistersPerThread)},
      {"shared_bytes_per_block", int64_t(Pr.SharedBytesPerBlock)},
      {"resident_blocks_per_sm", int64_t(Pr.ResidentBlocksPerSM)},
      {"occupancy", Pr.Occupancy},
      {"sm_efficiency", Pr.SMEfficiency},
      {"latency_hiding", Pr.LatencyHiding},
      {"barrier_overlap", Pr.BarrierOverlap}};
}

json::Object planSearchToJSON(const StencilProgram &P,
                              const StencilAnalysis &A,
                              const PlanSearchResult &S, unsigned Index) {
  json::Array Plans;
  for (size_t I = 0; I < S.Ranking.Plans.size() && I < S.Top; ++I) {
    json::Object O = predictionToJSON(S.Ranking.Plans[I].Plan,
                                      S.Ranking.Plans[I].Predicted);
    O["rank"] = int64_t(I + 1);
    Plans.push_back(std::move(O));
  }
  json::Array Extents;
  for (int64_t X : S.Extents)
    Extents.push_back(X);
  json::Object R{{"index", int64_t(Index)},
                 {"function", P.FunctionName},
                 {"line", int64_t(P.ScopLoc.Line)},
                 {"dimensions", int64_t(A.NumDims)},
                 {"element", elementTypeName(A.Element)},
                 {"grid", std::move(Extents)},
                 {"candidates_tried", int64_t(S.Ranking.Tried)},
                 {"candidates_rejected", int64_t(S.Ranking.Rejected)},
                 {"candidates_infeasible", int64_t(S.Ranking.Infeasible)},
                 {"candidates_ranked", int64_t(S.Ranking.Plans.size())},
                 {"plans", std::move(Plans)}};
  if (S.SelectedNaive) {
    R["default"] = json::Object{{"flags", "--naive"},
                                {"summary", naivePlanSummary()},
                                {"naive", true},
                                {"one_step_gcells_per_s", S.OneStepGCells},
                                {"chosen_by", S.chosenBy()}};
  } else if (S.Selected && S.Selected->StreamSumRows) {
    R["default"] = json::Object{
        {"flags", planFlags(*S.Selected)},
        {"summary", S.Selected->summary()},
        {"stream_sums", int64_t(S.Selected->StreamSumRows)},
        {"one_step_gcells_per_s", S.OneStepGCells},
        {"chosen_by", S.chosenBy()}};
  } else if (S.Selected) {
    json::Object D = predictionToJSON(*S.Selected, S.SelectedPrediction);
    D["rank"] = int64_t(S.SelectedRank);
    D["in_search_space"] = S.SelectedIsCandidate;
    D["chosen_by"] = S.chosenBy();
    R["default"] = std::move(D);
  } else {
    R["default"] = json::Object{{"error", S.SelectedError}};
  }
  if (S.Mpi) {
    json::Array Splits;
    for (const ExchangeLink &Link : {ncclLink(), hostStagedLink()})
      for (unsigned Ranks : kMpiRanksShown) {
        ExchangePrediction E = mpiSplit(A, S, Ranks, Link);
        Splits.push_back(json::Object{
            {"ranks", int64_t(Ranks)},
            {"exchange", Link.Name},
            {"slab_rows", E.SlabRows},
            {"steps_per_exchange", E.StepsPerExchange},
            {"ghost_rows", E.GhostRows},
            {"compute_us_per_step", E.ComputeSeconds * 1e6},
            {"exchange_us_per_step", E.ExchangeSeconds * 1e6},
            {"one_rank_us_per_step", E.OneRankSeconds * 1e6}});
      }
    R["mpi"] = std::move(Splits);
  }
  return R;
}

json::Object gpuToJSON(const GpuParameters &G) {
  return json::Object{
      {"key", G.Key},
      {"name", G.Name},
      {"sms", int64_t(G.SMs)},
      {"clock_ghz", G.ClockGHz},
      {"fp32_gflop_per_s", G.fp32Gflops()},
      {"fp64_gflop_per_s", G.fp64Gflops()},
      {"shared_gb_per_s", G.sharedGBs()},
      {"global_gb_per_s", G.GlobalGBs},
      {"global_measured", G.GlobalMeasured},
      {"global_datasheet_gb_per_s", G.DatasheetGlobalGBs}};
}

} // namespace stencilcc
