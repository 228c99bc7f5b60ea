//===- Analysis/IslModel.h - A stencil program as isl sets and maps -*- C++ -*-===//
//
// The polyhedral view of a StencilProgram: a parametric iteration domain
// S[t, s0, .., sN-1], the write relation and one read relation per access,
// all as isl objects. Every integer-set question of the analysis (offsets,
// radii, shape, bounds checks, flow dependences) is asked of this model, so
// it is the one place where IR turns into isl.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_ANALYSIS_ISLMODEL_H
#define STENCILCC_ANALYSIS_ISLMODEL_H

#include "stencilcc/IR/StencilProgram.h"

#include <isl/cpp.h>

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilcc {

/// Whether isl's parser reserves \p Name, whatever its case: a C symbol
/// spelled like one (`max`, `floor`, `Min`) must be renamed for isl.
bool isIslKeyword(const std::string &Name);

/// \p Base, or `Base_K` for the first K that makes it neither an isl
/// keyword nor one of \p Used; the name is added to \p Used.
std::string freshIslName(const std::string &Base, std::set<std::string> &Used);

/// A set of parameter values as a C condition (`T <= 0 || n <= 90`), for
/// diagnostics; isl's names of the parameters.
std::string parameterConditionText(const isl::set &Params);

class IslModel {
public:
  /// Builds the model of \p P in \p Ctx.
  IslModel(isl::ctx Ctx, const StencilProgram &P);

  /// [params] -> { S[t, s0, ..] : bounds of every loop }.
  const isl::set &domain() const { return Domain; }
  /// [params] -> { S[..] -> A[(t + W) mod M, s0, ..] }, restricted to domain.
  const isl::map &write() const { return Write; }
  /// The relation of read \p I of the right-hand side (tree order), built
  /// when asked: a 3D box of radius 8 has 4,913 reads, and only the
  /// diagnostics of a rejected region need them one by one.
  isl::map read(unsigned I) const;
  /// The cells read, one set per time level read: [params] -> { A[l, ..] }.
  std::vector<isl::set> cellsReadByLevel() const;
  /// [params] -> { A[l, x0, ..] : 0 <= l < time extent, 0 <= x_d < extent }
  /// (the time dimension is unbounded above when not declared).
  const isl::set &arrayExtent() const { return Extent; }

  /// { [d0, ..] } : the spatial offsets of all reads.
  isl::set offsets() const;

  /// Value-based flow dependences from the write to the reads, with the
  /// identity schedule: { S[source] -> S[sink] }.
  isl::union_map flowDependences() const;
  /// The read instances whose value no iteration writes (initial values).
  isl::union_map readsWithoutSource() const;

  /// Whether read \p I stays inside the array for every parameter value.
  bool readInBounds(unsigned I) const;

  /// The accessed part of the array outside its extent for read \p I, as
  /// text (for the diagnostic).
  std::string outOfBoundsReads(unsigned I) const;

  /// Inclusive min and max of a constant-bounded set's dimension \p Dim.
  static std::pair<int64_t, int64_t> dimBounds(const isl::set &S,
                                               unsigned Dim);
  /// Every point of a bounded set, lexicographically.
  static std::vector<std::vector<int64_t>> points(const isl::set &S);

private:
  isl::ctx Ctx;
  const StencilProgram &P;
  isl::set Domain;
  isl::map Write;
  isl::set Extent;
  mutable std::optional<isl::union_flow> Flow;
  const isl::union_flow &taggedFlow() const;
};

} // namespace stencilcc

#endif
