//===- Planner/StageTuningCandidates.cpp - --tune for stage regions ------===//
#include "stencilcc/Planner/StageTuningCandidates.h"

#include "stencilcc/Planner/PlanFlags.h"

#include <set>

namespace stencilcc {

std::string stagePlanFlags(const StagePlan &Plan) {
  std::string F = "--bt=" + std::to_string(Plan.sweeps()) + " --bs=";
  unsigned First = Plan.streams() ? 1 : 0;
  for (unsigned D = First; D < Plan.NumDims; ++D)
    F += (D > First ? "x" : "") + std::to_string(Plan.Tile[D]);
  if (Plan.streams())
    F += " --sl=" + std::to_string(Plan.Tile[0]);
  return F;
}

StagePlanRequest stagePlanRequest(const PlanRequest &R, unsigned Rank) {
  StagePlanRequest SR;
  SR.Sweeps = R.TemporalDegree.value_or(0);
  if (R.BlockSizes.empty() && !R.StreamLength)
    return SR;
  SR.Tile.assign(Rank, 0);
  unsigned Cross = Rank >= 2 ? 1 : 0;
  for (size_t K = 0; K < R.BlockSizes.size() && Cross + K < Rank; ++K)
    SR.Tile[Cross + K] = R.BlockSizes[K];
  if (Cross && R.StreamLength)
    SR.Tile[0] = *R.StreamLength;
  return SR;
}

bool hasNonStagePlanOptions(const PlanRequest &R) {
  return R.SharedSlots || R.Exchange || R.ReuseDegree || R.Variant ||
         R.Prefetch || R.BlocksPerSM || R.MaxRegisters || R.StreamSumRows ||
         R.AsyncCopy || R.InteriorLoop || R.WarpCells || R.RowsPerThread ||
         R.Order || R.OffsetBits || R.PredicatedStore || R.StagedExchange;
}

namespace {

class CandidateList {
public:
  CandidateList(const StencilProgram &P, const StageAnalysis &A)
      : P(P), A(A) {}

  /// Adds the plan \p R makes, as the plan its own flags rebuild.
  const StagePlan *add(CandidateRole Role, const StagePlanRequest &R) {
    std::string Why;
    std::optional<StagePlan> First = makeStagePlan(P, A, R, Why);
    if (!First)
      return nullptr;
    return addFlags(Role, stagePlanFlags(*First));
  }

  const StagePlan *addFlags(CandidateRole Role, const std::string &F) {
    PlanRequest Options;
    bool Naive = false;
    std::string Error;
    if (!parsePlanFlags(F, Options, Naive, Error) ||
        hasNonStagePlanOptions(Options))
      return nullptr;
    if (Naive) {
      addNaive(Role);
      return nullptr;
    }
    std::optional<StagePlan> Plan =
        makeStagePlan(P, A, stagePlanRequest(Options, A.NumDims), Error);
    if (!Plan)
      return nullptr;
    std::string Flags = stagePlanFlags(*Plan);
    if (!Seen.insert(Flags).second)
      return nullptr;
    StageTuningCandidate C;
    C.Role = Role;
    C.Flags = Flags;
    C.Plan = std::move(Plan);
    List.push_back(std::move(C));
    return &*List.back().Plan;
  }

  void addNaive(CandidateRole Role) {
    if (!Seen.insert("--naive").second)
      return;
    StageTuningCandidate C;
    C.Role = Role;
    C.Naive = true;
    C.Flags = "--naive";
    List.push_back(std::move(C));
  }

  std::vector<StageTuningCandidate> take() { return std::move(List); }

private:
  const StencilProgram &P;
  const StageAnalysis &A;
  std::vector<StageTuningCandidate> List;
  std::set<std::string> Seen;
};

} // namespace

std::vector<StageTuningCandidate>
stageTuningCandidates(const StencilProgram &P, const StageAnalysis &A,
                      const std::optional<std::string> &CachedFlags) {
  CandidateList L(P, A);
  std::optional<StagePlan> D;
  if (const StagePlan *Default = L.add(CandidateRole::Default, StagePlanRequest()))
    D = *Default; // a copy: the list may move it
  // Where the default keeps the naive kernels (blocking does not pay by
  // the model), the blocked plans are still worth a timing.
  unsigned S = P.Stages.size();
  for (unsigned Sweeps = S; Sweeps <= std::max(12u, S); Sweeps += S)
    if (!D || Sweeps != D->sweeps()) {
      StagePlanRequest R;
      R.Sweeps = Sweeps;
      L.add(CandidateRole::Sweeps, R);
    }
  if (D) {
    unsigned First = D->streams() ? 1 : 0;
    auto Scaled = [&](double CrossScale, double StreamScale) {
      StagePlanRequest R;
      R.Sweeps = D->sweeps();
      R.Tile = D->Tile;
      for (unsigned Dim = First; Dim < D->NumDims; ++Dim)
        R.Tile[Dim] =
            std::max<int64_t>(1, int64_t(double(D->Tile[Dim]) * CrossScale));
      if (D->streams())
        R.Tile[0] =
            std::max<int64_t>(1, int64_t(double(D->Tile[0]) * StreamScale));
      L.add(CandidateRole::Tile, R);
    };
    Scaled(0.5, 1);
    Scaled(2, 1);
    if (D->streams())
      Scaled(1, 0.5);
  }
  if (CachedFlags)
    L.addFlags(CandidateRole::Cached, *CachedFlags);
  L.addNaive(CandidateRole::Naive);
  return L.take();
}

} // namespace stencilcc
