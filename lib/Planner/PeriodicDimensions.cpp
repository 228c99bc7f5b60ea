//===- Planner/PeriodicDimensions.cpp - Grid dimensions that wrap ---------===//
#include "stencilcc/Planner/PeriodicDimensions.h"

#include <functional>

namespace stencilcc {

std::optional<int64_t> periodicOffset(const IndexExpr &E,
                                      const std::string &Var,
                                      const AffineExpr &Extent) {
  if (E.K != IndexExpr::Kind::Mod || E.Divisor != Extent ||
      E.Operands.size() != 1 || !E.Operands[0].isAffine())
    return std::nullopt;
  const AffineExpr &Dividend = E.Operands[0].Value;
  if (Dividend.coefficient(Var) != 1)
    return std::nullopt;
  AffineExpr Rest = Dividend.without(Var);
  if (Extent.isConstant()) {
    int64_t N = Extent.constantTerm();
    if (N <= 0 || !Rest.isConstant())
      return std::nullopt;
    int64_t C = ((Rest.constantTerm() % N) + N) % N;
    return C > N / 2 ? C - N : C;
  }
  // `(i + n - 1) % n`: the dividend's multiple of the extent keeps it
  // non-negative and does not move the cell.
  for (int64_t K = 0; K <= 4; ++K) {
    AffineExpr C = Rest - Extent * K;
    if (C.isConstant())
      return C.constantTerm();
  }
  return std::nullopt;
}

std::optional<int64_t> offsetAlong(const IndexExpr &E, const std::string &Var,
                                   bool Periodic, const AffineExpr &Extent) {
  if (std::optional<int64_t> O = E.offsetFrom(Var))
    return O;
  return Periodic ? periodicOffset(E, Var, Extent) : std::nullopt;
}

namespace {

void forEachStateRead(const StencilProgram &P, const Stage &S,
                      const std::function<void(const ArrayAccess &)> &F) {
  S.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access &&
        P.Arrays[E.Access.ArrayId].Role == ArrayRole::State)
      F(E.Access);
  });
}

std::string statementAt(const Stage &S) {
  return "the statement at line " + std::to_string(S.Loc.Line);
}

} // namespace

std::vector<bool> periodicDimensions(const StencilProgram &P,
                                     const std::vector<AffineExpr> &Grid,
                                     std::string &Why) {
  unsigned Rank = Grid.size();
  std::vector<bool> Periodic(Rank, false);
  for (const Stage &S : P.Stages)
    forEachStateRead(P, S, [&](const ArrayAccess &A) {
      for (unsigned D = 0; D < Rank && D < A.Index.size(); ++D)
        if (A.Index[D].K == IndexExpr::Kind::Mod)
          Periodic[D] = true;
    });
  static const char *Names[3] = {"0", "1", "2"};
  for (unsigned D = 0; D < Rank && Why.empty(); ++D) {
    if (!Periodic[D])
      continue;
    std::string Dim = std::string("dimension ") + Names[D];
    for (const StencilArray &A : P.Arrays)
      if (A.Role == ArrayRole::State &&
          (A.Extents.size() != Rank || A.Extents[D] != Grid[D])) {
        Why = "state array '" + A.Name + "' is shorter than the grid along " +
              "periodic " + Dim;
        return Periodic;
      }
    for (const Stage &S : P.Stages) {
      if (S.WriteLoop.size() != Rank || S.WriteLoop[D] < 0) {
        Why = statementAt(S) + " writes a fixed slice of periodic " + Dim +
              ", which wraps around with no edge to hold it";
        return Periodic;
      }
      const Loop &L = S.Loops[S.WriteLoop[D]];
      if (L.Lower != AffineExpr::constant(0) || L.Upper != Grid[D]) {
        Why = statementAt(S) + " does not loop over the whole of periodic " +
              Dim;
        return Periodic;
      }
      forEachStateRead(P, S, [&](const ArrayAccess &A) {
        if (Why.empty() && A.Index.size() == Rank &&
            !offsetAlong(A.Index[D], L.Var, true, Grid[D]))
          Why = statementAt(S) + " reads '" + P.stageAccessText(A) +
                "', which is neither '" + L.Var + "' nor a remainder of '" +
                L.Var + " + c' by the extent along periodic " + Dim;
      });
    }
  }
  return Periodic;
}

} // namespace stencilcc
