//===- Frontend/StageExtractor.cpp - The stage form of a region -----------===//
//
// Reads a region whose time step is a sequence of statements
// (docs/stage-form.md): the time loop first, then each statement's loop
// nest in order. Arrays are registered as they are met; an array's role
// (state, read-only, time-indexed) follows from how the region uses it, so
// a PolyBench ping-pong array read before the statement that writes it is
// still a state array. What this file checks is syntax and the level
// window; whether the statements can run as data-parallel sweeps is the
// isl dataflow's question (Analysis/StageAnalysis.h).
//
//===----------------------------------------------------------------------===//
#include "RegionExtractor.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <functional>
#include <map>

using namespace clang;

namespace stencilcc {

namespace {

/// Whether \p E names \p V anywhere.
bool mentionsVar(const clang::Expr *E, const VarDecl *V) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      Found |= D->getDecl() == V;
      return !Found;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<clang::Expr *>(E));
  return F.Found;
}

/// The statements of a compound body in order (one statement if \p Body
/// is not compound), null statements dropped.
std::vector<const Stmt *> statementsOf(const Stmt *Body) {
  std::vector<const Stmt *> Out;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
    for (const Stmt *S : CS->body())
      if (!isa<NullStmt>(S))
        Out.push_back(S);
  } else if (!isa<NullStmt>(Body)) {
    Out.push_back(Body);
  }
  return Out;
}

const char *comparisonSpelling(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return "<";
  case BO_LE: return "<=";
  case BO_GT: return ">";
  case BO_GE: return ">=";
  case BO_EQ: return "==";
  case BO_NE: return "!=";
  default: return nullptr;
  }
}

const char *compoundOperator(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_AddAssign: return "+";
  case BO_SubAssign: return "-";
  case BO_MulAssign: return "*";
  case BO_DivAssign: return "/";
  case BO_RemAssign: return "%";
  case BO_ShlAssign: return "<<";
  case BO_ShrAssign: return ">>";
  case BO_AndAssign: return "&";
  case BO_XorAssign: return "^";
  case BO_OrAssign: return "|";
  default: return nullptr;
  }
}

} // namespace

std::string RegionExtractor::constantOffsetNote(size_t Position,
                                                const std::string &Var) {
  return "subscript " + std::to_string(Position) + " must be '" + Var +
         "' plus or minus a constant (a read at a constant offset of the "
         "written point)";
}

bool RegionExtractor::timeVarOutsideLead(const clang::Expr *Idx, size_t Dim,
                                         const std::string &Array) {
  std::string T = TimeVar->getName().str();
  return error(ref(Idx),
               "subscript " + std::to_string(Dim + 1) + " of '" + Array +
                   "' uses the time loop variable '" + T + "'",
               "'" + T + "' may only select a time level in the first "
               "subscript ('A[(" + T + "+1)%2][i]') or the row of an array "
               "indexed by the time step ('W[" + T + "+1][i]')");
}

/// A level subscript on an inner loop's variable: the classic mistake of
/// nesting the time loop inside a spatial loop.
bool RegionExtractor::checkTimeLoopOutermost(const Subscripts &W,
                                             const Stage &St) {
  const BinaryOperator *Rem = levelSelection(W.Indices[0]);
  if (!Rem || mentionsVar(Rem, TimeVar))
    return true;
  for (size_t L = 0; L < St.Loops.size(); ++L)
    if (mentionsVar(Rem->getLHS(), LoopVars[L + 1]))
      return error(St.Loops[L].Loc,
                   "time loop '" + St.Loops[L].Var +
                       "' must be the outermost loop",
                   "the loop whose variable selects the time level ('" +
                       St.Loops[L].Var + "') must enclose every spatial loop");
  return true;
}

/// The variable a VLA pointer cast's initializer converts (`A1` in
/// `float (*A)[n] = (float (*)[n])A1;`), or null.
static const VarDecl *castSource(const VarDecl *V) {
  const clang::Expr *Init = V->getInit();
  if (!Init)
    return nullptr;
  const clang::Expr *E = Init->IgnoreParenCasts();
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(D->getDecl());
  return nullptr;
}

std::optional<StencilProgram> RegionExtractor::runStageForm() {
  StageMode = true;
  const Stmt *Top = nullptr;
  if (!beginRegion(Top))
    return std::nullopt;
  const auto *TimeFor = dyn_cast<ForStmt>(Top);
  if (!TimeFor) {
    error(ref(Top), "a scop region must hold a loop nest",
          "start the region with the time loop: "
          "'for (int t = 0; t < steps; t++)'");
    return std::nullopt;
  }
  if (!parseLoopHeader(TimeFor, P.TimeLoop))
    return std::nullopt;
  TimeVar = LoopVars[0];
  std::vector<const Stmt *> Body = statementsOf(TimeFor->getBody());
  if (!Body.empty() && !parsePointerRotation(Body))
    return std::nullopt;
  if (Body.empty()) {
    error(ref(TimeFor->getBody()), "loop body is empty",
          "the time loop holds the statements of one time step");
    return std::nullopt;
  }
  for (const Stmt *S : Body)
    if (!parseStage(S))
      return std::nullopt;
  for (size_t Id = 0; Id < P.Arrays.size(); ++Id) {
    const StencilArray &A = P.Arrays[Id];
    if (A.Levels > 0 && A.Role != ArrayRole::State) {
      error(A.Loc, "'" + A.Name + "' is read through its time levels but "
                   "no statement writes it",
            "a level subscript '(t + c) % k' selects the buffers of an "
            "array the region updates");
      return std::nullopt;
    }
  }
  if (!checkStageLevels() || !inferFirstExtents() || !finishRotation())
    return std::nullopt;
  recordLocalDeclarations();
  return std::move(P);
}

bool RegionExtractor::parseStage(const Stmt *Nest) {
  if (isa<DeclStmt>(Nest))
    return error(ref(Nest), "declaration inside a scop region",
                 "declare variables before '#pragma scop'; the time loop "
                 "holds only loop nests");
  if (!isa<ForStmt>(Nest))
    return error(ref(Nest), "statement of the time step is not a loop nest",
                 "each statement of a time step is a loop nest ending in one "
                 "assignment to an array element");
  Stage St;
  const Stmt *S = Nest;
  TemporaryText.clear();
  while (const auto *For = dyn_cast<ForStmt>(S)) {
    Loop L;
    if (!parseLoopHeader(For, L))
      return false;
    L.NestDepth = unsigned(St.Loops.size());
    St.Loops.push_back(L);
    const Stmt *Extra = nullptr;
    bool Failed = false;
    const Stmt *Inner = innermostStatement(For->getBody(), Extra, Failed);
    if (Failed)
      return false;
    if (!Inner)
      return error(Extra ? ref(Extra) : ref(For->getBody()),
                   Extra ? "loop body holds more than one statement"
                         : "loop body is empty",
                   "each statement of a time step is its own loop nest: "
                   "split the loop into one nest per assignment");
    S = Inner;
  }
  if (St.Loops.size() > 3)
    return error(St.Loops[3].Loc, "more than 3 spatial loops",
                 "stencilcc supports 1D, 2D and 3D stencils");
  const auto *BO = dyn_cast<BinaryOperator>(S);
  if (const auto *E = dyn_cast<clang::Expr>(S))
    BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
  const char *CompoundOp =
      BO && isa<CompoundAssignOperator>(BO) ? compoundOperator(BO->getOpcode())
                                            : nullptr;
  if (!BO || (BO->getOpcode() != BO_Assign && !CompoundOp))
    return error(ref(S), "innermost statement must assign an array element",
                 "each loop nest ends in one assignment "
                 "'B[i][j] = expression;'");

  Subscripts W;
  if (!parseSubscripts(BO->getLHS(), W) || !splitFlatSubscript(W) ||
      !applyRotation(W))
    return false;
  if (!checkTimeLoopOutermost(W, St))
    return false;
  int Id = arrayIdFor(W, /*IsWrite=*/true);
  if (Id < 0)
    return false;
  St.ArrayId = Id;
  StencilArray &A = P.Arrays[Id];
  if (CompoundOp && A.Levels > 0)
    return error(ref(S), "compound assignment updates the array in place",
                 "write the new level from the previous one: "
                 "'A[(t+1)%2][i] = A[t%2][i] + ...'");
  size_t First = A.hasLeadingTimeSubscript() ? 1 : 0;
  if (A.Levels > 0 && !parseStageTimeSubscript(W, Id, St.WriteShift))
    return false;
  std::string Var = St.Loops.empty() ? "i" : St.Loops.back().Var;
  std::vector<bool> LoopWritten(St.Loops.size(), false);
  for (size_t D = First; D < W.rank(); ++D) {
    const clang::Expr *Idx = W.source(D);
    auto E = W.isFlat() ? std::optional<AffineExpr>(W.FlatIndex[D])
                        : parseAffine(Idx, /*AllowLoopVars=*/true);
    int Followed = -1;
    bool Fixed = E.has_value();
    for (size_t L = 0; E && L < St.Loops.size(); ++L)
      if (E->coefficient(St.Loops[L].Var) != 0) {
        Fixed = false;
        if (*E == AffineExpr::symbol(St.Loops[L].Var))
          Followed = int(L);
      }
    if (E && E->coefficient(TimeVar->getName().str()) != 0)
      return timeVarOutsideLead(Idx, D - First, A.Name);
    if (!Fixed && Followed < 0) {
      std::string Note = "write each subscript as a loop variable (or, for "
                         "a boundary statement, a value free of loop "
                         "variables); reads carry the offsets";
      for (const Loop &L : St.Loops)
        if (E && E->coefficient(L.Var) == 1)
          Note = "write '" + L.Var + "' as subscript " +
                 std::to_string(D - First + 1) + "; reads carry the offsets";
      return error(ref(Idx), "the statement must write the iteration point",
                   Note);
    }
    if (Followed >= 0) {
      if (LoopWritten[Followed])
        return error(ref(Idx),
                     "'" + A.Name + "' is written with loop variable '" +
                         St.Loops[Followed].Var + "' in two subscripts",
                     "write the iteration point: each loop variable is one "
                     "subscript of the written array");
      LoopWritten[Followed] = true;
    }
    St.WriteLoop.push_back(Followed);
    St.WriteIndex.push_back(IndexExpr::affine(*E));
  }
  for (size_t L = 0; L < St.Loops.size(); ++L)
    if (!LoopWritten[L])
      return error(St.Loops[L].Loc,
                   "loop '" + St.Loops[L].Var + "' does not appear in the "
                   "written subscripts, so every iteration writes the same "
                   "element",
                   "write the iteration point: each loop variable is one "
                   "subscript of the written array");
  // The loops in the order of the subscripts they write.
  std::vector<unsigned> Order;
  for (int L : St.WriteLoop)
    if (L >= 0)
      Order.push_back(unsigned(L));
  orderLoopsBySubscripts(St.Loops, Order);
  for (size_t D = 0, K = 0; D < St.WriteLoop.size(); ++D)
    if (St.WriteLoop[D] >= 0)
      St.WriteLoop[D] = int(K++);

  P.Stages.push_back(std::move(St));
  Stage &Cur = P.Stages.back();
  CurrentStage = &Cur;
  ExprPtr Value = convert(BO->getRHS());
  if (!Value)
    return false;
  if (CompoundOp) {
    // `X op= e` is `X = X op e`, computed in Clang's computation types.
    const auto *CA = cast<CompoundAssignOperator>(BO);
    ScalarType LhsType =
        scalarTypeOf(BO->getLHS()->getType()).value_or(ScalarType::Double);
    ArrayAccess Self;
    Self.ArrayId = Cur.ArrayId;
    Self.TimeShift = Cur.WriteShift;
    Self.Index = Cur.WriteIndex;
    bool AtPoint = Cur.WriteLoop.size() == Cur.Loops.size();
    for (size_t D = 0; D < Cur.WriteLoop.size(); ++D)
      AtPoint &= Cur.WriteLoop[D] == int(D);
    if (AtPoint)
      Self.Offsets.assign(Cur.Loops.size(), 0);
    ExprPtr Read = Expr::access(Self, LhsType);
    Read->Loc = ref(BO->getLHS());
    ScalarType CL = scalarTypeOf(CA->getComputationLHSType()).value_or(LhsType);
    ScalarType CR =
        scalarTypeOf(CA->getComputationResultType()).value_or(LhsType);
    if (CL != LhsType)
      Read = Expr::cast(CL, std::move(Read), /*Implicit=*/true);
    Value = Expr::binary(CompoundOp, std::move(Read), std::move(Value), CR);
    if (CR != LhsType)
      Value = Expr::cast(LhsType, std::move(Value), /*Implicit=*/true);
    Value->Loc = ref(BO);
  }
  Cur.Rhs = std::move(Value);
  Cur.Loc = ref(BO);
  Cur.StatementText = TemporaryText + text(BO->getSourceRange()) + ";";
  CurrentStage = nullptr;
  LoopVars.resize(1);
  LoopStmts.resize(1);
  return true;
}

/// The array \p S names, registered on first sight. Its first subscript
/// decides whether it has a time subscript: one that names the time loop.
int RegionExtractor::arrayIdFor(const Subscripts &S, bool IsWrite) {
  auto It = std::find(ArrayVars.begin(), ArrayVars.end(), S.Array);
  const clang::Expr *Lead = S.Indices[0]->IgnoreParenImpCasts();
  // A plain pointer with one subscript over several loops (`a[i * n + j]`):
  // a grid flattened by hand, which the subscripts per dimension of a
  // pointer cast to a variable-length array say instead.
  if (!S.isFlat() && S.Indices.size() == 1 &&
      S.Array->getType()->isPointerType() &&
      !S.Array->getType()->getPointeeType()->isArrayType()) {
    struct Vars : RecursiveASTVisitor<Vars> {
      const RegionExtractor *X;
      std::set<int> Loops;
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
          if (X->loopIndexOf(V) >= 0)
            Loops.insert(X->loopIndexOf(V));
        return true;
      }
    } F;
    F.X = this;
    F.TraverseStmt(const_cast<clang::Expr *>(Lead));
    if (F.Loops.size() > 1) {
      const std::string Name = S.Array->getName().str();
      return error(ref(S.Indices[0]),
                   "'" + Name + "' is indexed with one flattened subscript over several loops",
                   "cast it to a pointer to a variable-length array and subscript each "
                   "dimension: 'float (*" + Name + "2)[n] = (float (*)[n])" + Name + ";' then '" +
                       Name + "2[i][j]'"),
             -1;
    }
  }
  bool Timed = S.RotatedShift || (!S.isFlat() && mentionsVar(Lead, TimeVar));
  bool Leveled = S.RotatedShift || (Timed && levelSelection(Lead));
  std::string Name = S.Array->getName().str();
  unsigned Id;
  if (It == ArrayVars.end()) {
    if (const VarDecl *Src = castSource(S.Array))
      for (const VarDecl *Other : ArrayVars)
        if (castSource(Other) == Src)
          return error(ref(S.Base),
                       "'" + Name + "' and '" + Other->getName().str() +
                           "' point to the same memory ('" +
                           Src->getName().str() + "')",
                       "name each array once; levels of one array go "
                       "through its first subscript '(t + c) % k'"),
                 -1;
    StencilArray A;
    if (!parseArrayDecl(S.Array, ref(S.Base), A, Timed && !S.RotatedShift,
                        /*SpatialRank=*/-1))
      return -1;
    if (S.isFlat()) {
      // The extents the strides give; the first from the accesses.
      A.Flattened = true;
      A.Extents.assign(1, AffineExpr());
      A.ExtentSpellings.assign(1, "");
      for (const AffineExpr &E : S.FlatExtents) {
        A.Extents.push_back(E);
        A.ExtentSpellings.push_back(E.str());
      }
    }
    if (S.RotatedShift) {
      A.Levels = S.RotatedLevels;
      for (const VarDecl *V : RotationMembers[S.Array]) {
        A.LevelPointers.push_back(V->getName().str());
        if (V != S.Array)
          if (std::optional<SourceSpan> Span = vlaParameterSpan(V))
            A.LevelVLAParameters.push_back({V->getName().str(), *Span});
      }
    } else if (Leveled) {
      int64_t Shift = 0, Modulus = 0;
      if (!parseTimeLevel(S.Indices[0], Shift, Modulus))
        return -1;
      A.Levels = Modulus;
    }
    A.Role = Timed && !Leveled ? ArrayRole::TimeIndexed : ArrayRole::ReadOnly;
    if (!A.ExtentSpellings.empty() && A.ExtentSpellings[0].empty())
      InferredFirstExtent.insert(P.Arrays.size());
    ArrayVars.push_back(S.Array);
    P.Arrays.push_back(std::move(A));
    Id = P.Arrays.size() - 1;
  } else {
    Id = It - ArrayVars.begin();
  }
  StencilArray &A = P.Arrays[Id];
  if (Timed != A.hasLeadingTimeSubscript() || Leveled != (A.Levels > 0))
    return error(ref(S.Indices[0]),
                 "'" + Name + "' is subscripted " +
                     (Leveled ? "with a time level"
                      : Timed ? "with the time step"
                              : "without the time step") +
                     " here but not where it is first used",
                 "use one form for every access of an array: a level "
                 "'(t + c) % k', the time step 't + c', or space only"),
           -1;
  size_t Want = A.Extents.size() + (Timed ? 1 : 0);
  if (S.rank() != Want)
    return error(ref(S.Base), "'" + Name + "' is accessed with " +
                                  std::to_string(S.rank()) +
                                  " subscripts; its declaration has " +
                                  std::to_string(Want) + " dimensions"),
           -1;
  if (IsWrite) {
    if (A.Role == ArrayRole::TimeIndexed)
      return error(ref(S.Indices[0]),
                   "writes '" + Name + "' at time step '" +
                       text(S.Indices[0]->getSourceRange()) +
                       "': arrays indexed by the time step are read only",
                   "keep state in arrays written through a level "
                   "'(t + 1) % k' or in arrays without a time subscript"),
             -1;
    A.Role = ArrayRole::State;
  }
  return int(Id);
}

bool RegionExtractor::parseStageTimeSubscript(const Subscripts &S,
                                              unsigned Id, int64_t &Shift) {
  if (S.RotatedShift) {
    Shift = *S.RotatedShift;
    return true;
  }
  const StencilArray &A = P.Arrays[Id];
  if (A.Levels > 0) {
    int64_t Modulus = 0;
    if (!parseTimeLevel(S.Indices[0], Shift, Modulus))
      return false;
    if (Modulus != A.Levels)
      return error(ref(S.Indices[0]),
                   "time level uses '% " + std::to_string(Modulus) +
                       "' but '" + A.Name + "' is used with '% " +
                       std::to_string(A.Levels) + "'",
                   "select the levels of one array with one modulus");
    return true;
  }
  auto E = parseAffine(S.Indices[0], /*AllowLoopVars=*/true);
  std::string T = TimeVar->getName().str();
  if (!E || E->coefficient(T) != 1 || !E->without(T).isConstant())
    return error(ref(S.Indices[0]),
                 "time subscript must be the time loop variable '" + T +
                     "' plus a constant",
                 "read an array indexed by the time step as '" + A.Name +
                     "[" + T + " + c]...'");
  Shift = E->constantTerm();
  return true;
}

/// A subscript: affine, a selection between subscripts on a comparison of
/// affine values (a clamp), or a remainder by a parameter (a wrap).
std::optional<IndexExpr> RegionExtractor::parseIndex(const clang::Expr *E,
                                                     size_t Position,
                                                     bool Wrapped) {
  E = E->IgnoreParenImpCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    const auto *Cmp =
        dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
    const char *Op = Cmp ? comparisonSpelling(Cmp->getOpcode()) : nullptr;
    if (!Op) {
      error(ref(CO->getCond()), "condition of a subscript must compare two "
                                "affine values",
            "clamp with 'i < n - 1 ? i + 1 : i' or a min/max macro");
      return std::nullopt;
    }
    auto L = parseAffine(Cmp->getLHS(), /*AllowLoopVars=*/true);
    auto R = L ? parseAffine(Cmp->getRHS(), /*AllowLoopVars=*/true)
               : std::nullopt;
    if (!L || !R) {
      error(ref(NonAffine), "condition of a subscript is not affine",
            "compare loop variables, integer parameters and constants");
      return std::nullopt;
    }
    auto Then = parseIndex(CO->getTrueExpr(), Position, Wrapped);
    if (!Then)
      return std::nullopt;
    auto Else = parseIndex(CO->getFalseExpr(), Position, Wrapped);
    if (!Else)
      return std::nullopt;
    return IndexExpr::select(*L, Op, *R, std::move(*Then), std::move(*Else));
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->getOpcode() == BO_Rem) {
      auto Dividend = parseIndex(BO->getLHS(), Position, /*Wrapped=*/true);
      if (!Dividend)
        return std::nullopt;
      auto Divisor = parseAffine(BO->getRHS(), /*AllowLoopVars=*/false);
      if (!Divisor) {
        error(ref(BO->getRHS()), "divisor of a periodic subscript must be "
                                 "affine in integer parameters",
              "wrap with '(i + 1) % n'");
        return std::nullopt;
      }
      return IndexExpr::mod(std::move(*Dividend), *Divisor);
    }
  auto A = parseAffine(E, /*AllowLoopVars=*/true);
  if (!A) {
    error(ref(E), "offset is not a constant",
          "a subscript is a loop variable plus or minus a constant, "
          "optionally clamped ('i < n - 1 ? i + 1 : i') or wrapped "
          "('(i + 1) % n')");
    return std::nullopt;
  }
  return affineIndex(*A, E, Position, Wrapped);
}

std::optional<IndexExpr> RegionExtractor::affineIndex(const AffineExpr &Value,
                                                      const clang::Expr *E,
                                                      size_t Position,
                                                      bool Wrapped) {
  const AffineExpr *A = &Value;
  // A value of one loop variable plus a constant, or of none.
  unsigned Vars = 0;
  const Loop *Followed = nullptr;
  for (const Loop &L : CurrentStage->Loops) {
    int64_t C = A->coefficient(L.Var);
    if (C != 0 && C != 1) {
      error(ref(E), "offset is not a constant",
            constantOffsetNote(Position, L.Var));
      return std::nullopt;
    }
    Vars += C != 0;
    if (C)
      Followed = &L;
  }
  if (Vars > 1) {
    error(ref(E), "subscript combines several loop variables",
          "each subscript follows one loop variable");
    return std::nullopt;
  }
  // A wrapped dividend may add the divisor to stay non-negative
  // (`(i + n - 1) % n`): the remainder, not the dividend, is the offset.
  if (Followed && !Wrapped && !A->without(Followed->Var).isConstant()) {
    error(ref(E),
          "offset '" + A->without(Followed->Var).str() + "' is not a constant",
          constantOffsetNote(Position, Followed->Var));
    return std::nullopt;
  }
  return IndexExpr::affine(*A);
}

ExprPtr RegionExtractor::convertStageAccess(const ArraySubscriptExpr *E) {
  Subscripts S;
  if (!parseSubscripts(E, S) || !splitFlatSubscript(S) || !applyRotation(S))
    return nullptr;
  int Id = arrayIdFor(S, /*IsWrite=*/false);
  if (Id < 0)
    return nullptr;
  const StencilArray &Arr = P.Arrays[Id];
  ArrayAccess A;
  A.ArrayId = Id;
  size_t First = 0;
  if (Arr.hasLeadingTimeSubscript()) {
    if (!parseStageTimeSubscript(S, Id, A.TimeShift))
      return nullptr;
    First = 1;
  }
  const Stage &St = *CurrentStage;
  for (size_t D = First; D < S.rank(); ++D) {
    size_t Dim = D - First;
    if (!S.isFlat() && mentionsVar(S.Indices[D], TimeVar))
      return timeVarOutsideLead(S.Indices[D], Dim, Arr.Name), nullptr;
    auto I = S.isFlat()
                 ? affineIndex(S.FlatIndex[D], S.Indices[0], Dim + 1, false)
                 : parseIndex(S.Indices[D], Dim + 1);
    if (!I)
      return nullptr;
    // An array of the nest's rank follows the loops in order.
    if (Arr.Extents.size() == St.Loops.size())
      for (size_t L = 0; L < St.Loops.size(); ++L)
        if (L != Dim && I->mentions(St.Loops[L].Var))
          return error(ref(S.source(D)),
                       "subscript " + std::to_string(Dim + 1) + " uses '" +
                           St.Loops[L].Var + "' where '" + St.Loops[Dim].Var +
                           "' is expected",
                       constantOffsetNote(Dim + 1, St.Loops[Dim].Var)),
                 nullptr;
    A.Index.push_back(std::move(*I));
  }
  if (Arr.Extents.size() == St.Loops.size()) {
    for (size_t D = 0; D < St.Loops.size(); ++D) {
      auto Off = A.Index[D].offsetFrom(St.Loops[D].Var);
      if (!Off) {
        A.Offsets.clear();
        break;
      }
      A.Offsets.push_back(*Off);
    }
  }
  auto T = scalarTypeOf(E->getType());
  ExprPtr R = Expr::access(std::move(A), T.value_or(ScalarType::Double));
  R->Loc = ref(E);
  return R;
}

/// A read of an array with levels must see one of the k-1 levels before
/// the one its own statement writes.
bool RegionExtractor::checkStageLevels() {
  std::map<unsigned, int64_t> WriteShift;
  for (const Stage &S : P.Stages) {
    const StencilArray &A = P.Arrays[S.ArrayId];
    if (A.Levels == 0)
      continue;
    auto [It, New] = WriteShift.emplace(S.ArrayId, S.WriteShift);
    if (!New && (It->second - S.WriteShift) % A.Levels != 0)
      return error(S.Loc, "'" + A.Name + "' is written at two levels in one "
                          "time step",
                   "every statement writing an array with levels writes "
                   "the same level");
  }
  bool Ok = true;
  for (const Stage &S : P.Stages)
    S.Rhs->walk([&](const stencilcc::Expr &E) {
      if (!Ok || E.K != stencilcc::Expr::Kind::Access ||
          E.Access.ArrayId != int(S.ArrayId))
        return;
      const StencilArray &A = P.Arrays[S.ArrayId];
      if (A.Levels == 0)
        return;
      int64_t K = A.Levels;
      int64_t D = ((S.WriteShift - E.Access.TimeShift) % K + K) % K;
      if (D != 0)
        return;
      ArrayAccess Prev = E.Access;
      Prev.TimeShift = ((S.WriteShift - 1) % K + K) % K;
      Ok = error(E.Loc,
                 "reads the time level being written: '" +
                     P.stageAccessText(E.Access) + "' is updated in place",
                 K == 2 ? "read the previous level instead: '" +
                              P.stageAccessText(Prev) + "'"
                        : "read one of the " + std::to_string(K - 1) +
                              " previous levels instead, e.g. '" +
                              P.stageAccessText(Prev) + "'");
    });
  return Ok;
}

/// The first extent of an array declared as a pointer (or `A[]`): one past
/// the largest index any access reaches, when the accesses agree on its
/// symbolic part (`n - 1 + 1` and `n - 2 + 2` do).
bool RegionExtractor::inferFirstExtents() {
  for (unsigned Id : InferredFirstExtent) {
    StencilArray &A = P.Arrays[Id];
    std::optional<AffineExpr> Best;
    std::optional<int64_t> Constant; // the largest reach that names no parameter
    bool Comparable = true;
    auto Consider = [&](const AffineExpr &E) {
      // A fixed row (a boundary statement's `v[0][j]`, a read of `v[1][j]`)
      // lies inside the symbolic reach for the sizes at which the loops
      // run; the bounds analysis checks the others at run time.
      if (E.isConstant()) {
        Constant = std::max(Constant.value_or(E.constantTerm()), E.constantTerm());
        return;
      }
      if (!Best) {
        Best = E;
        return;
      }
      AffineExpr D = E - *Best;
      if (!D.isConstant()) {
        Comparable = false;
        return;
      }
      if (D.constantTerm() > 0)
        Best = E;
    };
    // Plain subscripts only: a clamp's or a wrap's pieces would overstate
    // the extent; the analysis checks those against the extent found here.
    auto Plain = [&](const IndexExpr &I, const Stage &St) {
      if (!I.isAffine())
        return;
      AffineExpr Max = I.Value + AffineExpr::constant(1);
      for (const Loop &L : St.Loops)
        if (int64_t C = I.Value.coefficient(L.Var))
          Max = Max.without(L.Var) +
                (C > 0 ? L.Upper - AffineExpr::constant(1) : L.Lower) * C;
      Consider(Max);
    };
    for (const Stage &St : P.Stages) {
      if (St.ArrayId == Id)
        Plain(St.WriteIndex[0], St);
      St.Rhs->walk([&](const stencilcc::Expr &E) {
        if (E.K == stencilcc::Expr::Kind::Access && E.Access.ArrayId == int(Id))
          Plain(E.Access.Index[0], St);
      });
    }
    if (!Best && Constant)
      Best = AffineExpr::constant(*Constant);
    if (!Best || !Comparable)
      return error(A.Loc,
                   "cannot tell the extent of the first dimension of '" +
                       A.Name + "'",
                   "declare '" + A.Name + "' with its extents, e.g. as a "
                   "parameter 'float " + A.Name + "[n][n]'");
    A.Extents[0] = *Best;
    A.ExtentSpellings[0] = Best->str();
    A.FirstExtentInferred = true;
  }
  return true;
}

} // namespace stencilcc
