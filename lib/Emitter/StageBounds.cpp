//===- Emitter/StageBounds.cpp --------------------------------------------===//
#include "StageBounds.h"

#include "StageLayout.h"

#include <set>

namespace stencilcc {
namespace stage {

namespace {

/// The smallest and largest value of affine \p E over stage \p S's loops,
/// as affine forms in the parameters.
std::pair<AffineExpr, AffineExpr> range(const AffineExpr &E, const Stage &S) {
  AffineExpr Min = E, Max = E;
  for (const Loop &L : S.Loops) {
    int64_t C = E.coefficient(L.Var);
    if (!C)
      continue;
    AffineExpr Last = L.Upper - AffineExpr::constant(1);
    Min = Min.without(L.Var) + (C > 0 ? L.Lower : Last) * C;
    Max = Max.without(L.Var) + (C > 0 ? Last : L.Lower) * C;
  }
  return {Min, Max};
}

/// `Name + K` in C.
std::string plus(const std::string &Name, int64_t K) {
  if (K == 0)
    return Name;
  return Name + (K > 0 ? " + " : " - ") + std::to_string(K > 0 ? K : -K);
}

} // namespace

std::string stageRuns(const Stage &S) {
  std::string C = "stencilcc_steps > 0";
  for (const Loop &L : S.Loops)
    C += " && " + longText(L.Upper) + " > " + longText(L.Lower);
  return C;
}

std::vector<std::pair<std::string, std::string>>
outsideConditions(const StencilProgram &P, bool TimeRows) {
  std::vector<std::pair<std::string, std::string>> Out;
  std::set<std::string> Seen;
  auto Check = [&](const Stage &S, unsigned Id, const ArrayAccess &A,
                   const std::vector<IndexExpr> &Index) {
    const StencilArray &Arr = P.Arrays[Id];
    std::string Cond;
    for (size_t D = 0; D < Index.size() && D < Arr.Extents.size(); ++D) {
      if (!Index[D].isAffine())
        continue;
      auto [Min, Max] = range(Index[D].Value, S);
      // Bounds that hold whatever the parameters need no check.
      AffineExpr Over = Max - Arr.Extents[D];
      if (!Min.isConstant() || Min.constantTerm() < 0)
        Cond += (Cond.empty() ? "" : " || ") + longText(Min) + " < 0";
      if (!Over.isConstant() || Over.constantTerm() >= 0)
        Cond += (Cond.empty() ? "" : " || ") + longText(Max) +
                " >= " + longText(Arr.Extents[D]);
    }
    if (TimeRows && Arr.Role == ArrayRole::TimeIndexed)
      Cond += (Cond.empty() ? "" : " || ") +
              plus("stencilcc_t_begin", A.TimeShift) + " < 0 || " +
              plus("stencilcc_t_end", A.TimeShift - 1) + " >= stencilcc_" +
              Arr.Name + ".Planes";
    if (Cond.empty())
      return;
    Cond = stageRuns(S) + " && (" + Cond + ")";
    if (Seen.insert(Cond).second)
      Out.push_back({Cond, (Arr.Flattened ? "flattened '" + Arr.Name + "' as "
                                          : std::string()) +
                               P.stageAccessText(A)});
  };
  for (const Stage &S : P.Stages) {
    ArrayAccess W;
    W.ArrayId = int(S.ArrayId);
    W.TimeShift = S.WriteShift;
    W.Index = S.WriteIndex;
    Check(S, S.ArrayId, W, S.WriteIndex);
    forEachRead(S, [&](const ArrayAccess &A) {
      Check(S, unsigned(A.ArrayId), A, A.Index);
    });
  }
  return Out;
}

} // namespace stage
} // namespace stencilcc
