//===- Analysis/StencilAnalysis.h - What the planner needs to know -*- C++ -*-===//
//
// Derives, from a StencilProgram, every fact the planner and the emitter use:
// legality of temporal blocking, the radius in each direction, the shape and
// its offsets, associativity, FLOPs per cell, the streaming/fastest
// dimensions and the buffer holding the result. Integer-set questions are
// answered by isl (see IslModel.h); the expression facts come from the tree.
//
// Legality is a value-based flow analysis: every value a read sees must come
// from the previous time step (distance exactly 1 in t, any spatial
// distance) or from the initial contents of the array, never from the same
// step. A memory-based view would not do: with `% 2` two steps share storage.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_ANALYSIS_STENCILANALYSIS_H
#define STENCILCC_ANALYSIS_STENCILANALYSIS_H

#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Support/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// Star: no read leaves more than one axis (diagonal-access free).
/// Box: the reads are exactly the full rectangle spanned by the radii.
/// General: anything else (diamonds, irregular sets).
/// A stencil that is both (1D, or a single point) is a Star.
enum class StencilShape { Star, Box, General };
const char *stencilShapeName(StencilShape S);

/// Operation counts per updated cell. Each binary + - * / whose value
/// depends on a read of the array counts one FLOP, as in AN5D's Table 3
/// (gradient2d's sqrt counts zero there, so calls count zero FLOPs and are
/// tallied separately; so are negations). Operations on constants and
/// scalars only are folded by the compiler and count nothing.
struct FlopCount {
  unsigned Adds = 0; ///< + and -
  unsigned Muls = 0;
  unsigned Divs = 0;  ///< / and %
  unsigned Calls = 0;
  /// Comparisons, logical, bitwise and shift operators, `!`, `~` and `?:`:
  /// integer and predicate work, not in total().
  unsigned Others = 0;
  unsigned total() const { return Adds + Muls + Divs; }
};

/// Counts the operations of \p Rhs by the rules above; a read of any array
/// (the stage form's several arrays included) makes an operation count.
FlopCount countFlops(const Expr &Rhs);
/// "9 (8 add, 1 mul, 0 div; 0 math calls)", and the other operations where
/// there are any: the `--analyze` text.
std::string flopCountText(const FlopCount &F);

struct DimensionRadius {
  std::string LoopVar;
  int64_t Negative = 0; ///< reads reach Negative cells toward lower indices
  int64_t Positive = 0; ///< and Positive cells toward higher indices
};

struct StencilAnalysis {
  unsigned NumDims = 0;
  ElementType Element = ElementType::Float;
  std::vector<DimensionRadius> Radius; ///< per spatial dimension
  int64_t MaxRadius = 0;
  StencilShape Shape = StencilShape::Star;
  /// Distinct read offsets, lexicographically sorted.
  std::vector<std::vector<int64_t>> Offsets;
  /// Number of reads in the expression (an offset read twice counts twice).
  unsigned NumReads = 0;
  /// The update is a sum of terms `coefficient * read` plus a constant,
  /// possibly scaled by a read-free divisor or factor: partial sums per
  /// plane (AN5D's associative optimization) may reorder it.
  bool SumOfProducts = false;
  FlopCount Flops;
  unsigned StreamingDim = 0;
  unsigned FastestDim = 0;

  /// Dependences, from isl's flow analysis: the set of time distances of
  /// the flow dependences (must be exactly {1}) as an isl string.
  std::string FlowDistances;
  /// Some reads at t > first step see cells no iteration writes (boundary
  /// cells): their value is the initial content of the level being read.
  bool ReadsBoundary = false;
  /// The iteration domain as an isl set, for people and tests.
  std::string Domain;
  /// The accesses stay inside the array only for some parameter values
  /// (BoundsAssumption, an isl set): the host code checks them at run time.
  bool BoundsAssumed = false;
  std::string BoundsAssumption;

  /// After the time loop ran at least once, the result is in level
  /// `(Upper + ResultShift) % TimeModulus`, Upper being the time loop's
  /// exclusive upper bound.
  int64_t ResultShift = 0;
  /// ResultShift as C text, e.g. `timestep % 2`.
  std::string ResultLevelText;
};

/// Runs every analysis on \p P. Reports rejections (illegal dependences,
/// reads outside the array) to \p Diags at the offending expression and
/// returns nullopt if any were found.
std::optional<StencilAnalysis> analyzeStencil(const StencilProgram &P,
                                              DiagnosticSink &Diags);

} // namespace stencilcc

#endif
