//===- Frontend/ValueConverter.cpp - The right-hand side as an Expr -------===//
//
// Converts the assigned value node by node, keeping C's semantics: every
// node carries Clang's type, implicit floating conversions stay as casts
// (see IR/Expr.h). Reads go to convertAccess (single-update form) or
// convertStageAccess (stage form).
//
//===----------------------------------------------------------------------===//
#include "RegionExtractor.h"

#include <algorithm>

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace stencilcc {

namespace {

/// C's spelling of a binary operator a stencil expression may use (not an
/// assignment or the comma).
const char *binaryOperatorSpelling(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add: return "+";
  case BO_Sub: return "-";
  case BO_Mul: return "*";
  case BO_Div: return "/";
  case BO_Rem: return "%";
  case BO_Shl: return "<<";
  case BO_Shr: return ">>";
  case BO_LT: return "<";
  case BO_GT: return ">";
  case BO_LE: return "<=";
  case BO_GE: return ">=";
  case BO_EQ: return "==";
  case BO_NE: return "!=";
  case BO_And: return "&";
  case BO_Xor: return "^";
  case BO_Or: return "|";
  case BO_LAnd: return "&&";
  case BO_LOr: return "||";
  default: return nullptr;
  }
}

} // namespace

bool RegionExtractor::convertArguments(const clang::CallExpr *CE, std::vector<ExprPtr> &Args) {
  for (const clang::Expr *A : CE->arguments()) {
    ExprPtr C = convert(A);
    if (!C)
      return false;
    Args.push_back(std::move(C));
  }
  return true;
}

ExprPtr RegionExtractor::inlineCall(const clang::CallExpr *CE, const FunctionDecl *FD,
                                    bool &NotInlinable) {
  NotInlinable = true;
  const FunctionDecl *Def = nullptr;
  if (!FD->hasBody(Def) || !Def || Def->isVariadic() ||
      Def->getNumParams() != CE->getNumArgs() ||
      std::find(Inlining.begin(), Inlining.end(), Def) != Inlining.end())
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  if (!Ret || !Ret->getRetValue() || !scalarTypeOf(Def->getReturnType()))
    return nullptr;
  for (const ParmVarDecl *PV : Def->parameters())
    if (!scalarTypeOf(PV->getType()))
      return nullptr;
  NotInlinable = false;
  // The arguments, each converted to its parameter's type (the call's
  // implicit conversions), in the caller's bindings.
  std::vector<ExprPtr> Args;
  if (!convertArguments(CE, Args))
    return nullptr;
  auto Saved = Arguments;
  for (unsigned I = 0; I < Def->getNumParams(); ++I)
    Arguments[Def->getParamDecl(I)] = Args[I].get();
  Inlining.push_back(Def);
  ExprPtr R = convert(Ret->getRetValue());
  Inlining.pop_back();
  Arguments = std::move(Saved);
  return R;
}

ExprPtr RegionExtractor::convert(const clang::Expr *E) {
  E = E->IgnoreParens();
  auto T = scalarTypeOf(E->getType());
  if (!T) {
    error(ref(E), "expression of type '" + E->getType().getAsString() +
                      "' is not supported",
          "stencil expressions compute with C's integer types, float and double");
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
    } else if (const auto *PV = dyn_cast<ParmVarDecl>(DRE->getDecl());
               PV && Arguments.count(PV)) {
      // A parameter of a function being inlined: the call's argument.
      return Arguments.lookup(PV)->clone();
    } else if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      // A temporary of the innermost loop body: its initializer, which
      // carries C's conversion to the temporary's type.
      if (auto It = Temporaries.find(V); It != Temporaries.end())
        return convert(It->second);
      if (loopIndexOf(V) >= 0) {
        error(ref(E),
              "loop variable '" + V->getName().str() +
                  "' is used in the computed value",
              "loop variables may appear only in the array subscripts");
        return nullptr;
      }
      // A const variable with a constant initializer (`const float w =
      // 0.25f;` before the region) is that value: C forbids changing it,
      // and as a literal it is a coefficient the CUDA compiler folds (a
      // division by it takes the constant-division path; the plan cache
      // matches it with the same stencil written with literals).
      if (const clang::Expr *Init = constantInitializer(V)) {
        // The region's text (the self-check's reference, --c-output's
        // launcher) still names a local it folds.
        if (V->isLocalVarDecl() &&
            std::find(FoldedLocals.begin(), FoldedLocals.end(), V) ==
                FoldedLocals.end())
          FoldedLocals.push_back(V);
        return convert(Init);
      }
      addParameter(V, *T);
      R = Expr::scalarRef(V->getName().str(), *T);
    } else {
      error(ref(E), "unsupported reference to '" +
                        DRE->getDecl()->getName().str() + "'");
      return nullptr;
    }
  } else if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    return StageMode ? convertStageAccess(ASE) : convertAccess(ASE);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    const char *Op = nullptr;
    switch (UO->getOpcode()) {
    case UO_Minus: Op = "-"; break;
    case UO_Plus: Op = "+"; break;
    case UO_Not: Op = "~"; break;
    case UO_LNot: Op = "!"; break;
    default:
      break;
    }
    if (!Op) {
      return unsupportedOperator(
          ref(E), UnaryOperator::getOpcodeStr(UO->getOpcode()));
    }
    ExprPtr Sub = convert(UO->getSubExpr());
    if (!Sub)
      return nullptr;
    R = Expr::unary(Op, std::move(Sub));
    R->Type = *T;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    const char *Op = isa<CompoundAssignOperator>(BO)
                         ? nullptr
                         : binaryOperatorSpelling(BO->getOpcode());
    if (!Op) {
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
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    ExprPtr C = convert(CO->getCond());
    if (!C)
      return nullptr;
    ExprPtr A = convert(CO->getTrueExpr());
    if (!A)
      return nullptr;
    ExprPtr B = convert(CO->getFalseExpr());
    if (!B)
      return nullptr;
    R = Expr::conditional(std::move(C), std::move(A), std::move(B), *T);
  } else if (const auto *CE = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    std::string Name = FD ? FD->getName().str() : "";
    bool NotInlinable = false;
    if (FD && !mathFunctions().count(Name)) {
      ExprPtr Inlined = inlineCall(CE, FD, NotInlinable);
      if (Inlined) {
        // The call's type: the return expression carries C's conversion.
        Inlined->Loc = ref(E);
        return Inlined;
      }
      if (!NotInlinable)
        return nullptr;
    }
    if (!FD || !mathFunctions().count(Name)) {
      error(ref(E),
            FD ? "call to '" + Name + "' is not supported"
               : "indirect call is not supported",
            "only math library functions (sqrt, fabs, fmin, fmax, exp, ... "
            "and their 'f' forms) and functions of the file whose body is "
            "one 'return' of their scalar parameters may be called in a "
            "stencil expression");
      return nullptr;
    }
    std::vector<ExprPtr> Args;
    if (!convertArguments(CE, Args))
      return nullptr;
    R = Expr::call(Name, std::move(Args), *T);
  } else {
    std::string What = isa<CompoundAssignOperator>(E) || isa<UnaryOperator>(E)
                           ? "assignment"
                           : "this kind of expression";
    error(ref(E), What + " is not supported in a stencil expression",
          "supported: C's arithmetic, comparison, logical and bitwise "
          "operators, '?:', casts, literals, read-only scalars, reads of the "
          "region's arrays and math function calls");
    return nullptr;
  }
  R->Loc = ref(E);
  return R;
}

} // namespace stencilcc
