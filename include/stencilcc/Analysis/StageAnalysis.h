//===- Analysis/StageAnalysis.h - Facts of a stage-form region -*- C++ -*-===//
//
// The analysis of a stage-form region (StencilProgram::Stages; see
// docs/stage-form.md): whether its time step runs as a sequence of
// data-parallel sweeps (SPEC §1), how far each stage reads, how far one
// time step's dependence cone grows, and which earlier write each read
// sees. Every integer-set question is asked of isl; the value each read
// sees comes from isl's value-based dataflow (compute_flow) under the
// sequential schedule of the C code: S_s[t, i..] -> [t, s, i..].
//
// Grid dimensions. Grid dimension d (0 outermost) is the d-th subscript of
// every state array; a stage's loop runs along grid dimension d when the
// stage writes dimension d at that loop's variable (Stage::WriteLoop). An
// offset along grid dimension d is (cell read) - (cell written), both in
// dimension d: for an ordinary stage this is subscript - loop variable.
// A read of an array of lower rank than the grid (`c[i]` in a 2D stage)
// counts along the grid dimension of the loop its subscript follows.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_ANALYSIS_STAGEANALYSIS_H
#define STENCILCC_ANALYSIS_STAGEANALYSIS_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Support/Diagnostic.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// One write a read may see: the value was written by stage Stage, Distance
/// time steps before the read (0: earlier in the same step).
struct StageReadSource {
  unsigned Stage = 0; ///< index into StencilProgram::Stages
  int64_t Distance = 0;
  bool operator==(const StageReadSource &O) const {
    return Stage == O.Stage && Distance == O.Distance;
  }
  bool operator<(const StageReadSource &O) const {
    return Distance != O.Distance ? Distance < O.Distance : Stage < O.Stage;
  }
};

/// One Expr::Access of a stage's right-hand side.
struct StageAccessFacts {
  unsigned ArrayId = 0; ///< StencilProgram::Arrays
  /// Per grid dimension: how far the cells read reach from the cell
  /// written. Dimensions the read does not follow stay 0. For a read that
  /// is not Bounded, only its bounded pieces count (the near neighbour of
  /// a periodic wrap, not the far side).
  std::vector<DimensionRadius> Radius;
  /// False when some subscript piece reaches arbitrarily far from the
  /// written cell (a periodic wrap `(i+1)%n`, a read of a fixed row `A[0][j]`
  /// from every row).
  bool Bounded = true;
  /// Not Bounded because of a remainder subscript: a periodic neighbour.
  bool Wraps = false;
  /// State arrays only: every write whose value some instance of this read
  /// sees (isl's must dependences, over the whole time loop), sorted by
  /// distance then stage. Several sources are normal (a boundary stage
  /// writes row 0, the main stage the rest).
  std::vector<StageReadSource> Sources;
  /// State arrays only: some instance reads a value the region did not
  /// write (the array's content before the region), typically in the first
  /// steps.
  bool ReadsInitial = false;
  /// State arrays only: some instance reads a value the region did not
  /// write even at t >= lower + StageAnalysis::WarmUpSteps, i.e. a cell no
  /// stage writes (a boundary cell): the kernel must keep its initial value.
  bool ReadsUnwritten = false;
};

/// The reads of one array by one stage, merged over its accesses.
struct StageReadRadius {
  unsigned ArrayId = 0;
  /// Per grid dimension: the widest reach of the accesses (see
  /// StageAccessFacts::Radius).
  std::vector<DimensionRadius> Radius;
  bool Bounded = true; ///< every access of the array is Bounded
};

struct StageFacts {
  unsigned ArrayId = 0; ///< the array written
  unsigned Rank = 0;    ///< number of loops of the stage
  /// One entry per Expr::Access of Stage::Rhs, in Expr::walk order (parents
  /// first, operands left to right).
  std::vector<StageAccessFacts> Accesses;
  /// One entry per array read, by increasing ArrayId.
  std::vector<StageReadRadius> Reads;
  /// Per grid dimension: the widest reach over the reads of state arrays
  /// only (read-only and time-indexed arrays never change, so they do not
  /// widen the halo a block recomputes).
  std::vector<DimensionRadius> Radius;
  FlopCount Flops; ///< per cell written, rules of StencilAnalysis.h
  /// Writes a lower-dimensional slice (some WriteLoop is -1, or the stage
  /// has fewer loops than the grid).
  bool Boundary = false;
  std::string Domain; ///< the iteration domain as an isl set
};

struct StageAnalysis {
  unsigned NumDims = 0; ///< grid rank (StencilProgram::gridRank)
  /// The widest element type of the state arrays.
  ElementType Element = ElementType::Float;
  std::vector<StageFacts> Stages; ///< parallel to StencilProgram::Stages
  /// The accesses stay inside their arrays only for some parameter values
  /// (BoundsAssumption, a C condition in isl's names of the parameters):
  /// the host code checks them at run time.
  bool BoundsAssumed = false;
  std::string BoundsAssumption;
  /// Per grid dimension: the sum over stages of the stage radius, i.e. how
  /// far the dependence cone of one time step grows in each direction.
  /// LoopVar is the loop variable of the first stage running along it.
  std::vector<DimensionRadius> HaloPerStep;
  /// FLOPs per grid cell and time step: the sum of the per-cell FLOPs of
  /// the stages that are not Boundary (a slice's cost per cell is
  /// negligible).
  unsigned FlopsPerStep = 0;
  /// Some access wraps around (see StageAccessFacts::Wraps).
  bool Periodic = false;
  /// Every access of a state array is Bounded (HaloPerStep is then the
  /// whole dependence cone).
  bool Bounded = true;
  /// The largest step distance of any dependence (at least 1): from step
  /// lower + WarmUpSteps on, every read of a written cell has its source
  /// inside the region.
  int64_t WarmUpSteps = 1;
};

/// Analyzes the stage-form region \p P (P.isStageForm()). Reports every
/// rejection (malformed IR, an access outside its array, a statement that
/// is not a data-parallel sweep) to \p Diags at the offending read or
/// statement and returns nullopt if there was one.
std::optional<StageAnalysis> analyzeStages(const StencilProgram &P,
                                           DiagnosticSink &Diags);

/// The `--analyze` text of region \p RegionIndex (0-based, source order).
void printStageAnalysis(llvm::raw_ostream &OS, const StencilProgram &P,
                        const StageAnalysis &A, unsigned RegionIndex);

/// The `--analyze --format=json` object of the region (fields documented in
/// docs/analysis-json.md, "Stage-form regions").
llvm::json::Object stageAnalysisToJSON(const StencilProgram &P,
                                       const StageAnalysis &A);

} // namespace stencilcc

#endif
