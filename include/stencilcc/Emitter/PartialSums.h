//===- Emitter/PartialSums.h - Associative updates as partial sums -*- C++ -*-===//
//
// Paper 001's associative specialization (`--opt=assoc`). An update that is
// a sum of products (StencilAnalysis::SumOfProducts) is rewritten as
//
//   finish( g_smin(plane y + smin) + ... + g_smax(plane y + smax) )
//
// where g_s adds the terms reading plane y + s (in source order) and
// finish applies what encloses the sum in the C text (a read-free factor or
// divisor, casts, signs) and adds its read-free terms. A level then adds
// plane x of the level below, once it is available, to the partial sums of
// every output plane y = x - s that reads it: each in-plane neighbour value
// of x is read from shared memory once per plane instead of once per
// (plane, output plane) pair. Output y is finished once plane y + smax has
// been added. The sums live in a ring of registers per level, output plane
// y in slot y mod SumRing, a fixed assignment like the circular queue's.
//
// Reassociation changes rounding (not the result beyond SPEC §5's
// tolerances): terms are distributed over enclosing factors inside the sum
// and added plane by plane.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_PARTIALSUMS_H
#define STENCILCC_EMITTER_PARTIALSUMS_H

#include "stencilcc/Emitter/KernelEmitter.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace stencilcc {

/// The update of one cell as per-plane groups of terms and a finish.
struct PartialSumForm {
  /// The type the terms are added in: that of the sum in the C text.
  ScalarType SumType = ScalarType::Float;
  /// Terms by streaming offset s; each reads one value of plane y + s,
  /// printed as v_<in-plane offset> (scalars renamed s_<name>).
  std::map<int64_t, std::vector<ExprPtr>> Groups;
  /// The in-plane offsets the terms of each group read.
  std::map<int64_t, std::set<std::vector<int64_t>>> GroupReads;
  /// The finished value, with the scalar `sum` standing for the sum of
  /// every group.
  ExprPtr Finish;

  int64_t lowestOffset() const { return Groups.begin()->first; }
  int64_t highestOffset() const { return Groups.rbegin()->first; }
  /// In-plane offsets read by any group.
  std::set<std::vector<int64_t>> inPlaneReads() const;
};

/// The partial-sum form of \p K's update; the analysis must have found a
/// sum of products.
PartialSumForm partialSumForm(const KernelContext &K);

/// The one read of a term of PartialSumForm::Groups.
const ArrayAccess &partialTermRead(const Expr &T);
/// --sum-order=value: the value term \p T of a thread's row \p Row reads,
/// as an in-plane offset from the thread's first row.
std::vector<int64_t> partialTermValue(const TemporalBlockingPlan &Plan,
                                      const Expr &T, unsigned Row);
/// --sum-order=value: one term of a thread's row.
struct ValueTerm {
  unsigned Row = 0;
  int64_t Group = 0; ///< the term's key in PartialSumForm::Groups
  const Expr *Term = nullptr;
};
/// --sum-order=value: per in-plane value (partialTermValue), the terms of
/// \p Rows rows that read it, in row, group and term order. Built once, so
/// that the emitters visit each term once rather than every term for each
/// value (quadratic in the terms of a 3D box: 117,649 at radius 24).
std::map<std::vector<int64_t>, std::vector<ValueTerm>>
partialTermsByValue(const TemporalBlockingPlan &Plan, const PartialSumForm &F,
                    unsigned Rows);
/// --sum-order=value: the statement adding term \p T, its value named `v`,
/// to \p Sum, or starting \p Sum with it.
std::string partialTermAddition(const PartialSumForm &F,
                                const std::string &Sum, const Expr &T,
                                bool Starts);

/// Name of the value of in-plane offset \p V of the plane being added.
std::string partialSumValueName(const std::vector<int64_t> &V);
/// Names of the device functions: g_s, and finish.
std::string partialTermsFunction(const KernelContext &K, int64_t S);
std::string partialFinishFunction(const KernelContext &K);

/// The device functions g_s (one per streaming offset) and finish.
std::string emitPartialSumFunctions(const KernelContext &K,
                                    const PartialSumForm &F);

/// Where the partial sums of each level live: registers s<level>_<slot>,
/// output plane y of a level in slot y mod SumRing.
class PartialSumRing {
public:
  /// \p Suffix tells apart the sums of a thread's rows (s1_0_r1).
  PartialSumRing(const TemporalBlockingPlan &Plan, unsigned Levels,
                 std::string Suffix = "")
      : Plan(Plan), Levels(Levels), Suffix(std::move(Suffix)) {}
  unsigned length() const { return Plan.SumRing; }
  /// The register holding the sum of output plane \p RelPlane at level
  /// \p Level (1..Levels).
  std::string slot(unsigned Level, int64_t RelPlane) const;
  /// Declarations of the sums of levels 1..Levels, one line per level.
  std::string registerDeclarations(const std::string &SumType) const;

private:
  const TemporalBlockingPlan &Plan;
  unsigned Levels;
  std::string Suffix;
};

} // namespace stencilcc

#endif
