//===- Frontend/RegionExtractor.cpp - Helpers both region forms share -----===//
//
// Affine bounds and subscripts, loop headers, array declarations: what the
// single-update form (StencilExtractor.cpp) and the stage form
// (StageExtractor.cpp) read the same way, with the same diagnostics.
//
//===----------------------------------------------------------------------===//
#include "RegionExtractor.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace stencilcc {

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
      "copysignf", "rsqrt", "rsqrtf", "erf", "erff", "abs", "labs",
      "llabs"};
  return Names;
}

std::optional<ScalarType> scalarTypeOf(QualType T) {
  const auto *BT = T.getCanonicalType()->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U:
    return ScalarType::Char;
  case BuiltinType::SChar:
    return ScalarType::SChar;
  case BuiltinType::UChar:
    return ScalarType::UChar;
  case BuiltinType::Short:
    return ScalarType::Short;
  case BuiltinType::UShort:
    return ScalarType::UShort;
  case BuiltinType::Int:
    return ScalarType::Int;
  case BuiltinType::UInt:
    return ScalarType::UInt;
  case BuiltinType::Long:
    return ScalarType::Long;
  case BuiltinType::ULong:
    return ScalarType::ULong;
  case BuiltinType::LongLong:
    return ScalarType::LongLong;
  case BuiltinType::ULongLong:
    return ScalarType::ULongLong;
  case BuiltinType::Float:
    return ScalarType::Float;
  case BuiltinType::Double:
    return ScalarType::Double;
  default:
    // _Bool among them: a conversion to it is not C's integer conversion.
    return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// Affine expressions (bounds, extents, subscripts)
//===----------------------------------------------------------------------===//

std::optional<AffineExpr> RegionExtractor::parseAffine(const clang::Expr *E,
                                                       bool AllowLoopVars) {
  E = E->IgnoreParens();
  // A temporary of the innermost loop body is its value.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto It = Temporaries.find(V); It != Temporaries.end())
        return parseAffine(It->second, AllowLoopVars);
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

const BinaryOperator *RegionExtractor::levelSelection(const clang::Expr *E,
                                                      int64_t *Modulus) const {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_Rem) {
    clang::Expr::EvalResult M;
    if (Modulus)
      *Modulus = BO->getRHS()->EvaluateAsInt(M, Ctx) ? M.Val.getInt().getSExtValue() : 0;
    return BO;
  }
  clang::Expr::EvalResult M;
  if (BO->getOpcode() != BO_And || !BO->getRHS()->EvaluateAsInt(M, Ctx))
    return nullptr;
  const int64_t Mask = M.Val.getInt().getSExtValue();
  if (Mask < 1 || Mask > (int64_t(1) << 30) || (Mask & (Mask + 1)) != 0)
    return nullptr;
  if (Modulus)
    *Modulus = Mask + 1;
  return BO;
}

bool RegionExtractor::parseTimeLevel(const clang::Expr *E, int64_t &Shift,
                                     int64_t &Modulus) {
  const char *Note = "select the level with '(t + c) % 2' (or '(t + c) & 1') where t is "
                     "the time loop variable and c a non-negative constant";
  const BinaryOperator *Rem = levelSelection(E, &Modulus);
  if (!Rem)
    return error(ref(E), "time level must be selected with '% 2'", Note);
  if (Modulus < 2)
    return error(ref(Rem->getRHS()),
                 "time level modulus must be a constant of at least 2", Note);
  auto Lhs = parseAffine(Rem->getLHS(), /*AllowLoopVars=*/true);
  std::string T = TimeVar->getName().str();
  if (!Lhs || Lhs->coefficient(T) != 1 || !Lhs->without(T).isConstant())
    return error(ref(Rem->getLHS()),
                 "time level must be the time loop variable '" + T +
                     "' plus a constant",
                 Note);
  Shift = Lhs->constantTerm();
  // From a time loop that starts at a constant, t + Shift may never be
  // negative (`for (t = 1; ..) A[t % 2] = f(A[(t - 1) % 2])`): then it
  // selects the level t + (Shift mod k) does.
  const AffineExpr &First = P.TimeLoop.Lower;
  if (Shift < 0 && First.isConstant() && First.constantTerm() + Shift >= 0)
    Shift = (Shift % Modulus + Modulus) % Modulus;
  if (Shift < 0)
    return error(ref(Rem->getLHS()),
                 "time level '" + Lhs->str() + "' " +
                     (First.isConstant()
                          ? "is negative at the first step ("
                          : "may be negative at the first step (") +
                     T + " = " + First.str() + ")" +
                     std::string(Rem->getOpcode() == BO_Rem
                                     ? " and C's '%' keeps the sign"
                                     : ""),
                 "shift by a non-negative constant, e.g. '(" + T +
                     " + 1) % 2', or start the time loop at a constant "
                     "where the level is not negative");
  return true;
}

void RegionExtractor::orderLoopsBySubscripts(
    std::vector<Loop> &Loops, const std::vector<unsigned> &Order) {
  std::vector<Loop> Ordered;
  for (unsigned K : Order)
    Ordered.push_back(Loops[K]);
  Loops = std::move(Ordered);
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

std::optional<SourceSpan>
RegionExtractor::vlaParameterSpan(const VarDecl *V) const {
  const auto *PV = dyn_cast<ParmVarDecl>(V);
  if (!PV || !PV->getOriginalType()->isVariablyModifiedType())
    return std::nullopt;
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(PV->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (!R.isValid())
    return std::nullopt;
  return SourceSpan{SM.getFileOffset(R.getBegin()),
                    SM.getFileOffset(R.getEnd())};
}

bool RegionExtractor::parseArrayDecl(const VarDecl *V, SourceRef UseLoc,
                                     StencilArray &A, bool HasTimeDim,
                                     int SpatialRank) {
  A.Name = V->getName().str();
  A.Loc = makeSourceRef(SM, V->getLocation());
  QualType T;
  if (const auto *PV = dyn_cast<ParmVarDecl>(V)) {
    A.DeclKind = ArrayDeclKind::Parameter;
    T = PV->getOriginalType();
    A.VLAParameter = vlaParameterSpan(V);
  } else {
    T = V->getType();
    A.DeclKind = V->isLocalVarDecl() ? ArrayDeclKind::Local
                                     : ArrayDeclKind::Global;
  }
  // A pointer to an array type: the VLA-pointer-cast idiom. Its first
  // dimension (the time levels) has no declared extent.
  std::vector<const clang::ArrayType *> Dims;
  const clang::ArrayType *First = nullptr;
  if (const auto *PT = T->getAs<PointerType>()) {
    // A plain pointer subscripted by space alone is a one-dimensional
    // array whose extent the accesses give (as `A[]`'s): `double *a` of a
    // 1D stencil, a per-row coefficient `c[i]`.
    if (!PT->getPointeeType()->isArrayType() && (HasTimeDim || SpatialRank > 1))
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
    First = AT;
    T = AT->getElementType();
  } else {
    return error(A.Loc, "'" + A.Name + "' is not an array");
  }
  while (const auto *AT = Ctx.getAsArrayType(T)) {
    Dims.push_back(AT);
    T = AT->getElementType();
  }
  QualType Elem = T.getCanonicalType().getUnqualifiedType();
  if (std::optional<ScalarType> E = scalarTypeOf(Elem))
    A.Element = *E;
  else
    return error(A.Loc,
                 "unsupported element type '" + Elem.getAsString() +
                     "' of array '" + A.Name + "'",
                 "stencilcc generates kernels for arrays of float, double "
                 "and the integer types from char to long long");
  if (!HasTimeDim) {
    // The first dimension is spatial; a pointer or `A[]` leaves its extent
    // to the accesses (an empty spelling marks it).
    if (First)
      Dims.insert(Dims.begin(), First);
    else
      Dims.insert(Dims.begin(), nullptr);
    A.TimeExtent.reset();
  } else if (const auto *VAT = dyn_cast_or_null<VariableArrayType>(First)) {
    if (const clang::Expr *Size = VAT->getSizeExpr())
      if (auto E = parseAffine(Size, /*AllowLoopVars=*/false)) {
        A.TimeExtentExpr = *E;
        A.TimeExtentSpelling = text(Size->getSourceRange());
      }
  }
  if (A.TimeExtent) {
    A.TimeExtentExpr = AffineExpr::constant(*A.TimeExtent);
    A.TimeExtentSpelling = std::to_string(*A.TimeExtent);
  }
  if (SpatialRank >= 0 && Dims.size() != size_t(SpatialRank))
    return error(UseLoc,
                 "'" + A.Name + "' has " + std::to_string(Dims.size() + 1) +
                     " dimensions but the nest has " +
                     std::to_string(P.SpatialLoops.size()) +
                     " spatial loops",
                 "declare one dimension for the time levels and one per "
                 "spatial loop");
  for (const clang::ArrayType *AT : Dims) {
    if (!AT || isa<IncompleteArrayType>(AT)) {
      A.Extents.push_back(AffineExpr());
      A.ExtentSpellings.push_back("");
    } else if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
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
      // An extent from inside a macro's expansion (PolyBench's
      // POLYBENCH_2D(A, N, N, n, n) with C99 prototypes) has no text of its
      // own in the file: the affine form names the same parameters.
      std::string Spelling = text(Size->getSourceRange());
      A.ExtentSpellings.push_back(Spelling.empty() ? E->str() : Spelling);
    } else {
      return error(A.Loc, "inner dimensions of '" + A.Name +
                              "' must have extents");
    }
  }
  return true;
}

const Stmt *RegionExtractor::innermostStatement(const Stmt *Body, const Stmt *&Extra,
                                                bool &Failed) {
  Failed = false;
  if (const Stmt *Only = onlyStatement(Body, Extra))
    return Only;
  const auto *CS = dyn_cast<CompoundStmt>(Body);
  while (CS && CS->size() == 1 && isa<CompoundStmt>(CS->body_front()))
    CS = cast<CompoundStmt>(CS->body_front());
  if (!CS)
    return nullptr;
  std::vector<const Stmt *> Stmts;
  for (const Stmt *S : CS->body())
    if (!isa<NullStmt>(S))
      Stmts.push_back(S);
  if (Stmts.size() < 2 || !std::all_of(Stmts.begin(), Stmts.end() - 1,
                                        [](const Stmt *S) { return isa<DeclStmt>(S); }))
    return nullptr; // Extra says which
  if (isa<ForStmt>(Stmts.back())) {
    Failed = true;
    error(ref(Stmts.front()), "temporary declared outside the innermost loop",
          "declare temporaries in the innermost loop's body, before its "
          "assignment (the CUDA compiler keeps what does not change)");
    return nullptr;
  }
  if (!isa<clang::Expr>(Stmts.back()))
    return nullptr; // Extra says which
  const char *Note = "declare each temporary of the innermost loop with its value, "
                     "e.g. 'float c = A[t%2][i][j];', and end the body with one "
                     "assignment to an array element";
  std::string Text;
  for (size_t I = 0; I + 1 < Stmts.size(); ++I)
    for (const clang::Decl *D : cast<DeclStmt>(Stmts[I])->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->isLocalVarDecl() || V->isStaticLocal() || !V->getInit() ||
          !scalarTypeOf(V->getType()) || isModified(V)) {
        Failed = true;
        error(makeSourceRef(SM, D->getLocation()),
              V && !V->getInit() ? "temporary '" + V->getName().str() + "' has no value"
              : V && isModified(V)
                  ? "temporary '" + V->getName().str() + "' is changed after its declaration"
                  : "declaration in a loop body is not a scalar temporary",
              Note);
        return nullptr;
      }
      Temporaries[V] = V->getInit();
    }
  for (size_t I = 0; I + 1 < Stmts.size(); ++I)
    Text += text(Stmts[I]->getSourceRange()) + " ";
  TemporaryText = Text;
  Extra = nullptr;
  return Stmts.back();
}

/// The single statement a loop body holds (through braces), or null.
const Stmt *onlyStatement(const Stmt *Body, const Stmt *&Extra) {
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

bool RegionExtractor::beginRegion(const Stmt *&Top) {
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
    return false;
  }
  if (isa<DeclStmt>(Stmts[0])) {
    error(ref(Stmts[0]), "declaration inside a scop region",
          "declare variables before '#pragma scop'; the region holds only "
          "the loop nest");
    return false;
  }
  if (Stmts.size() > 1) {
    error(ref(Stmts[1]), "a scop region holds one loop nest; this statement "
                         "follows it",
          "put each stencil in its own '#pragma scop' region");
    return false;
  }
  Top = Stmts[0];
  return true;
}

/// The folded locals' declarations in source order
/// (StencilProgram::LocalDeclarations).
void RegionExtractor::recordLocalDeclarations() {
  std::sort(FoldedLocals.begin(), FoldedLocals.end(),
            [&](const VarDecl *A, const VarDecl *B) {
              return SM.isBeforeInTranslationUnit(A->getLocation(),
                                                  B->getLocation());
            });
  for (const VarDecl *V : FoldedLocals)
    P.LocalDeclarations.push_back(V->getType().getAsString() + " " +
                                  V->getName().str() + " = " +
                                  text(V->getInit()->getSourceRange()) + ";");
}

} // namespace stencilcc
