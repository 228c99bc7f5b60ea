//===- Analysis/PingPongForm.cpp ------------------------------------------===//
#include "stencilcc/Analysis/PingPongForm.h"

#include <functional>

namespace stencilcc {

namespace {

/// The same tree, reads compared by offset only (the array is the other
/// one in each stage by construction).
bool sameUpdate(const Expr &A, const Expr &B) {
  if (A.K != B.K || A.Type != B.Type || A.Spelling != B.Spelling ||
      A.Name != B.Name || A.Op != B.Op || A.Implicit != B.Implicit ||
      A.Operands.size() != B.Operands.size())
    return false;
  if (A.K == Expr::Kind::Access &&
      (A.Access.Offsets.empty() || A.Access.Offsets != B.Access.Offsets))
    return false;
  for (size_t I = 0; I < A.Operands.size(); ++I)
    if (!sameUpdate(*A.Operands[I], *B.Operands[I]))
      return false;
  return true;
}

/// Every read of \p S is of array \p Id at a constant offset.
bool readsOnly(const Stage &S, unsigned Id) {
  bool Ok = true;
  S.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      Ok &= E.Access.ArrayId == int(Id) && !E.Access.Offsets.empty();
  });
  return Ok;
}

bool fullRankAtPoint(const Stage &S, size_t Rank) {
  if (S.Loops.size() != Rank || S.WriteLoop.size() != Rank)
    return false;
  for (size_t D = 0; D < Rank; ++D)
    if (S.WriteLoop[D] != int(D))
      return false;
  return true;
}

bool sameLoops(const std::vector<Loop> &A, const std::vector<Loop> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t D = 0; D < A.size(); ++D)
    if (A[D].Var != B[D].Var || A[D].Lower != B[D].Lower ||
        A[D].Upper != B[D].Upper ||
        A[D].VarDeclaredOutside != B[D].VarDeclaredOutside)
      return false;
  return true;
}

/// The single-update program of stage-form region \p P: its place, scalars
/// and time loop; the caller fills the rest.
StencilProgram singleUpdateOf(const StencilProgram &P) {
  StencilProgram Q;
  Q.FileName = P.FileName;
  Q.FunctionName = P.FunctionName;
  Q.Region = P.Region;
  Q.FunctionBegin = P.FunctionBegin;
  Q.BodyBegin = P.BodyBegin;
  Q.ScopLoc = P.ScopLoc;
  Q.Parameters = P.Parameters;
  Q.LocalDeclarations = P.LocalDeclarations;
  Q.TimeLoop = P.TimeLoop;
  return Q;
}

/// The update of the single-update form: reads of level t%2.
ExprPtr asLevelReads(const Expr &E) {
  ExprPtr R = E.clone();
  std::function<void(Expr &)> Fix = [&](Expr &N) {
    if (N.K == Expr::Kind::Access) {
      N.Access.ArrayId = -1;
      N.Access.Index.clear();
      N.Access.TimeShift = 0;
    }
    for (ExprPtr &O : N.Operands)
      Fix(*O);
  };
  Fix(*R);
  return R;
}

} // namespace

std::optional<StencilProgram> pingPongAsSingleUpdate(const StencilProgram &P) {
  if (!P.isStageForm() || P.Stages.size() != 2 || P.Arrays.size() != 2)
    return std::nullopt;
  const Stage &S0 = P.Stages[0], &S1 = P.Stages[1];
  unsigned Written = S0.ArrayId, Read = S1.ArrayId;
  if (Written == Read)
    return std::nullopt;
  const StencilArray &W = P.Arrays[Written], &R = P.Arrays[Read];
  for (const StencilArray *A : {&W, &R})
    if (A->Role != ArrayRole::State || A->Levels != 0)
      return std::nullopt;
  if (W.Element != R.Element || W.Extents != R.Extents ||
      W.ExtentSpellings != R.ExtentSpellings)
    return std::nullopt;
  size_t Rank = R.Extents.size();
  if (Rank < 1 || Rank > 3 || !fullRankAtPoint(S0, Rank) ||
      !fullRankAtPoint(S1, Rank) || !sameLoops(S0.Loops, S1.Loops) ||
      !readsOnly(S0, Read) || !readsOnly(S1, Written) ||
      !sameUpdate(*S0.Rhs, *S1.Rhs))
    return std::nullopt;
  for (const std::string &E : R.ExtentSpellings)
    if (E.empty())
      return std::nullopt;

  StencilProgram Q = singleUpdateOf(P);
  Q.SpatialLoops = S0.Loops;
  // Level 0 is the array the first stage reads.
  Q.Array = R;
  Q.Array.TimeExtent = 2;
  Q.Array.VLAParameter.reset(); // each array keeps its own rewrite
  Q.LevelArrays = {R.Name, W.Name};
  Q.WriteShift = 1;
  Q.TimeModulus = 2;
  Q.Rhs = asLevelReads(*S0.Rhs);
  Q.StmtLoc = S0.Loc;
  Q.StatementText = S0.StatementText + " " + S1.StatementText;
  return Q;
}

std::optional<StencilProgram> rotationAsSingleUpdate(const StencilProgram &P) {
  if (!P.isStageForm() || P.Stages.size() != 1 || P.Arrays.size() != 1)
    return std::nullopt;
  const Stage &S = P.Stages[0];
  const StencilArray &A = P.Arrays[0];
  if (A.Role != ArrayRole::State || A.Levels != 2 ||
      A.LevelPointers.size() != 2 || !P.TimeLoop.Lower.isConstant())
    return std::nullopt;
  size_t Rank = A.Extents.size();
  if (Rank < 1 || Rank > 3 || !fullRankAtPoint(S, Rank) || !readsOnly(S, 0))
    return std::nullopt;
  // Every read of the level the step does not write.
  int64_t Read = (S.WriteShift + 1) % 2;
  bool OneLevel = true;
  S.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      OneLevel &= ((E.Access.TimeShift - Read) % 2 + 2) % 2 == 0;
  });
  if (!OneLevel)
    return std::nullopt;

  StencilProgram Q = singleUpdateOf(P);
  Q.SpatialLoops = S.Loops;
  Q.Array = A;
  Q.Array.Levels = 0;
  Q.Array.LevelPointers.clear();
  Q.Array.LevelVLAParameters.clear();
  Q.Array.TimeExtent = 2;
  Q.Array.VLAParameter.reset(); // the stage form's rewrites stand
  // The first step (t = t0) reads level (t0 + Read) % 2, the buffer of
  // that variable: level 0 of the single update, which counts sweeps from 0.
  int64_t T0 = P.TimeLoop.Lower.constantTerm();
  size_t First = size_t(((T0 + Read) % 2 + 2) % 2);
  Q.LevelArrays = {A.LevelPointers[First], A.LevelPointers[1 - First]};
  Q.LevelsRotated = true;
  Q.WriteShift = 1;
  Q.TimeModulus = 2;
  Q.Rhs = asLevelReads(*S.Rhs);
  Q.StmtLoc = S.Loc;
  Q.StatementText = S.StatementText;
  return Q;
}

std::optional<StencilProgram> stageFormAsSingleUpdate(const StencilProgram &P) {
  if (std::optional<StencilProgram> Q = pingPongAsSingleUpdate(P))
    return Q;
  return rotationAsSingleUpdate(P);
}

} // namespace stencilcc
