//===- Analysis/StageModel.h - Stage-form region as isl objects -*- C++ -*-===//
//
// Internal to the stage analysis. Builds, from isl text, the iteration
// domain of every stage, its write, one read relation per Expr::Access, the
// extent of every array and the sequential schedule, and turns isl points
// back into C names for diagnostics. The text form is used (as IslModel
// does) because AffineExpr and IndexExpr::islPieces already print isl
// syntax; the only care needed is renaming C symbols isl would misread.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_ANALYSIS_STAGEMODEL_H
#define STENCILCC_LIB_ANALYSIS_STAGEMODEL_H

#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"

#include <isl/cpp.h>

#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace stencilcc {
namespace stage {

/// Owns an isl context; declared before every isl object made in it so it
/// outlives them. isl errors become exceptions the analysis turns into
/// diagnostics, so isl itself must not print them.
class IslContext {
public:
  IslContext();
  ~IslContext();
  IslContext(const IslContext &) = delete;
  IslContext &operator=(const IslContext &) = delete;
  isl::ctx get() const { return Ctx; }

private:
  isl_ctx *Ctx;
};

/// The Access nodes of \p Rhs in Expr::walk order.
std::vector<const Expr *> accessNodes(const Expr &Rhs);

/// Grid dimension the array dimension \p Dim of read \p A in stage \p S
/// runs along (see StageAnalysis.h), or -1.
int gridDimOfRead(const StencilProgram &P, const Stage &S, const ArrayAccess &A,
                  unsigned Dim);

/// The isl spelling of every C symbol (StageModel.cpp).
class StageNames;

class StageModel {
public:
  StageModel(isl::ctx Ctx, const StencilProgram &P);
  ~StageModel();

  isl::ctx ctx() const { return Ctx; }
  const StencilProgram &program() const { return P; }
  unsigned numStages() const { return P.Stages.size(); }
  /// The Access nodes of stage \p S, in Expr::walk order.
  const std::vector<const Expr *> &readNodes(unsigned S) const {
    return Reads[S];
  }

  /// [params] -> { S_s[t, i..] : loop bounds }, for parameters that give
  /// every array positive extents (as C requires of an array's size).
  const isl::set &domain(unsigned S) const { return Domains[S]; }
  /// { S_s[..] -> Arr[(level,) x..] } restricted to the domain.
  const isl::map &write(unsigned S) const { return Writes[S]; }
  /// { S_s[..] -> Arr[(level,) x..] } of read \p K, restricted to the
  /// domain; its domain misses the iterations no subscript piece covers.
  const isl::map &read(unsigned S, unsigned K) const { return ReadMaps[S][K]; }
  /// [params] -> { Arr[(l,) x..] : within the declared extents }.
  const isl::set &extent(unsigned ArrayId) const { return Extents[ArrayId]; }

  /// { S_s[t, i..] -> [t, s, i.., 0..] }: C's execution order.
  isl::map schedule(unsigned S) const;
  /// { S_s[t, i..] -> [t] }.
  isl::map timeOf(unsigned S) const;
  /// { S_s[t, i..] -> S_s[t, i'..] : (i'..) != (i..) }: the other points
  /// of the same sweep.
  isl::map otherPointsOfSweep(unsigned S) const;
  /// { S_s[t, i..] : t >= lower + Steps } within the domain.
  isl::set fromStep(unsigned S, int64_t Steps) const;
  /// Per subscript piece of array dimension \p Dim of read \p K: the set
  /// { [o] } of offsets `piece value - written cell in grid dimension
  /// GridDim` over the iterations the piece covers, parameters projected
  /// out.
  std::vector<isl::set> offsetPieces(unsigned S, unsigned K, unsigned Dim,
                                     unsigned GridDim) const;

  /// "with n = 4, iteration (t = 0, i = 3)"-style text of a point of
  /// \p Rel (a map from S_s) for a note: \p Describe receives the
  /// parameter text, the iteration text and the range tuple's values.
  std::string
  describeSample(const isl::map &Rel, unsigned S,
                 const std::function<std::string(
                     const std::string &Params, const std::string &Iteration,
                     const std::vector<int64_t> &Out)> &Describe) const;
  /// The C text of iteration \p Values of stage \p S: `t = 0, i = 3`.
  std::string iterationText(unsigned S,
                            const std::vector<int64_t> &Values) const;

private:
  isl::ctx Ctx;
  const StencilProgram &P;
  std::unique_ptr<StageNames> Names;
  std::vector<std::vector<const Expr *>> Reads;
  std::vector<isl::set> Domains;
  std::vector<isl::map> Writes;
  std::vector<std::vector<isl::map>> ReadMaps;
  std::vector<isl::set> Extents;
};

/// Checks that every stage of the model's program is a data-parallel sweep
/// (StageLegality.cpp) and fills, for every read of a state array, the
/// writes it sees (StageAccessFacts::Sources, ReadsInitial,
/// ReadsUnwritten) and A.WarmUpSteps. A.Stages[s].Accesses must already
/// have one entry per read. Reports each violation to \p Diags; returns the
/// number reported.
unsigned checkSweeps(const StageModel &M, StageAnalysis &A,
                     DiagnosticSink &Diags);

/// Stream output of an isl object.
template <typename T> std::string islText(const T &Obj) {
  std::ostringstream OS;
  OS << Obj;
  return OS.str();
}

} // namespace stage
} // namespace stencilcc

#endif
