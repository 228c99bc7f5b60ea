//===- Emitter/StageBlocked.h - What the blocked writers share --*- C++ -*-===//
//
// Names, checks and reads of the blocked stage-form kernel, shared by the
// kernel's structure (StageBlockedKernel.cpp), its expressions
// (StageBlockedReads.cpp) and its run function (StageBlockedHost.cpp).
// Internal to lib/Emitter.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_STAGEBLOCKED_H
#define STENCILCC_LIB_EMITTER_STAGEBLOCKED_H

#include "StageLayout.h"
#include "stencilcc/Planner/StagePlan.h"

#include <set>
#include <optional>
#include <string>
#include <vector>

namespace stencilcc {
namespace stage {

/// Identifiers of the generated code that must not collide with the
/// source's loop variables, time variable or array names (which the
/// kernels keep): a name taken gets underscores appended.
class BlockedNames {
public:
  explicit BlockedNames(const StencilProgram &P);
  std::string operator()(const std::string &Base) const;

private:
  std::set<std::string> Taken;
};

inline std::string blockedKernelName(const std::string &Prefix) {
  return Prefix + "_blocked";
}
/// `A`, or `U_1` for relative level 1 of an array with levels.
std::string bufferTag(const StencilProgram &P, const StagePlan &Plan,
                      unsigned Buffer);
/// Grid extent of dimension \p D (the state arrays' extent), parameters
/// named p_<name>.
std::string gridExtentText(const StencilProgram &P, unsigned D);

/// The kernel's parameters, and the run function's matching arguments
/// (buffers as in_<tag> / out_<tag> in both).
std::vector<std::string> blockedKernelParams(const StencilProgram &P,
                                             const StagePlan &Plan,
                                             const BlockedNames &N);
std::vector<std::string> blockedKernelArgs(const StencilProgram &P,
                                           const StagePlan &Plan,
                                           const BlockedNames &N);

/// The run function (StageBlockedHost.cpp).
std::string blockedRunFunction(const StencilProgram &P, const StagePlan &Plan,
                               const std::string &Prefix);

std::string num(int64_t V);
/// `+ 3`, `- 2` or nothing, to append to an expression.
std::string plus(int64_t V);
/// Whether \p Text names identifier \p Id.
bool names(const std::string &Text, const std::string &Id);
std::string joined(const std::vector<std::string> &V, const char *Sep);

/// The texts of the kernel: identifiers, checks and reads. Grid dimension
/// D is cross-section dimension Rank-1-D (0 = x, fastest); in 2D/3D
/// dimension 0 is the stream.
class BlockedText {
public:
  BlockedText(const StencilProgram &P, const StagePlan &Plan);

  const StencilProgram &P;
  const StagePlan &Plan;
  BlockedNames N;
  unsigned Rank, NC, Cells;
  int64_t PlaneCells;

  unsigned dimOf(unsigned C) const { return Rank - 1 - C; }
  std::string elem(unsigned Version) const;
  std::string versionName(unsigned V) const;
  std::string window(unsigned V) const { return N("w_" + versionName(V)); }
  std::string ring(unsigned V) const { return N("r_" + versionName(V)); }
  std::string extent(unsigned D) const { return N("extent" + num(D)); }
  std::string own(unsigned D) const { return N("own" + num(D)); }
  std::string ownEnd(unsigned D) const { return N("own" + num(D) + "_end"); }
  /// The cell loop's variable, the value computed, the rows flags.
  std::string cv() const { return N("c"); }
  std::string vv() const { return N("v"); }
  std::string rowsv() const { return N("rows"); }
  std::string nextv() const { return N("next"); }
  std::string planeVar() const { return N("plane"); }
  std::string ofCell(const std::string &Base) const {
    return N(Base) + "[" + cv() + "]";
  }
  std::string at(unsigned D) const { return ofCell("at" + num(D)); }
  /// Along a periodic dimension: the grid coordinate at(D) wraps to (its
  /// cells load from it); elsewhere at(D).
  std::string wrappedAt(unsigned D) const {
    return periodic(D) ? ofCell("wrapped" + num(D)) : at(D);
  }
  bool periodic(unsigned D) const {
    return D < Plan.Periodic.size() && Plan.Periodic[D];
  }
  /// Row \p Row of the stream as the plane it loads from: wrapped into
  /// [0, extent) along a periodic dimension 0.
  std::string wrappedRow(const std::string &Row) const;
  std::string loc() const { return ofCell("loc"); }
  std::string cross() const { return ofCell("cross"); }
  std::string inside() const { return ofCell("inside"); }
  std::string local(unsigned C) const { return ofCell("l" + num(C)); }
  std::string cellLoop() const;
  /// Global index of the thread's cell at plane \p Row (wrapped along a
  /// periodic stream, unless \p Owned: an owned row is inside the grid).
  std::string cellIndex(const std::string &Row, bool Owned = false) const;

  /// The stage's loop variable writing each grid dimension ("" if fixed).
  std::vector<std::string> stageVars(const Stage &S) const;
  /// The name of sweep \p K's plane: its statement's loop variable.
  std::string sweepRow(unsigned K) const;

  /// Row \p Row lies in version \p V's rows (its owned rows if \p Owned).
  std::string rowsCheck(const std::string &Row, const StageVersion &V,
                        bool Owned) const;
  /// The cell lies in the version's part of the cross-section.
  std::string crossCheck(const StageVersion &V, bool Owned) const;
  /// The statement's loops cover row \p Row / the cell's cross-section.
  std::string rowDomain(const Stage &S, const std::string &Row) const;
  std::string crossDomain(const Stage &S) const;

  /// Global reads of sweep \p K loaded a plane ahead (2D/3D): each
  /// distinct read once, with its register and element type.
  struct Prefetch {
    std::string Key, Register, Type;
    const ArrayAccess *Access;
  };
  std::vector<Prefetch> prefetches(unsigned K) const;
  /// The text of a global read of sweep \p K with its plane at \p Row.
  std::string globalRead(unsigned K, const ArrayAccess &A,
                         const std::string &Row) const;
  /// The same through the thread's cell index, where the read is of a
  /// grid-shaped read-only array at a constant offset.
  std::optional<std::string> nearCellRead(unsigned K, const ArrayAccess &A,
                                          const std::string &Row) const;
  /// Sweep \p K's right-hand side (global reads from their registers when
  /// \p Prefetched).
  std::string rhs(unsigned K, bool Prefetched) const;

  std::string storeCondition(unsigned K) const;
  std::string runCondition(unsigned K) const;

private:
  std::string stateRead(unsigned K, const StageRead &R,
                        const ArrayAccess &A) const;
  std::function<std::string(const std::string &)>
  namer(unsigned K, const std::string &Row) const;
};

} // namespace stage
} // namespace stencilcc

#endif
