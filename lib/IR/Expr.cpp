//===- IR/Expr.cpp --------------------------------------------------------===//
#include "stencilcc/IR/Expr.h"

namespace stencilcc {

const char *scalarTypeName(ScalarType T) {
  switch (T) {
  case ScalarType::Int:
    return "int";
  case ScalarType::UInt:
    return "unsigned int";
  case ScalarType::Long:
    return "long";
  case ScalarType::ULong:
    return "unsigned long";
  case ScalarType::Float:
    return "float";
  case ScalarType::Double:
    return "double";
  }
  return "?";
}

bool isFloatingType(ScalarType T) {
  return T == ScalarType::Float || T == ScalarType::Double;
}

ExprPtr Expr::floatLiteral(std::string Spelling, double Value, ScalarType T) {
  auto E = std::make_unique<Expr>(Kind::FloatLiteral);
  E->Spelling = std::move(Spelling);
  E->Value = Value;
  E->Type = T;
  return E;
}

ExprPtr Expr::intLiteral(std::string Spelling, int64_t Value, ScalarType T) {
  auto E = std::make_unique<Expr>(Kind::IntLiteral);
  E->Spelling = std::move(Spelling);
  E->Value = static_cast<double>(Value);
  E->Type = T;
  return E;
}

ExprPtr Expr::scalarRef(std::string Name, ScalarType T) {
  auto E = std::make_unique<Expr>(Kind::ScalarRef);
  E->Name = std::move(Name);
  E->Type = T;
  return E;
}

ExprPtr Expr::access(ArrayAccess A, ScalarType T) {
  auto E = std::make_unique<Expr>(Kind::Access);
  E->Access = std::move(A);
  E->Type = T;
  return E;
}

ExprPtr Expr::unary(std::string Op, ExprPtr Operand) {
  auto E = std::make_unique<Expr>(Kind::Unary);
  E->Op = std::move(Op);
  E->Type = Operand->Type;
  E->Operands.push_back(std::move(Operand));
  return E;
}

ExprPtr Expr::binary(std::string Op, ExprPtr L, ExprPtr R, ScalarType T) {
  auto E = std::make_unique<Expr>(Kind::Binary);
  E->Op = std::move(Op);
  E->Type = T;
  E->Operands.push_back(std::move(L));
  E->Operands.push_back(std::move(R));
  return E;
}

ExprPtr Expr::call(std::string Callee, std::vector<ExprPtr> Args,
                   ScalarType T) {
  auto E = std::make_unique<Expr>(Kind::Call);
  E->Name = std::move(Callee);
  E->Type = T;
  E->Operands = std::move(Args);
  return E;
}

ExprPtr Expr::cast(ScalarType T, ExprPtr Operand, bool Implicit) {
  auto E = std::make_unique<Expr>(Kind::Cast);
  E->Type = T;
  E->Implicit = Implicit;
  E->Operands.push_back(std::move(Operand));
  return E;
}

ExprPtr Expr::clone() const {
  auto E = std::make_unique<Expr>(K);
  E->Type = Type;
  E->Spelling = Spelling;
  E->Value = Value;
  E->Name = Name;
  E->Op = Op;
  E->Implicit = Implicit;
  E->Access = Access;
  E->Loc = Loc;
  for (const ExprPtr &O : Operands)
    E->Operands.push_back(O->clone());
  return E;
}

void Expr::walk(const std::function<void(const Expr &)> &F) const {
  F(*this);
  for (const ExprPtr &O : Operands)
    O->walk(F);
}

bool Expr::readsArray() const {
  if (K == Kind::Access)
    return true;
  for (const ExprPtr &O : Operands)
    if (O->readsArray())
      return true;
  return false;
}

const Expr *floatOperandOfSqrt(const Expr &E) {
  if (E.K != Expr::Kind::Call || E.Name != "sqrt" ||
      E.Type != ScalarType::Double || E.Operands.size() != 1)
    return nullptr;
  const Expr &Arg = *E.Operands[0];
  if (Arg.K != Expr::Kind::Cast || Arg.Type != ScalarType::Double ||
      Arg.Operands[0]->Type != ScalarType::Float)
    return nullptr;
  return Arg.Operands[0].get();
}

namespace {

// C precedence levels, higher binds tighter.
enum Prec { PrecAdd = 1, PrecMul = 2, PrecUnary = 3, PrecPrimary = 4 };

struct Printer {
  const std::function<std::string(const ArrayAccess &)> &PrintAccess;
  bool ExplicitCasts;

  int prec(const Expr &E) const {
    switch (E.K) {
    case Expr::Kind::Binary:
      return (E.Op == "+" || E.Op == "-") ? PrecAdd : PrecMul;
    case Expr::Kind::Unary:
      return PrecUnary;
    case Expr::Kind::Cast:
      return (E.Implicit && !ExplicitCasts) ? prec(*E.Operands[0])
                                            : PrecUnary;
    default:
      return PrecPrimary;
    }
  }

  std::string operand(const Expr &E, int AtLeast) const {
    std::string S = print(E);
    return prec(E) < AtLeast ? "(" + S + ")" : S;
  }

  std::string print(const Expr &E) const {
    switch (E.K) {
    case Expr::Kind::FloatLiteral:
    case Expr::Kind::IntLiteral:
      return E.Spelling;
    case Expr::Kind::ScalarRef:
      return E.Name;
    case Expr::Kind::Access:
      return PrintAccess(E.Access);
    case Expr::Kind::Unary: {
      const Expr &O = *E.Operands[0];
      std::string S = operand(O, PrecUnary);
      // `- -x` must not print as the decrement `--x`.
      if (!S.empty() && (S[0] == '-' || S[0] == '+'))
        S = "(" + S + ")";
      return E.Op + S;
    }
    case Expr::Kind::Binary: {
      int P = prec(E);
      // The right operand needs strictly tighter binding: a + (b + c) is not
      // (a + b) + c in floating point, so the grouping must survive.
      return operand(*E.Operands[0], P) + " " + E.Op + " " +
             operand(*E.Operands[1], P + 1);
    }
    case Expr::Kind::Call: {
      std::string S = E.Name + "(";
      for (size_t I = 0; I < E.Operands.size(); ++I)
        S += (I ? ", " : "") + print(*E.Operands[I]);
      return S + ")";
    }
    case Expr::Kind::Cast:
      if (E.Implicit && !ExplicitCasts)
        return print(*E.Operands[0]);
      return std::string("(") + scalarTypeName(E.Type) + ")" +
             operand(*E.Operands[0], PrecUnary);
    }
    return "";
  }
};

} // namespace

std::string
printExpr(const Expr &E,
          const std::function<std::string(const ArrayAccess &)> &PrintAccess,
          bool ExplicitCasts) {
  return Printer{PrintAccess, ExplicitCasts}.print(E);
}

} // namespace stencilcc
