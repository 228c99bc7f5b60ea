//===- Analysis/StageAnalysis.cpp - Facts about a stage-form region -------===//
//
// The order of the checks matters: the isl model assumes the IR invariants
// checkStructure verifies, and the dataflow of StageLegality.cpp is only
// meaningful once every access is known to stay inside its array and to be
// defined at every iteration (an access relation missing iterations would
// hide dependences). isl errors never escape: they become diagnostics.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/StageAnalysis.h"
#include "StageModel.h"
#include "stencilcc/Analysis/IslModel.h"

#include <algorithm>
#include <map>

namespace stencilcc {

using stage::StageModel;

namespace {

const char *const BoundsNote =
    "loop bounds and subscripts must keep every access within the declared "
    "extents";

const char *const FlatBoundsNote =
    "the array is indexed flat, and stencilcc reads its subscripts as one "
    "per dimension of these extents: that is what C computes only while "
    "each stays inside its extent, not past the end of a row";

/// `A[n][n]`, `U[3][n]`, `W[T + 1][n]`: the array as declared, for notes.
std::string declaredShape(const StencilArray &A) {
  std::string S = A.Name;
  if (A.Levels > 0)
    S += "[" + std::to_string(A.Levels) + "]";
  else if (A.Role == ArrayRole::TimeIndexed)
    S += "[" +
         (!A.TimeExtentSpelling.empty() ? A.TimeExtentSpelling
          : A.TimeExtentExpr            ? A.TimeExtentExpr->str()
          : A.TimeExtent                ? std::to_string(*A.TimeExtent)
                                        : std::string()) +
         "]";
  for (size_t D = 0; D < A.Extents.size(); ++D)
    S += "[" +
         (D < A.ExtentSpellings.size() && !A.ExtentSpellings[D].empty()
              ? A.ExtentSpellings[D]
              : A.Extents[D].str()) +
         "]";
  return S;
}

std::string cellText(const std::string &Name, const std::vector<int64_t> &V) {
  std::string S = Name;
  for (int64_t X : V)
    S += "[" + std::to_string(X) + "]";
  return S;
}

bool hasRemainder(const IndexExpr &E) {
  if (E.K == IndexExpr::Kind::Mod)
    return true;
  return std::any_of(E.Operands.begin(), E.Operands.end(), hasRemainder);
}

void widen(DimensionRadius &R, const DimensionRadius &By) {
  R.Negative = std::max(R.Negative, By.Negative);
  R.Positive = std::max(R.Positive, By.Positive);
}

class StageAnalyzer {
public:
  StageAnalyzer(const StencilProgram &P, DiagnosticSink &Diags)
      : P(P), Diags(Diags) {}

  std::optional<StageAnalysis> run();

private:
  void error(SourceRef Loc, SourceRef Fallback, std::string Message,
             std::string Note = {}) {
    Diags.error(Loc.isValid()        ? Loc
                : Fallback.isValid() ? Fallback
                                     : P.ScopLoc,
                std::move(Message), std::move(Note));
    ++Errors;
  }

  bool checkStructure();
  void checkStage(unsigned S);
  void checkRead(unsigned S, const Expr &Read);
  void widestElementType();
  void checkBounds(const StageModel &M);
  void checkAccess(const StageModel &M, unsigned S, const isl::map &Access,
                   unsigned ArrayId, SourceRef Loc, const char *Verb,
                   const std::string &Text);
  void initFacts(const StageModel &M);
  void accessRadius(const StageModel &M, unsigned S, unsigned K);
  void summarize();

  const StencilProgram &P;
  DiagnosticSink &Diags;
  unsigned Errors = 0;
  StageAnalysis A;
  /// Accesses outside their array for some parameter values (the errors
  /// they would be) and those values: decided once every access is seen.
  struct OutsideAccess {
    SourceRef Loc, Fallback;
    std::string Message, Note;
  };
  std::vector<OutsideAccess> Outside;
  /// The sizes those accesses leave their arrays at, while checkBounds
  /// runs (no isl object may outlive the context run() frees).
  std::optional<isl::set> *OutsideParams = nullptr;
  bool LeadOutside = false;
};

/// The IR invariants the isl model relies on. The frontend guarantees
/// them; hand-built or future IR might not, and must not crash us.
bool StageAnalyzer::checkStructure() {
  A.NumDims = P.gridRank();
  if (!P.isStageForm() || A.NumDims == 0) {
    error(P.ScopLoc, {}, "region has no stage with a spatial loop");
    return false;
  }
  for (const StencilArray &Arr : P.Arrays) {
    if (Arr.Levels < 0)
      error(Arr.Loc, {}, "array '" + Arr.Name + "' has a negative level count");
    if (Arr.Extents.size() > A.NumDims)
      error(Arr.Loc, {},
            "array '" + Arr.Name + "' has " +
                std::to_string(Arr.Extents.size()) +
                " spatial dimensions but the grid has " +
                std::to_string(A.NumDims));
  }
  if (Errors)
    return false;
  for (unsigned S = 0; S < P.Stages.size(); ++S)
    checkStage(S);
  return Errors == 0;
}

void StageAnalyzer::checkStage(unsigned S) {
  const Stage &St = P.Stages[S];
  if (St.ArrayId >= P.Arrays.size() || !St.Rhs) {
    error(St.Loc, {}, "statement has no written array or right-hand side");
    return;
  }
  const StencilArray &Arr = P.Arrays[St.ArrayId];
  if (Arr.Role != ArrayRole::State)
    error(St.Loc, {},
          "statement writes '" + Arr.Name + "', which is not a state array");
  if (Arr.Extents.size() != A.NumDims)
    error(St.Loc, {},
          "statement writes '" + Arr.Name + "' of " +
              std::to_string(Arr.Extents.size()) +
              " dimensions; written arrays must have the grid's " +
              std::to_string(A.NumDims));
  if (St.WriteIndex.size() != Arr.Extents.size() ||
      St.WriteLoop.size() != Arr.Extents.size())
    error(St.Loc, {},
          "write to '" + Arr.Name +
              "' has the wrong number of "
              "subscripts");
  for (unsigned D = 0; D < St.WriteIndex.size(); ++D) {
    int L = D < St.WriteLoop.size() ? St.WriteLoop[D] : -1;
    bool AtLoop = L >= 0 && L < int(St.Loops.size()) &&
                  St.WriteIndex[D].offsetFrom(St.Loops[L].Var) == 0;
    bool Slice = L == -1 && St.WriteIndex[D].isAffine();
    if (!AtLoop && !Slice)
      error(St.Loc, {},
            "write to '" + Arr.Name +
                "' is not at the loop point in "
                "dimension " +
                std::to_string(D));
  }
  St.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      checkRead(S, E);
  });
}

void StageAnalyzer::checkRead(unsigned S, const Expr &Read) {
  const ArrayAccess &Acc = Read.Access;
  SourceRef Fallback = P.Stages[S].Loc;
  if (Acc.ArrayId < 0 || unsigned(Acc.ArrayId) >= P.Arrays.size()) {
    error(Read.Loc, Fallback, "read of an unknown array");
    return;
  }
  const StencilArray &Arr = P.Arrays[Acc.ArrayId];
  if (Acc.Index.size() != Arr.Extents.size())
    error(Read.Loc, Fallback,
          "read of '" + Arr.Name + "' has " + std::to_string(Acc.Index.size()) +
              " spatial subscripts, expected " +
              std::to_string(Arr.Extents.size()));
}

/// The widest element type of the state arrays: the model's bytes per cell
/// (each buffer, ring and window has its own array's type).
void StageAnalyzer::widestElementType() {
  bool First = true;
  for (const StencilArray &Arr : P.Arrays) {
    if (Arr.Role != ArrayRole::State)
      continue;
    if (First || elementTypeSize(Arr.Element) > elementTypeSize(A.Element))
      A.Element = Arr.Element;
    First = false;
  }
}

/// Each access must be defined at every iteration (the subscript pieces
/// cover the domain) and stay inside its array.
void StageAnalyzer::checkAccess(const StageModel &M, unsigned S,
                                const isl::map &Access, unsigned ArrayId,
                                SourceRef Loc, const char *Verb,
                                const std::string &Text) {
  const StencilArray &Arr = P.Arrays[ArrayId];
  SourceRef Fallback = P.Stages[S].Loc;
  isl::set Uncovered = M.domain(S).subtract(Access.domain());
  if (!Uncovered.is_empty()) {
    isl::map At = isl::manage(isl_map_from_domain(Uncovered.copy()));
    error(Loc, Fallback,
          std::string("cannot follow the subscripts of ") + Verb + " '" + Text +
              "' at every iteration",
          M.describeSample(At, S,
                           [](const std::string &Params,
                              const std::string &Iteration,
                              const std::vector<int64_t> &) {
                             return "not at iteration (" + Iteration + ")" +
                                    (Params.empty() ? "" : " with " + Params) +
                                    "; a remainder is understood while its "
                                    "dividend stays within twice its divisor";
                           }));
    return;
  }
  isl::map Outside = isl::manage(
      isl_map_subtract_range(Access.copy(), M.extent(ArrayId).copy()));
  if (Outside.is_empty())
    return;
  isl::set Sizes = Outside.range().params();
  std::optional<isl::set> &Params = *OutsideParams;
  Params = Params ? Params->unite(Sizes) : Sizes;
  // Only spatial extents may be assumed: a level or time row outside the
  // declared ones is the code's error whatever the sizes.
  if (Arr.hasLeadingTimeSubscript() &&
      !Access.range().is_subset(
          isl::manage(isl_set_drop_constraints_not_involving_dims(
              M.extent(ArrayId).copy(), isl_dim_set, 0, 1))))
    LeadOutside = true;
  std::string Shape = declaredShape(Arr);
  std::string Note = M.describeSample(
      Outside, S,
      [&](const std::string &Params, const std::string &Iteration,
          const std::vector<int64_t> &Cell) {
        return "for example" + (Params.empty() ? "" : " with " + Params) +
               ", iteration (" + Iteration + ") accesses " +
               cellText(Arr.Name, Cell) + ", outside " + Shape + "; " +
               (Arr.Flattened ? FlatBoundsNote : BoundsNote);
      });
  this->Outside.push_back({Loc, Fallback,
                           std::string(Verb) + " of '" + Arr.Name +
                               "' leaves the array: " + Text +
                               " may fall outside " + Shape,
                           Note});
}

void StageAnalyzer::checkBounds(const StageModel &M) {
  std::optional<isl::set> Params;
  OutsideParams = &Params;
  for (unsigned S = 0; S < M.numStages(); ++S) {
    const Stage &St = P.Stages[S];
    ArrayAccess W;
    W.ArrayId = St.ArrayId;
    W.TimeShift = St.WriteShift;
    W.Index = St.WriteIndex;
    checkAccess(M, S, M.write(S), St.ArrayId, St.Loc, "write",
                P.stageAccessText(W));
    for (unsigned K = 0; K < M.readNodes(S).size(); ++K) {
      const Expr &R = *M.readNodes(S)[K];
      checkAccess(M, S, M.read(S, K), R.Access.ArrayId, R.Loc, "read",
                  P.stageAccessText(R.Access));
    }
  }
  OutsideParams = nullptr;
  if (Outside.empty())
    return;
  // Outside for some sizes only (PolyBench's `A[N][N]` swept to a run-time
  // `n`): compiled under the assumption the C code itself needs, which the
  // host code checks (Emitter/StageBounds.h). Outside whenever a stage
  // runs: errors.
  isl::set Runs = M.domain(0).params();
  for (unsigned S = 1; S < M.numStages(); ++S)
    Runs = Runs.unite(M.domain(S).params());
  if (!LeadOutside && !Runs.subtract(*Params).is_empty()) {
    A.BoundsAssumed = true;
    A.BoundsAssumption = parameterConditionText(Params->complement());
    Diags.warning(P.ScopLoc,
                  "the region's accesses stay inside its arrays only for "
                  "some sizes: " + A.BoundsAssumption,
                  "the generated code checks this before it runs the region "
                  "and stops with a message where it fails");
    return;
  }
  for (const OutsideAccess &O : Outside)
    error(O.Loc, O.Fallback, O.Message, O.Note);
}

/// Radii start at zero, named after the loop the stage runs along each
/// grid dimension (empty for a fixed slice).
void StageAnalyzer::initFacts(const StageModel &M) {
  for (unsigned S = 0; S < M.numStages(); ++S) {
    const Stage &St = P.Stages[S];
    StageFacts F;
    F.ArrayId = St.ArrayId;
    F.Rank = St.Loops.size();
    F.Flops = countFlops(*St.Rhs);
    F.Domain = stage::islText(M.domain(S));
    for (unsigned G = 0; G < A.NumDims; ++G) {
      DimensionRadius R;
      if (St.WriteLoop[G] >= 0)
        R.LoopVar = St.Loops[St.WriteLoop[G]].Var;
      else
        F.Boundary = true;
      F.Radius.push_back(R);
    }
    F.Boundary = F.Boundary || F.Rank < A.NumDims;
    for (const Expr *E : M.readNodes(S)) {
      StageAccessFacts AF;
      AF.ArrayId = E->Access.ArrayId;
      AF.Radius = F.Radius;
      F.Accesses.push_back(AF);
    }
    A.Stages.push_back(std::move(F));
  }
}

/// Per subscript piece, the offsets from the written cell: a piece whose
/// offsets have no constant bound (a wrap to the far side, a fixed row)
/// makes the read unbounded instead of giving a grid-sized radius.
void StageAnalyzer::accessRadius(const StageModel &M, unsigned S, unsigned K) {
  const ArrayAccess &Acc = M.readNodes(S)[K]->Access;
  StageAccessFacts &F = A.Stages[S].Accesses[K];
  for (unsigned D = 0; D < Acc.Index.size(); ++D) {
    int G = stage::gridDimOfRead(P, P.Stages[S], Acc, D);
    if (G < 0)
      continue;
    for (const isl::set &Offsets : M.offsetPieces(S, K, D, G)) {
      if (Offsets.is_empty())
        continue;
      isl::val Min = Offsets.dim_min_val(0), Max = Offsets.dim_max_val(0);
      if (!Min.is_int() || !Max.is_int()) {
        F.Bounded = false;
        F.Wraps = F.Wraps || hasRemainder(Acc.Index[D]);
        continue;
      }
      widen(F.Radius[G], {"", std::max<int64_t>(0, -Min.get_num_si()),
                          std::max<int64_t>(0, Max.get_num_si())});
    }
  }
}

/// Per-array reads, stage radii, and the per-step totals.
void StageAnalyzer::summarize() {
  for (unsigned G = 0; G < A.NumDims; ++G) {
    DimensionRadius Halo;
    for (const StageFacts &F : A.Stages)
      if (Halo.LoopVar.empty())
        Halo.LoopVar = F.Radius[G].LoopVar;
    A.HaloPerStep.push_back(Halo);
  }
  for (StageFacts &F : A.Stages) {
    std::map<unsigned, StageReadRadius> ByArray;
    for (const StageAccessFacts &AF : F.Accesses) {
      auto [It, New] = ByArray.try_emplace(AF.ArrayId);
      StageReadRadius &R = It->second;
      if (New) {
        R.ArrayId = AF.ArrayId;
        for (const DimensionRadius &D : F.Radius)
          R.Radius.push_back({D.LoopVar, 0, 0});
      }
      R.Bounded = R.Bounded && AF.Bounded;
      for (unsigned G = 0; G < A.NumDims; ++G)
        widen(R.Radius[G], AF.Radius[G]);
      A.Periodic = A.Periodic || AF.Wraps;
      if (P.Arrays[AF.ArrayId].Role != ArrayRole::State)
        continue;
      A.Bounded = A.Bounded && AF.Bounded;
      for (unsigned G = 0; G < A.NumDims; ++G)
        widen(F.Radius[G], AF.Radius[G]);
    }
    for (auto &Entry : ByArray)
      F.Reads.push_back(std::move(Entry.second));
    for (unsigned G = 0; G < A.NumDims; ++G) {
      A.HaloPerStep[G].Negative += F.Radius[G].Negative;
      A.HaloPerStep[G].Positive += F.Radius[G].Positive;
    }
    if (!F.Boundary)
      A.FlopsPerStep += F.Flops.total();
  }
}

std::optional<StageAnalysis> StageAnalyzer::run() {
  if (!checkStructure())
    return std::nullopt;
  widestElementType();
  stage::IslContext Ctx;
  try {
    StageModel M(Ctx.get(), P);
    checkBounds(M);
    if (Errors)
      return std::nullopt;
    initFacts(M);
    Errors += stage::checkSweeps(M, A, Diags);
    for (unsigned S = 0; S < M.numStages(); ++S)
      for (unsigned K = 0; K < M.readNodes(S).size(); ++K)
        accessRadius(M, S, K);
    summarize();
  } catch (const std::exception &E) {
    error(P.ScopLoc, {},
          std::string("polyhedral analysis of the region failed: ") + E.what());
  }
  if (Errors)
    return std::nullopt;
  return A;
}

} // namespace

std::optional<StageAnalysis> analyzeStages(const StencilProgram &P,
                                           DiagnosticSink &Diags) {
  return StageAnalyzer(P, Diags).run();
}

} // namespace stencilcc
