//===- Emitter/RoundedOperands.cpp ----------------------------------------===//
#include "stencilcc/Emitter/RoundedOperands.h"

namespace stencilcc {

namespace {

/// The round-to-nearest intrinsic of \p Op in type \p T, or null.
const char *intrinsicOf(const std::string &Op, ScalarType T) {
  const bool D = T == ScalarType::Double;
  if (T != ScalarType::Double && T != ScalarType::Float)
    return nullptr;
  if (Op == "+")
    return D ? "__dadd_rn" : "__fadd_rn";
  if (Op == "-")
    return D ? "__dsub_rn" : "__fsub_rn";
  if (Op == "*")
    return D ? "__dmul_rn" : "__fmul_rn";
  return nullptr;
}

/// Every `+ - *` of \p E and below it into its intrinsic.
bool rewriteAll(Expr &E) {
  bool Changed = false;
  for (ExprPtr &O : E.Operands)
    Changed |= rewriteAll(*O);
  if (E.K != Expr::Kind::Binary || E.Operands.size() != 2 ||
      E.Operands[0]->Type != E.Type || E.Operands[1]->Type != E.Type)
    return Changed;
  const char *Name = intrinsicOf(E.Op, E.Type);
  if (!Name)
    return Changed;
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(E.Operands[0]));
  Args.push_back(std::move(E.Operands[1]));
  ExprPtr Call = Expr::call(Name, std::move(Args), E.Type);
  Call->Loc = E.Loc;
  E = std::move(*Call);
  return true;
}

} // namespace

bool narrowsBelow(const Expr &E, ScalarType Result) {
  if (E.K == Expr::Kind::Cast && isFloatingType(E.Type) && !E.Operands.empty() &&
      isFloatingType(E.Operands[0]->Type) &&
      scalarTypeSize(E.Type) < scalarTypeSize(E.Operands[0]->Type) &&
      scalarTypeSize(E.Type) < scalarTypeSize(Result))
    return true;
  for (const ExprPtr &O : E.Operands)
    if (narrowsBelow(*O, Result))
      return true;
  return false;
}

bool regionNarrows(const StencilProgram &P) {
  for (const Stage &S : P.Stages)
    if (narrowsBelow(*S.Rhs, P.Arrays[S.ArrayId].Element))
      return true;
  return false;
}

bool keepRounding(Expr &E) { return rewriteAll(E); }

} // namespace stencilcc
