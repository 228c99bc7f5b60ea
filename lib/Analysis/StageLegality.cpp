//===- Analysis/StageLegality.cpp - Every stage is a data-parallel sweep --===//
//
// SPEC §1: the statements of one time step must run as a sequence of
// data-parallel sweeps. A sweep (one stage at one t) may run its points in
// any order only if no point reads or writes a cell another point of the
// same sweep writes. Three checks, one per way this fails:
//   a. flow: a point reads the value another point of the sweep wrote
//      earlier in C's order (Gauss-Seidel, PolyBench seidel-2d);
//   b. conflict: a point reads a cell another point of the sweep writes,
//      whatever the order (in-place `A[i] = A[i+1]`, reading the level
//      being written at another offset);
//   c. output: two points of the sweep write the same cell.
// (a) is value-based, from isl's dataflow under C's sequential schedule;
// it is reported in preference to (b), which is memory-based and would
// flag the same read with a vaguer message. Reading the cell written at
// the same point (`A[i] = A[i] + ..`) is neither: the read runs first.
// Each stage gets at most one error per kind, at its first offending read,
// whose note names the others.
//
// The same dataflow gives, for every read, the writes whose values it sees
// (stage and step distance) and whether it sees values from before the
// region.
//
//===----------------------------------------------------------------------===//
#include "StageModel.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace stencilcc {
namespace stage {

namespace {

const char *const SweepNote =
    "each statement is a data-parallel sweep: it must read other points as "
    "earlier statements or steps left them (write the result to another "
    "array or time level)";

class SweepChecker {
public:
  SweepChecker(const StageModel &M, StageAnalysis &A, DiagnosticSink &Diags)
      : M(M), P(M.program()), A(A), Diags(Diags) {}

  unsigned run();

private:
  struct ReadFlow {
    unsigned Stage, Read;
    isl::union_map NoSource; ///< read instances with no source
  };
  /// The reads of one stage that break the sweep in one way; the first is
  /// reported, with a pair of points as example, and names the others.
  struct Offenders {
    std::vector<unsigned> Reads;
    isl::map Example; ///< reader -> writer, of the first
    void add(unsigned K, const isl::map &Pair) {
      if (Reads.empty())
        Example = Pair;
      Reads.push_back(K);
    }
  };

  isl::union_flow flowOf(unsigned S, unsigned K) const;
  std::optional<isl::map> sameSweepFlow(unsigned S,
                                        const isl::union_map &Deps) const;
  std::optional<isl::map> sameSweepConflict(unsigned S, unsigned K) const;
  void report(unsigned S, const Offenders &O, const char *Problem,
              const char *Verb);
  void checkOutput(unsigned S);
  void recordSources(unsigned S, unsigned K, const isl::union_map &Deps);
  std::string example(const isl::map &Rel, unsigned S, const char *Verb) const;

  const StageModel &M;
  const StencilProgram &P;
  StageAnalysis &A;
  DiagnosticSink &Diags;
  std::vector<ReadFlow> Flows;
  int64_t MaxDistance = 1;
  unsigned Errors = 0;
};

/// The dataflow of read \p K of stage \p S: every write of the array is a
/// must source (each runs unconditionally), ordered by the schedule.
isl::union_flow SweepChecker::flowOf(unsigned S, unsigned K) const {
  unsigned ArrayId = M.readNodes(S)[K]->Access.ArrayId;
  isl::union_map Sources = isl::union_map::empty(M.ctx());
  isl::union_map Schedule = M.schedule(S);
  for (unsigned W = 0; W < M.numStages(); ++W) {
    if (P.Stages[W].ArrayId != ArrayId)
      continue;
    Sources = Sources.unite(M.write(W));
    if (W != S)
      Schedule = Schedule.unite(M.schedule(W));
  }
  return isl::union_access_info(isl::union_map(M.read(S, K)))
      .set_must_source(Sources)
      .set_schedule_map(Schedule)
      .compute_flow();
}

/// `with n = 4, iteration (t = 0, i = 2) <Verb> iteration (t = 0, i = 1)`
/// for a relation between two points of stage \p S.
std::string SweepChecker::example(const isl::map &Rel, unsigned S,
                                  const char *Verb) const {
  return M.describeSample(
      Rel, S,
      [&](const std::string &Params, const std::string &Iteration,
          const std::vector<int64_t> &Other) {
        std::string Text = "for example";
        if (!Params.empty())
          Text += " with " + Params;
        return Text + ", iteration (" + Iteration + ") " + Verb +
               " iteration (" + M.iterationText(S, Other) + ")";
      });
}

/// (a): the read's flow dependences within its own sweep, as reader ->
/// writer pairs.
std::optional<isl::map>
SweepChecker::sameSweepFlow(unsigned S, const isl::union_map &Deps) const {
  isl::union_map Same = Deps.intersect(M.otherPointsOfSweep(S));
  if (Same.is_empty())
    return std::nullopt;
  // Same relates stage S to itself only: one map.
  isl::map Pair;
  Same.foreach_map([&](isl::map Map) { Pair = Map; });
  return Pair.reverse();
}

/// (b): the read's memory conflicts with the sweep's writes.
std::optional<isl::map> SweepChecker::sameSweepConflict(unsigned S,
                                                        unsigned K) const {
  if (M.readNodes(S)[K]->Access.ArrayId != int(P.Stages[S].ArrayId))
    return std::nullopt; // another array: the sweep does not write it
  isl::map Conflict = M.read(S, K)
                          .apply_range(M.write(S).reverse())
                          .intersect(M.otherPointsOfSweep(S));
  if (Conflict.is_empty())
    return std::nullopt;
  return Conflict;
}

/// One error per stage and kind of violation, at its first offending read:
/// a Gauss-Seidel statement breaks the sweep through most of its reads,
/// and one message naming them all reads better than one per read.
void SweepChecker::report(unsigned S, const Offenders &O, const char *Problem,
                          const char *Verb) {
  if (O.Reads.empty())
    return;
  const Expr *First = M.readNodes(S)[O.Reads[0]];
  std::string Note =
      std::string(SweepNote) + "; " + example(O.Example, S, Verb);
  for (size_t I = 1; I < O.Reads.size(); ++I)
    Note += (I == 1 ? "; so do " : ", ") + std::string("'") +
            P.stageAccessText(M.readNodes(S)[O.Reads[I]]->Access) + "'";
  Diags.error(First->Loc.isValid() ? First->Loc : P.Stages[S].Loc,
              "read '" + P.stageAccessText(First->Access) + "' " + Problem,
              Note);
  ++Errors;
}

/// (c): two points of one sweep writing one cell.
void SweepChecker::checkOutput(unsigned S) {
  isl::map Twice = M.write(S)
                       .apply_range(M.write(S).reverse())
                       .intersect(M.otherPointsOfSweep(S));
  if (Twice.is_empty())
    return;
  const Stage &St = P.Stages[S];
  Diags.error(St.Loc.isValid() ? St.Loc : P.ScopLoc,
              "statement writes the same element of '" +
                  P.Arrays[St.ArrayId].Name + "' from several iterations",
              "each statement must write every cell at most once per time "
              "step; " +
                  example(Twice, S, "writes the same cell as"));
  ++Errors;
}

/// The step distances of \p Deps (into read \p K of stage \p S), per
/// source stage.
void SweepChecker::recordSources(unsigned S, unsigned K,
                                 const isl::union_map &Deps) {
  StageAccessFacts &F = A.Stages[S].Accesses[K];
  for (unsigned W = 0; W < M.numStages(); ++W) {
    isl::union_map From = Deps.intersect_domain(isl::union_set(M.domain(W)));
    if (From.is_empty())
      continue;
    isl::union_set Distances =
        From.apply_domain(M.timeOf(W)).apply_range(M.timeOf(S)).deltas();
    Distances.foreach_set([&](isl::set D) {
      D = D.project_out_all_params();
      isl::val Min = D.dim_min_val(0), Max = D.dim_max_val(0);
      // Each stage writes the same cells every step (a k-level array every
      // k steps), so a read's last writer is at most a few steps back.
      if (!Min.is_int() || !Max.is_int())
        throw std::runtime_error("read '" +
                                 P.stageAccessText(M.readNodes(S)[K]->Access) +
                                 "' sees values from unboundedly many "
                                 "steps back");
      D.foreach_point([&](isl::point Pt) {
        int64_t Dist = Pt.multi_val().at(0).get_num_si();
        F.Sources.push_back({W, Dist});
        MaxDistance = std::max(MaxDistance, Dist);
      });
    });
  }
  std::sort(F.Sources.begin(), F.Sources.end());
  F.Sources.erase(std::unique(F.Sources.begin(), F.Sources.end()),
                  F.Sources.end());
}

unsigned SweepChecker::run() {
  for (unsigned S = 0; S < M.numStages(); ++S) {
    Offenders Flow, Conflict;
    for (unsigned K = 0; K < M.readNodes(S).size(); ++K) {
      unsigned ArrayId = M.readNodes(S)[K]->Access.ArrayId;
      if (P.Arrays[ArrayId].Role != ArrayRole::State)
        continue; // never written: no dependence, no conflict
      isl::union_flow F = flowOf(S, K);
      isl::union_map Deps = F.must_dependence();
      // A flow within the sweep is also a conflict; name it as the former.
      if (std::optional<isl::map> Pair = sameSweepFlow(S, Deps))
        Flow.add(K, *Pair);
      else if (std::optional<isl::map> Pair = sameSweepConflict(S, K))
        Conflict.add(K, *Pair);
      recordSources(S, K, Deps);
      isl::union_map NoSource = F.must_no_source();
      A.Stages[S].Accesses[K].ReadsInitial = !NoSource.is_empty();
      Flows.push_back({S, K, NoSource});
    }
    report(S, Flow, "reads a value this statement writes in the same sweep",
           "reads the value written by");
    report(S, Conflict,
           "reads a cell another point of this statement overwrites in the "
           "same sweep",
           "reads a cell written by");
    checkOutput(S);
  }
  // From step lower + MaxDistance on, every written cell a read sees was
  // written inside the region: what is still unsourced is never written.
  A.WarmUpSteps = MaxDistance;
  for (const ReadFlow &F : Flows)
    A.Stages[F.Stage].Accesses[F.Read].ReadsUnwritten =
        !F.NoSource.intersect_domain(M.fromStep(F.Stage, MaxDistance))
             .is_empty();
  return Errors;
}

} // namespace

unsigned checkSweeps(const StageModel &M, StageAnalysis &A,
                     DiagnosticSink &Diags) {
  return SweepChecker(M, A, Diags).run();
}

} // namespace stage
} // namespace stencilcc
