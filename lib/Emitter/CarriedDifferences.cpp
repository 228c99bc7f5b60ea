//===- Emitter/CarriedDifferences.cpp -------------------------------------===//
#include "stencilcc/Emitter/CarriedDifferences.h"

#include <map>
#include <set>
#include <utility>

namespace stencilcc {

bool ownColumnDifference(const Expr &E, const TemporalBlockingPlan &Plan,
                         int64_t &Minuend, int64_t &Subtrahend) {
  if (E.K != Expr::Kind::Binary || E.Op != "-" || !isFloatingType(E.Type))
    return false;
  const Expr &L = *E.Operands[0], &R = *E.Operands[1];
  if (L.K != Expr::Kind::Access || R.K != Expr::Kind::Access ||
      L.Type != E.Type || R.Type != E.Type ||
      L.Access.TimeShift != R.Access.TimeShift ||
      !Plan.readsFromRegisters(L.Access.Offsets) ||
      !Plan.readsFromRegisters(R.Access.Offsets))
    return false;
  Minuend = Plan.streamOffset(L.Access.Offsets);
  Subtrahend = Plan.streamOffset(R.Access.Offsets);
  return Minuend != Subtrahend;
}

namespace {

using Difference = std::pair<int64_t, int64_t>;

bool isDifference(const Expr &E, const TemporalBlockingPlan &Plan,
                  const Difference &D) {
  int64_t A = 0, B = 0;
  return ownColumnDifference(E, Plan, A, B) && Difference{A, B} == D;
}

/// Whether every occurrence of \p D in \p E is an operand of a square
/// D * D.
bool onlySquared(const Expr &E, const TemporalBlockingPlan &Plan,
                 const Difference &D) {
  if (E.K == Expr::Kind::Binary && E.Op == "*" &&
      isDifference(*E.Operands[0], Plan, D) &&
      isDifference(*E.Operands[1], Plan, D))
    return true;
  if (isDifference(E, Plan, D))
    return false;
  for (const ExprPtr &O : E.Operands)
    if (!onlySquared(*O, Plan, D))
      return false;
  return true;
}

/// Reads of each stream offset of the own column: all of them, and those
/// inside an occurrence of \p D.
void countReads(const Expr &E, const TemporalBlockingPlan &Plan,
                const Difference &D, bool InD,
                std::map<int64_t, std::pair<unsigned, unsigned>> &Counts) {
  if (E.K == Expr::Kind::Access && Plan.readsFromRegisters(E.Access.Offsets)) {
    auto &C = Counts[Plan.streamOffset(E.Access.Offsets)];
    ++C.first;
    C.second += InD ? 1 : 0;
  }
  bool Inside = InD || isDifference(E, Plan, D);
  for (const ExprPtr &O : E.Operands)
    countReads(*O, Plan, D, Inside, Counts);
}

} // namespace

std::vector<CarriedDifference>
findCarriedDifferences(const Expr &Rhs, const TemporalBlockingPlan &Plan) {
  // One carry register per level and row: a thread of one row, reading its
  // own column from the level's queue (not partial sums, whose planes are
  // summed before they are complete, nor the warp-shuffle and streaming
  // kernels, which have emitters of their own).
  if (Plan.RowsPerThread != 1 || Plan.StreamSumRows ||
      Plan.Variant == OptimizationVariant::Assoc ||
      Plan.Exchange == ExchangeScheme::Shuffle)
    return {};
  std::set<Difference> Present;
  Rhs.walk([&](const Expr &E) {
    int64_t A = 0, B = 0;
    if (ownColumnDifference(E, Plan, A, B))
      Present.insert({A, B});
  });
  std::vector<CarriedDifference> Carried;
  std::set<Difference> Reused, Computed;
  for (const Difference &X : Present) {
    if (Computed.count(X))
      continue;
    Difference Same{X.first + 1, X.second + 1};
    Difference Negated{X.second + 1, X.first + 1};
    std::optional<Difference> Source;
    bool Negate = false;
    if (Present.count(Same) && !Reused.count(Same)) {
      Source = Same;
    } else if (Present.count(Negated) && !Reused.count(Negated) &&
               onlySquared(Rhs, Plan, X)) {
      Source = Negated;
      Negate = true;
    }
    if (!Source)
      continue;
    // The carry register must take a queue value's place: some plane X
    // reads must be read nowhere else.
    std::map<int64_t, std::pair<unsigned, unsigned>> Counts;
    countReads(Rhs, Plan, X, false, Counts);
    bool FreesValue = false;
    for (int64_t S : {X.first, X.second})
      FreesValue |= Counts[S].first == Counts[S].second;
    if (!FreesValue)
      continue;
    Reused.insert(X);
    Computed.insert(*Source);
    CarriedDifference C;
    C.InMinuend = X.first;
    C.InSubtrahend = X.second;
    C.OutMinuend = Source->first;
    C.OutSubtrahend = Source->second;
    C.Negated = Negate;
    Carried.push_back(C);
  }
  return Carried;
}

void substituteCarriedDifferences(
    Expr &E, const TemporalBlockingPlan &Plan,
    const std::vector<CarriedDifference> &Carried) {
  int64_t A = 0, B = 0;
  if (ownColumnDifference(E, Plan, A, B)) {
    for (size_t K = 0; K < Carried.size(); ++K) {
      const CarriedDifference &C = Carried[K];
      const char *Name = nullptr;
      if (A == C.InMinuend && B == C.InSubtrahend)
        Name = "carried_in_";
      else if (A == C.OutMinuend && B == C.OutSubtrahend)
        Name = "carried_out_";
      if (Name) {
        ScalarType T = E.Type;
        E = std::move(*Expr::scalarRef(Name + std::to_string(K), T));
        return;
      }
    }
    return;
  }
  for (ExprPtr &O : E.Operands)
    substituteCarriedDifferences(*O, Plan, Carried);
}

} // namespace stencilcc
