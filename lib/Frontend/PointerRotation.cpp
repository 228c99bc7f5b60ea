//===- Frontend/PointerRotation.cpp - Buffers swapped by pointer ---------===//
//
// Solvers written with pointers end each time step by exchanging them:
// `tmp = u; u = unew; unew = tmp;`, `double *t = u0; u0 = u1; u1 = u2;
// u2 = t;` for three levels. Run on symbolic values, those assignments are a
// permutation of the pointer variables; each of its cycles of length k is
// one array of k levels, the buffers the variables point to where the
// region starts. At step s variable v_j of a cycle (v_0, v_1 = the variable
// whose value v_0 takes, ...) points to level (j + s) mod k, so an access
// through it is the level `(t + j - t0) % k` of a time loop starting at t0:
// the k-level form the rest of the pipeline already takes. The host code
// copies each level from and to its own buffer and leaves every variable
// pointing where the C loop leaves it.
//
//===----------------------------------------------------------------------===//
#include "RegionExtractor.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <map>

namespace stencilcc {

using clang::DeclRefExpr;
using clang::DeclStmt;
using llvm::cast;
using llvm::dyn_cast;

namespace {

/// The pointer variable \p E names (through parentheses and casts), or null.
const VarDecl *pointerVariable(const clang::Expr *E) {
  if (!E)
    return nullptr;
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  return V && V->getType()->isPointerType() ? V : nullptr;
}

} // namespace

bool RegionExtractor::isPointerAssignment(const Stmt *S) const {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    if (!DS->isSingleDecl())
      return false;
    const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    return V && V->getType()->isPointerType() && pointerVariable(V->getInit());
  }
  const auto *E = dyn_cast<clang::Expr>(S);
  const auto *BO = E ? dyn_cast<BinaryOperator>(E->IgnoreParens()) : nullptr;
  return BO && BO->getOpcode() == clang::BO_Assign &&
         pointerVariable(BO->getLHS()) && pointerVariable(BO->getRHS());
}

bool RegionExtractor::parsePointerRotation(std::vector<const Stmt *> &Body) {
  size_t First = Body.size();
  while (First > 0 && isPointerAssignment(Body[First - 1]))
    --First;
  for (size_t I = 0; I < First; ++I)
    if (isPointerAssignment(Body[I]))
      return error(ref(Body[I]),
                   "pointer assignment between the statements of a time step",
                   "exchange the buffers after the last loop nest of the "
                   "step: 'tmp = u; u = unew; unew = tmp;'");
  if (First == Body.size())
    return true;
  std::vector<const Stmt *> Tail(Body.begin() + First, Body.end());
  Body.resize(First);

  // Run the assignments on symbolic values: each variable's value is the
  // variable that held it where the step began.
  std::map<const VarDecl *, const VarDecl *> Holds;
  std::vector<const VarDecl *> Assigned, Declared;
  auto Value = [&](const VarDecl *V) {
    auto It = Holds.find(V);
    return It == Holds.end() ? V : It->second;
  };
  for (const Stmt *S : Tail) {
    const VarDecl *To, *From;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      To = cast<VarDecl>(DS->getSingleDecl());
      From = pointerVariable(To->getInit());
      Declared.push_back(To);
    } else {
      const auto *BO =
          cast<BinaryOperator>(cast<clang::Expr>(S)->IgnoreParens());
      To = pointerVariable(BO->getLHS());
      From = pointerVariable(BO->getRHS());
    }
    Holds[To] = Value(From);
    if (std::find(Assigned.begin(), Assigned.end(), To) == Assigned.end())
      Assigned.push_back(To);
  }
  // The variables the loop nests subscript take part; the others assigned
  // are temporaries.
  std::set<const VarDecl *> Subscripted;
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    std::set<const VarDecl *> *Out;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
      const clang::Expr *B = E->getBase()->IgnoreParenImpCasts();
      while (const auto *Inner = dyn_cast<ArraySubscriptExpr>(B))
        B = Inner->getBase()->IgnoreParenImpCasts();
      if (const auto *D = dyn_cast<DeclRefExpr>(B))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          Out->insert(V);
      return true;
    }
  } F;
  F.Out = &Subscripted;
  for (const Stmt *S : Body)
    F.TraverseStmt(const_cast<Stmt *>(S));
  std::vector<const VarDecl *> Members;
  for (const VarDecl *V : Assigned)
    if (Subscripted.count(V))
      Members.push_back(V);
  // A buffer a member takes keeps its own variable in the count
  // (`u = unew;` leaves both at unew's buffer).
  for (size_t I = 0; I < Members.size(); ++I)
    if (const VarDecl *From = Value(Members[I]);
        Subscripted.count(From) &&
        std::find(Members.begin(), Members.end(), From) == Members.end())
      Members.push_back(From);
  for (const VarDecl *V : Members) {
    const VarDecl *From = Value(V);
    if (!Subscripted.count(From) ||
        std::find(Members.begin(), Members.end(), From) == Members.end())
      return error(ref(Tail.front()),
                   "the pointer assignments that end the time step leave '" +
                       V->getName().str() + "' pointing to the buffer of '" +
                       From->getName().str() + "'",
                   "end the step by exchanging the arrays' buffers among "
                   "themselves: 'tmp = u; u = unew; unew = tmp;'");
    for (const VarDecl *W : Members)
      if (W != V && Value(W) == From)
        return error(ref(Tail.front()),
                     "the pointer assignments that end the time step leave '" +
                         V->getName().str() + "' and '" + W->getName().str() +
                         "' pointing to the same buffer",
                     "exchange the buffers: 'tmp = " + V->getName().str() +
                         "; " + V->getName().str() + " = " +
                         W->getName().str() + "; " + W->getName().str() +
                         " = tmp;'");
  }
  if (!P.TimeLoop.Lower.isConstant())
    return error(ref(Tail.front()),
                 "the time step rotates pointers but the time loop starts at "
                 "'" +
                     P.TimeLoop.Lower.str() + "'",
                 "start the time loop at a constant ('t = 0') so that each "
                 "step's buffers follow from t");
  int64_t T0 = P.TimeLoop.Lower.constantTerm();

  // Each cycle: v_0, v_1 = the variable whose value v_0 takes, ...
  std::set<const VarDecl *> Seen;
  for (const VarDecl *V0 : Members) {
    if (Seen.count(V0) || Value(V0) == V0)
      continue;
    std::vector<const VarDecl *> Cycle;
    for (const VarDecl *V = V0; !Seen.count(V); V = Value(V)) {
      Seen.insert(V);
      Cycle.push_back(V);
    }
    int64_t K = int64_t(Cycle.size());
    for (size_t J = 0; J < Cycle.size(); ++J) {
      // As written: two `float (*)[n]` are distinct variable-length types.
      if (Cycle[J]->getType().getAsString() !=
          Cycle[0]->getType().getAsString())
        return error(ref(Tail.front()),
                     "pointers '" + Cycle[0]->getName().str() + "' and '" +
                         Cycle[J]->getName().str() +
                         "' exchange buffers but have different types",
                     "rotate buffers of one element type and shape");
      RotatedLevels[Cycle[J]] = {Cycle[0], K, ((int64_t(J) - T0) % K + K) % K};
    }
    RotationMembers[Cycle[0]] = Cycle;
  }
  // A temporary declared before the region keeps the value it takes last.
  for (const VarDecl *V : Assigned) {
    if (Subscripted.count(V) ||
        std::find(Declared.begin(), Declared.end(), V) != Declared.end())
      continue;
    auto It = RotatedLevels.find(Value(V));
    if (It == RotatedLevels.end())
      return error(ref(Tail.front()),
                   "the pointer assignments that end the time step leave '" +
                       V->getName().str() + "' pointing to the buffer of '" +
                       Value(V)->getName().str() +
                       "', which no loop nest reads",
                   "assign temporaries from the arrays the step exchanges");
    std::string Decl;
    V->getType().getAsStringInternal(Decl = V->getName().str(),
                                     Ctx.getPrintingPolicy());
    StencilProgram::RotationTemporary T;
    T.Name = V->getName().str();
    T.Declaration = Decl + ";";
    T.Level = It->second.Shift;
    PendingTemporaries.push_back({T, It->second.Leader});
  }
  return true;
}

bool RegionExtractor::applyRotation(Subscripts &S) {
  auto It = RotatedLevels.find(S.Array);
  if (It == RotatedLevels.end())
    return true;
  if (S.Indices.size() < 1)
    return true;
  S.Member = S.Array;
  S.Array = It->second.Leader;
  S.RotatedShift = It->second.Shift;
  S.RotatedLevels = It->second.Levels;
  // The level is subscript 0, with no text of its own.
  S.Indices.insert(S.Indices.begin(), S.Base);
  if (S.isFlat())
    S.FlatIndex.insert(S.FlatIndex.begin(), AffineExpr());
  return true;
}

bool RegionExtractor::finishRotation() {
  for (auto &[T, Leader] : PendingTemporaries) {
    auto It = std::find(ArrayVars.begin(), ArrayVars.end(), Leader);
    if (It == ArrayVars.end())
      continue;
    T.ArrayId = unsigned(It - ArrayVars.begin());
    P.RotationTemporaries.push_back(T);
  }
  return true;
}

} // namespace stencilcc
