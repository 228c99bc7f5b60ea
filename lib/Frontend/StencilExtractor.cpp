//===- Frontend/StencilExtractor.cpp - Clang AST to StencilProgram --------===//
//
// The region is read top-down: the loop nest headers, then the assignment at
// its bottom, then the right-hand side. The time loop is recognised by use,
// not by position: it is the loop whose variable selects the time level in
// the written array's first subscript. That lets "time loop not outermost"
// be reported as such instead of as a confusing subscript error.
//
//===----------------------------------------------------------------------===//
#include "RegionExtractor.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace stencilcc {

SourceRef makeSourceRef(const SourceManager &SM, SourceLocation Loc,
                        SourceRange Range) {
  SourceRef R;
  if (Loc.isInvalid())
    return R;
  R.Raw = Loc.getRawEncoding();
  if (Range.isValid() && Range.getEnd() != Loc)
    R.RawEnd = Range.getEnd().getRawEncoding();
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (PL.isValid()) {
    R.Line = PL.getLine();
    R.Column = PL.getColumn();
  }
  return R;
}

SourceLocation RegionExtractor::beginOf(const Stmt *S) const {
  auto It = Begins.find(S);
  if (It != Begins.end())
    return It->second;
  SourceLocation L;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    L = beginOf(BO->getLHS());
  else if (const auto *IC = dyn_cast<ImplicitCastExpr>(S))
    L = beginOf(IC->getSubExpr());
  else
    L = S->getBeginLoc();
  Begins[S] = L;
  return L;
}

SourceLocation RegionExtractor::endOf(const Stmt *S) const {
  auto It = Ends.find(S);
  if (It != Ends.end())
    return It->second;
  SourceLocation L;
  if (const auto *BO = dyn_cast<BinaryOperator>(S))
    L = endOf(BO->getRHS());
  else if (const auto *IC = dyn_cast<ImplicitCastExpr>(S))
    L = endOf(IC->getSubExpr());
  else
    L = S->getEndLoc();
  Ends[S] = L;
  return L;
}

//===----------------------------------------------------------------------===//
// Single-update form
//===----------------------------------------------------------------------===//

bool RegionExtractor::collectLoopNest(const Stmt *Top,
                                      const BinaryOperator *&Assign) {
  const Stmt *S = Top;
  std::vector<Loop> Loops;
  TemporaryText.clear();
  while (const auto *For = dyn_cast<ForStmt>(S)) {
    Loop L;
    if (!parseLoopHeader(For, L))
      return false;
    Loops.push_back(L);
    const Stmt *Extra = nullptr;
    bool Failed = false;
    const Stmt *Body = innermostStatement(For->getBody(), Extra, Failed);
    if (Failed)
      return false;
    if (!Body)
      return error(Extra ? ref(Extra) : ref(For->getBody()),
                   Extra ? "loop body holds more than one statement"
                         : "loop body is empty",
                   "each loop of a stencil region holds exactly one loop or "
                   "one assignment");
    S = Body;
  }
  if (Loops.empty())
    return error(ref(S), "a scop region must hold a loop nest",
                 "start the region with the time loop: "
                 "'for (int t = 0; t < steps; t++)'");
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (const auto *E = dyn_cast<clang::Expr>(S))
    BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  if (BO && isa<CompoundAssignOperator>(BO))
    return error(ref(S),
                 "compound assignment updates the array in place",
                 "write the new level from the previous one: "
                 "'A[(t+1)%2][i] = A[t%2][i] + ...'");
  if (!BO || BO->getOpcode() != BO_Assign)
    return error(ref(S),
                 isa<ForStmt>(S) || isa<clang::Expr>(S)
                     ? "innermost statement must assign the stencil array"
                     : "unsupported statement in a stencil loop nest",
                 "the loop nest ends in one assignment "
                 "'A[(t+1)%2][i][j] = expression;'");
  Assign = BO;

  // The time loop: the one whose variable the first subscript uses.
  Subscripts W;
  if (!parseSubscripts(BO->getLHS(), W))
    return false;
  ArrayVar = W.Array;
  const clang::Expr *Level = W.Indices[0]->IgnoreParenImpCasts();
  int TimeLoop = -1;
  if (const BinaryOperator *Rem = levelSelection(Level)) {
      // Whichever loop variable appears on the left of `%` (or `&`).
      struct Finder : RecursiveASTVisitor<Finder> {
        const RegionExtractor *X;
        int Found = -1;
        bool VisitDeclRefExpr(DeclRefExpr *D) {
          if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
            if (Found < 0)
              Found = X->loopIndexOf(V);
          return true;
        }
      } F;
      F.X = this;
      F.TraverseStmt(const_cast<clang::Expr *>(Rem->getLHS()));
      TimeLoop = F.Found;
    }
  if (TimeLoop < 0)
    return error(ref(W.Indices[0]),
                 "first subscript of '" + W.Array->getName().str() +
                     "' must select the time level",
                 "write 'A[(t+1)%2][i][j]' where t is the outermost (time) "
                 "loop");
  if (TimeLoop != 0)
    return error(Loops[TimeLoop].Loc,
                 "time loop '" + Loops[TimeLoop].Var +
                     "' must be the outermost loop",
                 "the loop whose variable selects the time level ('" +
                     Loops[TimeLoop].Var +
                     "') must enclose every spatial loop");
  TimeVar = LoopVars[0];
  P.TimeLoop = Loops[0];
  P.SpatialLoops.assign(Loops.begin() + 1, Loops.end());
  for (size_t K = 0; K < P.SpatialLoops.size(); ++K)
    P.SpatialLoops[K].NestDepth = unsigned(K);
  if (P.SpatialLoops.empty())
    return error(Loops[0].Loc, "time loop has no spatial loop inside",
                 "a stencil needs 1 to 3 spatial loops under the time loop");
  if (P.SpatialLoops.size() > 3)
    return error(P.SpatialLoops[3].Loc,
                 "more than 3 spatial loops",
                 "stencilcc supports 1D, 2D and 3D stencils");
  if (W.Indices.size() != Loops.size())
    return error(ref(BO->getLHS()),
                 "'" + W.Array->getName().str() + "' is written with " +
                     std::to_string(W.Indices.size()) +
                     " subscripts but the nest has " +
                     std::to_string(P.SpatialLoops.size()) +
                     " spatial loops",
                 "subscript the array with the time level, then one loop "
                 "variable per spatial loop, outermost first");
  return true;
}

//===----------------------------------------------------------------------===//
// Right-hand side
//===----------------------------------------------------------------------===//

ExprPtr RegionExtractor::convertAccess(const ArraySubscriptExpr *E) {
  Subscripts S;
  if (!parseSubscripts(E, S))
    return nullptr;
  if (S.Array != ArrayVar) {
    error(ref(E),
          "reads array '" + S.Array->getName().str() +
              "'; only the stencil array '" + ArrayVar->getName().str() +
              "' may be read",
          "a region updates one array from its previous time level; other "
          "arrays (and aliases of '" + ArrayVar->getName().str() +
              "') are not supported");
    return nullptr;
  }
  ArrayAccess A;
  int64_t Modulus = 0;
  if (!parseTimeLevel(S.Indices[0], A.TimeShift, Modulus))
    return nullptr;
  if (Modulus != P.TimeModulus) {
    error(ref(S.Indices[0]),
          "time level uses '% " + std::to_string(Modulus) +
              "' but the write uses '% " + std::to_string(P.TimeModulus) +
              "'");
    return nullptr;
  }
  if (!parseSpatialIndices(S, A.Offsets))
    return nullptr;
  auto T = scalarTypeOf(E->getType());
  ExprPtr R = Expr::access(std::move(A), T.value_or(ScalarType::Double));
  R->Loc = ref(E);
  return R;
}

/// Every read must see the level one step back. With two levels that means
/// "not the level being written"; with more, also "not an older level".
bool RegionExtractor::checkTimeLevels() {
  bool Ok = true;
  std::string T = P.TimeLoop.Var;
  P.Rhs->walk([&](const stencilcc::Expr &E) {
    if (E.K != stencilcc::Expr::Kind::Access)
      return;
    int64_t M = P.TimeModulus;
    int64_t D = ((P.WriteShift - E.Access.TimeShift) % M + M) % M;
    if (D == 1)
      return;
    Ok = false;
    ArrayAccess Prev = E.Access;
    Prev.TimeShift = ((P.WriteShift - 1) % M + M) % M;
    if (D == 0)
      Diags.error(E.Loc,
                  "reads the time level being written: '" +
                      P.accessText(E.Access) + "' is updated in place",
                  "read the previous level instead: '" +
                      P.accessText(Prev) + "'");
    else
      Diags.error(E.Loc,
                  "reads the level of time step " + T + " - " +
                      std::to_string(D - 1) +
                      ", not the previous one",
                  "every read must see the level written one step earlier: '" +
                      P.accessText(Prev) + "'");
  });
  return Ok;
}

std::optional<StencilProgram> RegionExtractor::run() {
  const Stmt *Top = nullptr;
  if (!beginRegion(Top))
    return std::nullopt;
  const BinaryOperator *Assign = nullptr;
  if (!collectLoopNest(Top, Assign))
    return std::nullopt;
  P.StmtLoc = ref(Assign);
  P.StatementText = TemporaryText + text(Assign->getSourceRange()) + ";";

  if (!parseArrayDecl(ArrayVar, ref(Assign->getLHS()), P.Array,
                      /*HasTimeDim=*/true, int(P.SpatialLoops.size())))
    return std::nullopt;
  Subscripts W;
  parseSubscripts(Assign->getLHS(), W);
  if (!parseTimeLevel(W.Indices[0], P.WriteShift, P.TimeModulus))
    return std::nullopt;
  // A nest in another order than the written subscripts: the loops in
  // theirs (where the subscripts name each loop once; else the check
  // below says which subscript does not follow its loop).
  std::vector<unsigned> Order;
  for (size_t D = 1; D < W.Indices.size(); ++D) {
    std::optional<AffineExpr> E =
        parseAffine(W.Indices[D], /*AllowLoopVars=*/true);
    for (size_t K = 0; E && K < P.SpatialLoops.size(); ++K)
      if (*E == AffineExpr::symbol(P.SpatialLoops[K].Var) &&
          std::find(Order.begin(), Order.end(), K) == Order.end())
        Order.push_back(unsigned(K));
  }
  if (Order.size() == P.SpatialLoops.size() &&
      W.Indices.size() == P.SpatialLoops.size() + 1)
    orderLoopsBySubscripts(P.SpatialLoops, Order);
  std::vector<int64_t> WriteOffsets;
  if (!parseSpatialIndices(W, WriteOffsets))
    return std::nullopt;
  for (size_t D = 0; D < WriteOffsets.size(); ++D)
    if (WriteOffsets[D] != 0) {
      error(ref(W.Indices[D + 1]),
            "the statement must write the iteration point",
            "write '" + P.SpatialLoops[D].Var + "' as subscript " +
                std::to_string(D + 1) + "; reads carry the offsets");
      return std::nullopt;
    }

  P.Rhs = convert(Assign->getRHS());
  if (!P.Rhs)
    return std::nullopt;
  recordLocalDeclarations();
  if (!checkTimeLevels())
    return std::nullopt;
  if (P.TimeModulus != 2) {
    error(ref(W.Indices[0]),
          "'% " + std::to_string(P.TimeModulus) + "' selects among " +
              std::to_string(P.TimeModulus) + " time levels",
          "stencilcc supports two buffers selected with '% 2'");
    return std::nullopt;
  }
  return std::move(P);
}

std::optional<StencilProgram> extractStencilProgram(ASTContext &Ctx,
                                                    const ScopRegion &Region,
                                                    DiagnosticSink &Diags) {
  // The single-update form has its own planner and emitter; anything else
  // it refuses is read as a stage form, whose diagnostics then stand.
  CollectingDiagnosticSink SingleUpdateDiags;
  if (std::optional<StencilProgram> P =
          RegionExtractor(Ctx, Region, SingleUpdateDiags).run()) {
    for (const Diagnostic &D : SingleUpdateDiags.diagnostics())
      Diags.report(D);
    return P;
  }
  return RegionExtractor(Ctx, Region, Diags).runStageForm();
}

} // namespace stencilcc
