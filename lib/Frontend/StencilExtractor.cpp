//===- Frontend/StencilExtractor.cpp - Clang AST to StencilProgram --------===//
//
// The region is read top-down: the loop nest headers, then the assignment at
// its bottom, then the right-hand side. The time loop is recognised by use,
// not by position: it is the loop whose variable selects the time level in
// the written array's first subscript. That lets "time loop not outermost"
// be reported as such instead of as a confusing subscript error.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Frontend/StencilExtractor.h"

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

namespace {

/// The math functions a stencil may call. They are pure, exist under the
/// same name in CUDA device code, and Clang has already type-checked the
/// call against <math.h>.
const std::set<std::string> &mathFunctions() {
  static const std::set<std::string> Names = {
      "sqrt",  "sqrtf",  "cbrt",  "cbrtf",  "fabs",  "fabsf", "fmin",
      "fminf", "fmax",   "fmaxf", "exp",    "expf",  "exp2",  "exp2f",
      "log",   "logf",   "log2",  "log2f",  "log10", "log10f", "pow",
      "powf",  "sin",    "sinf",  "cos",    "cosf",  "tan",   "tanf",
      "tanh",  "tanhf",  "atan",  "atanf",  "floor", "floorf", "ceil",
      "ceilf", "fma",    "fmaf",  "hypot",  "hypotf", "copysign",
      "copysignf", "rsqrt", "rsqrtf", "erf", "erff"};
  return Names;
}

std::optional<ScalarType> scalarTypeOf(QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Bool:
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
  case BuiltinType::SChar:
  case BuiltinType::UChar:
  case BuiltinType::Short:
  case BuiltinType::UShort:
  case BuiltinType::Int:
    return ScalarType::Int;
  case BuiltinType::UInt:
    return ScalarType::UInt;
  case BuiltinType::Long:
  case BuiltinType::LongLong:
    return ScalarType::Long;
  case BuiltinType::ULong:
  case BuiltinType::ULongLong:
    return ScalarType::ULong;
  case BuiltinType::Float:
    return ScalarType::Float;
  case BuiltinType::Double:
    return ScalarType::Double;
  default:
    return std::nullopt;
  }
}

/// A parsed array subscript chain `A[e0][e1]...`.
struct Subscripts {
  const VarDecl *Array = nullptr;
  const clang::Expr *Base = nullptr;
  std::vector<const clang::Expr *> Indices;
};

class RegionExtractor {
public:
  RegionExtractor(ASTContext &Ctx, const ScopRegion &Region,
                  DiagnosticSink &Diags)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Region(Region), Diags(Diags) {}

  std::optional<StencilProgram> run();

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const ScopRegion &Region;
  DiagnosticSink &Diags;
  StencilProgram P;

  /// Loop variables, outermost first, and the loops they control.
  std::vector<const VarDecl *> LoopVars;
  std::vector<const ForStmt *> LoopStmts;
  const VarDecl *TimeVar = nullptr;
  const VarDecl *ArrayVar = nullptr;
  std::set<std::string> ParameterNames;
  /// Locals whose values parseAffine folded into the IR (see
  /// StencilProgram::LocalDeclarations).
  std::vector<const VarDecl *> FoldedLocals;
  /// Where parseAffine gave up, for the diagnostic.
  const clang::Expr *NonAffine = nullptr;

  SourceRef ref(const Stmt *S) const {
    return makeSourceRef(SM, S->getBeginLoc(), S->getSourceRange());
  }
  SourceRef ref(SourceLocation L) const { return makeSourceRef(SM, L); }

  bool error(SourceRef Loc, const std::string &Msg,
             const std::string &Note = {}) {
    Diags.error(Loc, Msg, Note);
    return false;
  }

  std::string text(SourceRange R) const {
    CharSourceRange CR = CharSourceRange::getTokenRange(R);
    CR = Lexer::makeFileCharRange(CR, SM, Ctx.getLangOpts());
    if (CR.isInvalid())
      return "";
    return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
  }
  std::string tokenSpelling(SourceLocation L) const {
    SmallVector<char, 32> Buf;
    bool Invalid = false;
    StringRef S =
        Lexer::getSpelling(SM.getSpellingLoc(L), Buf, SM, Ctx.getLangOpts(),
                           &Invalid);
    return Invalid ? "" : S.str();
  }

  int loopIndexOf(const VarDecl *V) const {
    for (size_t I = 0; I < LoopVars.size(); ++I)
      if (LoopVars[I] == V)
        return static_cast<int>(I);
    return -1;
  }

  void addParameter(const VarDecl *V, ScalarType T) {
    if (!ParameterNames.insert(V->getName().str()).second)
      return;
    Parameter Par;
    Par.Name = V->getName().str();
    Par.Type = T;
    Par.Loc = makeSourceRef(SM, V->getLocation());
    P.Parameters.push_back(Par);
  }

  std::optional<AffineExpr> parseAffine(const clang::Expr *E,
                                        bool AllowLoopVars);
  bool isModified(const VarDecl *V) const;
  bool parseLoopHeader(const ForStmt *For, Loop &L);
  bool boundError();
  bool collectLoopNest(const Stmt *Top, const BinaryOperator *&Assign);
  bool parseSubscripts(const clang::Expr *E, Subscripts &S);
  bool parseTimeLevel(const clang::Expr *E, int64_t &Shift,
                      int64_t &Modulus);
  bool parseSpatialIndices(const Subscripts &S, std::vector<int64_t> &Offs);
  bool parseArrayDecl(const VarDecl *V, SourceRef UseLoc);
  ExprPtr convert(const clang::Expr *E);
  ExprPtr unsupportedOperator(SourceRef Loc, llvm::StringRef Op) {
    error(Loc, "operator '" + Op.str() +
                   "' is not supported in a stencil expression",
          "supported: + - * /, unary minus, casts and calls to math "
          "functions");
    return nullptr;
  }
  ExprPtr convertAccess(const ArraySubscriptExpr *E);
  bool checkTimeLevels();
};

//===----------------------------------------------------------------------===//
// Affine expressions (bounds, extents, subscripts)
//===----------------------------------------------------------------------===//

std::optional<AffineExpr> RegionExtractor::parseAffine(const clang::Expr *E,
                                                       bool AllowLoopVars) {
  E = E->IgnoreParens();
  // The region's text still names a local the IR replaces by its value.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (V->isLocalVarDecl() && V->getInit() && loopIndexOf(V) < 0 &&
          !isModified(V) &&
          std::find(FoldedLocals.begin(), FoldedLocals.end(), V) ==
              FoldedLocals.end())
        FoldedLocals.push_back(V);
  // Constants, including macros, enumerators and `const int` globals that
  // Clang can fold.
  if (!E->isValueDependent()) {
    clang::Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx) && !E->HasSideEffects(Ctx)) {
      // Only fold when no variable is read: `n - n` must still name `n`...
      // EvaluateAsInt fails on non-constant variables, so a success means
      // the value is the same for every run.
      return AffineExpr::constant(R.Val.getInt().getSExtValue());
    }
  }
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    return parseAffine(IC->getSubExpr(), AllowLoopVars);
  if (const auto *CC = dyn_cast<CStyleCastExpr>(E)) {
    if (CC->getType()->isIntegerType())
      return parseAffine(CC->getSubExpr(), AllowLoopVars);
    NonAffine = E;
    return std::nullopt;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !V->getType()->isIntegerType()) {
      NonAffine = E;
      return std::nullopt;
    }
    if (loopIndexOf(V) >= 0) {
      if (!AllowLoopVars) {
        NonAffine = E;
        return std::nullopt;
      }
      return AffineExpr::symbol(V->getName().str());
    }
    // A local set once before the region (`int hi = n - 2;`) stands for
    // its initializer, so bounds written with it stay comparable with the
    // extents written with `n`.
    if (V->isLocalVarDecl() && V->getInit() && !isModified(V))
      if (auto Init = parseAffine(V->getInit(), /*AllowLoopVars=*/false))
        return Init;
    addParameter(V, scalarTypeOf(V->getType()).value_or(ScalarType::Int));
    return AffineExpr::symbol(V->getName().str());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Minus || UO->getOpcode() == UO_Plus) {
      auto Sub = parseAffine(UO->getSubExpr(), AllowLoopVars);
      if (!Sub)
        return std::nullopt;
      return UO->getOpcode() == UO_Minus ? -*Sub : *Sub;
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (Op == BO_Add || Op == BO_Sub || Op == BO_Mul) {
      auto L = parseAffine(BO->getLHS(), AllowLoopVars);
      if (!L)
        return std::nullopt;
      auto R = parseAffine(BO->getRHS(), AllowLoopVars);
      if (!R)
        return std::nullopt;
      if (Op == BO_Add)
        return *L + *R;
      if (Op == BO_Sub)
        return *L - *R;
      if (L->isConstant())
        return *R * L->constantTerm();
      if (R->isConstant())
        return *L * R->constantTerm();
    }
  }
  NonAffine = E;
  return std::nullopt;
}

/// Whether the function assigns \p V after its declaration, or takes its
/// address (after which any call might).
bool RegionExtractor::isModified(const VarDecl *V) const {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool isV(const clang::Expr *E) const {
      const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return D && D->getDecl() == V;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp() && isV(B->getLHS()))
        Found = true;
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
          isV(U->getSubExpr()))
        Found = true;
      return !Found;
    }
  } F;
  F.V = V;
  F.TraverseStmt(Region.Function->getBody());
  return F.Found;
}

//===----------------------------------------------------------------------===//
// Loop nest
//===----------------------------------------------------------------------===//

static const VarDecl *refVar(const clang::Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// Reports the loop bound parseAffine could not read (at NonAffine).
bool RegionExtractor::boundError() {
  return error(ref(NonAffine),
               refVar(NonAffine) && loopIndexOf(refVar(NonAffine)) >= 0
                   ? "loop bound depends on an enclosing loop variable"
                   : "loop bound is not affine in integer parameters",
               "bounds must be sums of integer parameters times constants, "
               "plus a constant (e.g. 'n - 2', '2*r')");
}

bool RegionExtractor::parseLoopHeader(const ForStmt *For, Loop &L) {
  L.Loc = ref(For->getForLoc());
  const VarDecl *Var = nullptr;
  const clang::Expr *Init = nullptr;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl()) {
      Var = dyn_cast<VarDecl>(DS->getSingleDecl());
      if (Var)
        Init = Var->getInit();
    }
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (BO->getOpcode() == BO_Assign) {
      Var = refVar(BO->getLHS());
      Init = BO->getRHS();
      L.VarDeclaredOutside = true;
    }
  }
  if (!Var || !Init)
    return error(For->getInit() ? ref(For->getInit()) : ref(For->getLParenLoc()),
                 "loop must initialize one loop variable",
                 "write 'for (int i = lower; i < upper; i++)' or "
                 "'for (i = lower; i < upper; i++)'");
  if (!Var->getType()->isIntegerType())
    return error(ref(Var->getLocation()),
                 "loop variable '" + Var->getName().str() +
                     "' must have an integer type");
  for (const VarDecl *Outer : LoopVars)
    if (Outer == Var)
      return error(ref(For->getInit()),
                   "loop variable '" + Var->getName().str() +
                       "' is already used by an enclosing loop");
  L.Var = Var->getName().str();

  auto Lower = parseAffine(Init, /*AllowLoopVars=*/false);
  if (!Lower)
    return boundError();
  L.Lower = *Lower;

  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond());
  const clang::Expr *Bound = nullptr;
  if (Cond) {
    BinaryOperatorKind Op = Cond->getOpcode();
    if ((Op == BO_LT || Op == BO_LE) && refVar(Cond->getLHS()) == Var) {
      Bound = Cond->getRHS();
      L.UpperInclusive = Op == BO_LE;
    } else if ((Op == BO_GT || Op == BO_GE) && refVar(Cond->getRHS()) == Var) {
      Bound = Cond->getLHS();
      L.UpperInclusive = Op == BO_GE;
    }
  }
  if (!Bound)
    return error(For->getCond() ? ref(For->getCond()) : ref(For->getForLoc()),
                 "loop condition must compare '" + L.Var +
                     "' with '<' or '<='",
                 "write '" + L.Var + " < upper' or '" + L.Var +
                     " <= upper'");
  auto Upper = parseAffine(Bound, /*AllowLoopVars=*/false);
  if (!Upper)
    return boundError();
  L.Upper = L.UpperInclusive ? *Upper + AffineExpr::constant(1) : *Upper;

  // Step: i++, ++i, i += 1, i = i + 1 (or 1 + i).
  const clang::Expr *Inc = For->getInc();
  bool StepOne = false;
  if (!Inc)
    return error(ref(For->getRParenLoc()), "loop has no increment",
                 "write '" + L.Var + "++'");
  Inc = Inc->IgnoreParens();
  auto IsOne = [&](const clang::Expr *E) {
    clang::Expr::EvalResult R;
    return E->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 1;
  };
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    StepOne = UO->isIncrementOp() && refVar(UO->getSubExpr()) == Var;
  } else if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc)) {
    StepOne = CA->getOpcode() == BO_AddAssign && refVar(CA->getLHS()) == Var &&
              IsOne(CA->getRHS());
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc)) {
    if (BO->getOpcode() == BO_Assign && refVar(BO->getLHS()) == Var) {
      if (const auto *Add =
              dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts()))
        StepOne = Add->getOpcode() == BO_Add &&
                  ((refVar(Add->getLHS()) == Var && IsOne(Add->getRHS())) ||
                   (refVar(Add->getRHS()) == Var && IsOne(Add->getLHS())));
    }
  }
  if (!StepOne)
    return error(ref(Inc), "loop step must be 1",
                 "stencilcc handles loops that advance by one: write '" +
                     L.Var + "++'");
  LoopVars.push_back(Var);
  LoopStmts.push_back(For);
  return true;
}

/// The single statement a loop body holds (through braces), or null.
static const Stmt *onlyStatement(const Stmt *Body, const Stmt *&Extra) {
  Extra = nullptr;
  while (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
    const Stmt *Found = nullptr;
    for (const Stmt *S : CS->body()) {
      if (isa<NullStmt>(S))
        continue;
      if (Found) {
        Extra = S;
        return nullptr;
      }
      Found = S;
    }
    if (!Found)
      return nullptr;
    Body = Found;
  }
  return Body;
}

bool RegionExtractor::collectLoopNest(const Stmt *Top,
                                      const BinaryOperator *&Assign) {
  const Stmt *S = Top;
  std::vector<Loop> Loops;
  while (const auto *For = dyn_cast<ForStmt>(S)) {
    Loop L;
    if (!parseLoopHeader(For, L))
      return false;
    Loops.push_back(L);
    const Stmt *Extra = nullptr;
    const Stmt *Body = onlyStatement(For->getBody(), Extra);
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
  if (const auto *Rem = dyn_cast<BinaryOperator>(Level))
    if (Rem->getOpcode() == BO_Rem) {
      // Whichever loop variable appears on the left of `%`.
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
// Array accesses
//===----------------------------------------------------------------------===//

bool RegionExtractor::parseSubscripts(const clang::Expr *E, Subscripts &S) {
  const clang::Expr *Cur = E->IgnoreParenImpCasts();
  std::vector<const clang::Expr *> Rev;
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Cur)) {
    Rev.push_back(ASE->getIdx());
    Cur = ASE->getBase()->IgnoreParenImpCasts();
  }
  const VarDecl *V = nullptr;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Cur))
    V = dyn_cast<VarDecl>(DRE->getDecl());
  if (Rev.empty() || !V)
    return error(ref(E), "stencil statement must write an array element",
                 "write 'A[(t+1)%2][i][j] = ...' with A an array "
                 "(or a pointer to a variable-length array)");
  S.Array = V;
  S.Base = Cur;
  S.Indices.assign(Rev.rbegin(), Rev.rend());
  return true;
}

bool RegionExtractor::parseTimeLevel(const clang::Expr *E, int64_t &Shift,
                                     int64_t &Modulus) {
  const auto *Rem = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  const char *Note = "select the level with '(t + c) % 2' where t is the "
                     "time loop variable and c a non-negative constant";
  if (!Rem || Rem->getOpcode() != BO_Rem)
    return error(ref(E), "time level must be selected with '% 2'", Note);
  clang::Expr::EvalResult M;
  if (!Rem->getRHS()->EvaluateAsInt(M, Ctx) ||
      M.Val.getInt().getSExtValue() < 2)
    return error(ref(Rem->getRHS()),
                 "time level modulus must be a constant of at least 2", Note);
  Modulus = M.Val.getInt().getSExtValue();
  auto Lhs = parseAffine(Rem->getLHS(), /*AllowLoopVars=*/true);
  std::string T = TimeVar->getName().str();
  if (!Lhs || Lhs->coefficient(T) != 1 || !Lhs->without(T).isConstant())
    return error(ref(Rem->getLHS()),
                 "time level must be the time loop variable '" + T +
                     "' plus a constant",
                 Note);
  Shift = Lhs->constantTerm();
  if (Shift < 0)
    return error(ref(Rem->getLHS()),
                 "time level '" + Lhs->str() +
                     "' is negative at the first step and C's '%' keeps "
                     "the sign",
                 "shift by a non-negative constant, e.g. '(" + T +
                     " + 1) % 2'");
  return true;
}

bool RegionExtractor::parseSpatialIndices(const Subscripts &S,
                                          std::vector<int64_t> &Offs) {
  size_t N = P.SpatialLoops.size();
  if (S.Indices.size() != N + 1)
    return error(ref(S.Base),
                 "'" + S.Array->getName().str() + "' is accessed with " +
                     std::to_string(S.Indices.size()) +
                     " subscripts; this nest needs " + std::to_string(N + 1),
                 "subscript with the time level first, then one per spatial "
                 "loop");
  for (size_t D = 0; D < N; ++D) {
    const clang::Expr *Idx = S.Indices[D + 1];
    const std::string &Var = P.SpatialLoops[D].Var;
    auto A = parseAffine(Idx, /*AllowLoopVars=*/true);
    std::string Note = "subscript " + std::to_string(D + 1) +
                       " must be '" + Var + "' plus or minus a constant "
                       "(a read at a constant offset of the written point)";
    if (!A)
      return error(ref(Idx), "offset is not a constant", Note);
    if (A->coefficient(Var) != 1) {
      for (const auto &[Name, C] : A->terms())
        if (Name != Var && std::any_of(LoopVars.begin(), LoopVars.end(),
                                       [&](const VarDecl *V) {
                                         return V->getName() == Name;
                                       }))
          return error(ref(Idx),
                       "subscript " + std::to_string(D + 1) + " uses '" +
                           Name + "' where '" + Var + "' is expected",
                       Note);
      return error(ref(Idx),
                   "subscript " + std::to_string(D + 1) + " does not follow "
                   "loop variable '" + Var + "'",
                   Note);
    }
    AffineExpr Rest = A->without(Var);
    if (!Rest.isConstant())
      return error(ref(Idx), "offset '" + Rest.str() + "' is not a constant",
                   Note);
    Offs.push_back(Rest.constantTerm());
  }
  return true;
}

bool RegionExtractor::parseArrayDecl(const VarDecl *V, SourceRef UseLoc) {
  StencilArray &A = P.Array;
  A.Name = V->getName().str();
  A.Loc = makeSourceRef(SM, V->getLocation());
  QualType T;
  if (const auto *PV = dyn_cast<ParmVarDecl>(V)) {
    A.DeclKind = ArrayDeclKind::Parameter;
    T = PV->getOriginalType();
    if (T->isVariablyModifiedType()) {
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(PV->getSourceRange()), SM,
          Ctx.getLangOpts());
      if (R.isValid())
        A.VLAParameter = SourceSpan{SM.getFileOffset(R.getBegin()),
                                    SM.getFileOffset(R.getEnd())};
    }
  } else {
    T = V->getType();
    A.DeclKind = V->isLocalVarDecl() ? ArrayDeclKind::Local
                                     : ArrayDeclKind::Global;
  }
  // A pointer to an array type: the VLA-pointer-cast idiom. Its first
  // dimension (the time levels) has no declared extent.
  std::vector<const clang::ArrayType *> Dims;
  if (const auto *PT = T->getAs<PointerType>()) {
    if (!PT->getPointeeType()->isArrayType())
      return error(A.Loc,
                   "'" + A.Name + "' is a plain pointer with no extents",
                   "cast it to a pointer to a variable-length array: "
                   "'float (*A)[n][n] = (float (*)[n][n])p;'");
    A.DeclKind = ArrayDeclKind::Parameter == A.DeclKind
                     ? ArrayDeclKind::Parameter
                     : ArrayDeclKind::VLAPointerCast;
    T = PT->getPointeeType();
  } else if (const auto *AT = Ctx.getAsArrayType(T)) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      A.TimeExtent = CAT->getSize().getSExtValue();
    T = AT->getElementType();
  } else {
    return error(A.Loc, "'" + A.Name + "' is not an array");
  }
  while (const auto *AT = Ctx.getAsArrayType(T)) {
    Dims.push_back(AT);
    T = AT->getElementType();
  }
  QualType Elem = T.getCanonicalType().getUnqualifiedType();
  if (Elem->isSpecificBuiltinType(BuiltinType::Float))
    A.Element = ElementType::Float;
  else if (Elem->isSpecificBuiltinType(BuiltinType::Double))
    A.Element = ElementType::Double;
  else
    return error(A.Loc,
                 "unsupported element type '" + Elem.getAsString() +
                     "' of array '" + A.Name + "'",
                 "stencilcc generates kernels for arrays of float or double");
  if (Dims.size() != P.SpatialLoops.size())
    return error(UseLoc,
                 "'" + A.Name + "' has " + std::to_string(Dims.size() + 1) +
                     " dimensions but the nest has " +
                     std::to_string(P.SpatialLoops.size()) +
                     " spatial loops",
                 "declare one dimension for the time levels and one per "
                 "spatial loop");
  for (const clang::ArrayType *AT : Dims) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
      int64_t N = CAT->getSize().getSExtValue();
      A.Extents.push_back(AffineExpr::constant(N));
      A.ExtentSpellings.push_back(std::to_string(N));
    } else if (const auto *VAT = dyn_cast<VariableArrayType>(AT)) {
      const clang::Expr *Size = VAT->getSizeExpr();
      auto E = Size ? parseAffine(Size, /*AllowLoopVars=*/false) : std::nullopt;
      if (!E)
        return error(Size ? ref(Size) : A.Loc,
                     "extent of '" + A.Name +
                         "' is not affine in integer parameters",
                     "use extents like 'n', 'n + 2' or constants");
      A.Extents.push_back(*E);
      A.ExtentSpellings.push_back(text(Size->getSourceRange()));
    } else {
      return error(A.Loc, "inner dimensions of '" + A.Name +
                              "' must have extents");
    }
  }
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

ExprPtr RegionExtractor::convert(const clang::Expr *E) {
  E = E->IgnoreParens();
  auto T = scalarTypeOf(E->getType());
  if (!T) {
    error(ref(E), "expression of type '" + E->getType().getAsString() +
                      "' is not supported",
          "stencil expressions compute with int, float and double values");
    return nullptr;
  }
  ExprPtr R;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    switch (IC->getCastKind()) {
    case CK_IntegralCast:
    case CK_FloatingCast:
    case CK_IntegralToFloating:
    case CK_FloatingToIntegral: {
      ExprPtr Sub = convert(IC->getSubExpr());
      if (!Sub)
        return nullptr;
      R = Expr::cast(*T, std::move(Sub), /*Implicit=*/true);
      break;
    }
    default:
      return convert(IC->getSubExpr());
    }
  } else if (const auto *CC = dyn_cast<CStyleCastExpr>(E)) {
    ExprPtr Sub = convert(CC->getSubExpr());
    if (!Sub)
      return nullptr;
    R = Expr::cast(*T, std::move(Sub), /*Implicit=*/false);
  } else if (const auto *FL = dyn_cast<FloatingLiteral>(E)) {
    R = Expr::floatLiteral(tokenSpelling(FL->getLocation()),
                           FL->getValueAsApproximateDouble(), *T);
  } else if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    R = Expr::intLiteral(tokenSpelling(IL->getLocation()),
                         IL->getValue().getSExtValue(), *T);
  } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl())) {
      int64_t V = EC->getInitVal().getSExtValue();
      R = Expr::intLiteral(std::to_string(V), V, *T);
    } else if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      if (loopIndexOf(V) >= 0) {
        error(ref(E),
              "loop variable '" + V->getName().str() +
                  "' is used in the computed value",
              "loop variables may appear only in the array subscripts");
        return nullptr;
      }
      addParameter(V, *T);
      R = Expr::scalarRef(V->getName().str(), *T);
    } else {
      error(ref(E), "unsupported reference to '" +
                        DRE->getDecl()->getName().str() + "'");
      return nullptr;
    }
  } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    return convertAccess(ASE);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_Minus && UO->getOpcode() != UO_Plus) {
      return unsupportedOperator(
          ref(E), UnaryOperator::getOpcodeStr(UO->getOpcode()));
    }
    ExprPtr Sub = convert(UO->getSubExpr());
    if (!Sub)
      return nullptr;
    R = Expr::unary(UO->getOpcode() == UO_Minus ? "-" : "+", std::move(Sub));
    R->Type = *T;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    const char *Op = nullptr;
    switch (BO->getOpcode()) {
    case BO_Add: Op = "+"; break;
    case BO_Sub: Op = "-"; break;
    case BO_Mul: Op = "*"; break;
    case BO_Div: Op = "/"; break;
    default:
      break;
    }
    if (!Op || isa<CompoundAssignOperator>(BO)) {
      return unsupportedOperator(
          makeSourceRef(SM, BO->getOperatorLoc(), BO->getSourceRange()),
          BO->getOpcodeStr());
    }
    ExprPtr L = convert(BO->getLHS());
    if (!L)
      return nullptr;
    ExprPtr Rt = convert(BO->getRHS());
    if (!Rt)
      return nullptr;
    R = Expr::binary(Op, std::move(L), std::move(Rt), *T);
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    std::string Name = FD ? FD->getName().str() : "";
    if (!FD || !mathFunctions().count(Name)) {
      error(ref(E),
            FD ? "call to '" + Name + "' is not supported"
               : "indirect call is not supported",
            "only math library functions (sqrt, fabs, fmin, fmax, exp, ... "
            "and their 'f' forms) may be called in a stencil expression");
      return nullptr;
    }
    std::vector<ExprPtr> Args;
    for (const clang::Expr *A : CE->arguments()) {
      ExprPtr C = convert(A);
      if (!C)
        return nullptr;
      Args.push_back(std::move(C));
    }
    R = Expr::call(Name, std::move(Args), *T);
  } else {
    std::string What = isa<ConditionalOperator>(E) ? "conditional operator '?:'"
                       : isa<CompoundAssignOperator>(E) ||
                               isa<UnaryOperator>(E)
                           ? "assignment"
                           : "this kind of expression";
    error(ref(E), What + " is not supported in a stencil expression",
          "supported: + - * /, unary minus, casts, literals, read-only "
          "scalars, reads of the stencil array and math function calls");
    return nullptr;
  }
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
  const FunctionDecl *F = Region.Function;
  P.FunctionName = F->getName().str();
  SourceLocation FB = SM.getExpansionLoc(F->getSourceRange().getBegin());
  P.FunctionBegin = SM.getFileOffset(FB);
  P.BodyBegin =
      SM.getFileOffset(SM.getExpansionLoc(F->getBody()->getBeginLoc())) + 1;
  P.ScopLoc = ref(Region.Begin);
  P.FileName = SM.getFileEntryRefForID(SM.getMainFileID())
                   ? SM.getFileEntryRefForID(SM.getMainFileID())->getName().str()
                   : "";
  // The region's text: whole lines from `#pragma scop` to `#pragma endscop`.
  {
    StringRef Buf = SM.getBufferData(SM.getMainFileID());
    unsigned B = SM.getFileOffset(Region.Begin);
    unsigned E = SM.getFileOffset(Region.End);
    while (B > 0 && Buf[B - 1] != '\n')
      --B;
    while (E < Buf.size() && Buf[E] != '\n')
      ++E;
    if (E < Buf.size())
      ++E;
    P.Region = {B, E};
  }

  std::vector<const Stmt *> Stmts;
  for (const Stmt *S : Region.Stmts)
    if (!isa<NullStmt>(S))
      Stmts.push_back(S);
  if (Stmts.empty()) {
    error(P.ScopLoc, "scop region is empty",
          "put the stencil's loop nest between '#pragma scop' and "
          "'#pragma endscop'");
    return std::nullopt;
  }
  if (isa<DeclStmt>(Stmts[0])) {
    error(ref(Stmts[0]), "declaration inside a scop region",
          "declare variables before '#pragma scop'; the region holds only "
          "the loop nest");
    return std::nullopt;
  }
  if (Stmts.size() > 1) {
    error(ref(Stmts[1]), "a scop region holds one loop nest; this statement "
                         "follows it",
          "put each stencil in its own '#pragma scop' region");
    return std::nullopt;
  }

  const BinaryOperator *Assign = nullptr;
  if (!collectLoopNest(Stmts[0], Assign))
    return std::nullopt;
  P.StmtLoc = ref(Assign);
  P.StatementText = text(Assign->getSourceRange()) + ";";

  if (!parseArrayDecl(ArrayVar, ref(Assign->getLHS())))
    return std::nullopt;
  Subscripts W;
  parseSubscripts(Assign->getLHS(), W);
  if (!parseTimeLevel(W.Indices[0], P.WriteShift, P.TimeModulus))
    return std::nullopt;
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
  std::sort(FoldedLocals.begin(), FoldedLocals.end(),
            [&](const VarDecl *A, const VarDecl *B) {
              return SM.isBeforeInTranslationUnit(A->getLocation(),
                                                  B->getLocation());
            });
  for (const VarDecl *V : FoldedLocals)
    P.LocalDeclarations.push_back(V->getType().getAsString() + " " +
                                  V->getName().str() + " = " +
                                  text(V->getInit()->getSourceRange()) + ";");
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

} // namespace

std::optional<StencilProgram> extractStencilProgram(ASTContext &Ctx,
                                                    const ScopRegion &Region,
                                                    DiagnosticSink &Diags) {
  return RegionExtractor(Ctx, Region, Diags).run();
}

} // namespace stencilcc
