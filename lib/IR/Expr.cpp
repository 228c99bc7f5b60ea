//===- IR/Expr.cpp --------------------------------------------------------===//
#include "stencilcc/IR/Expr.h"

#include <deque>

namespace stencilcc {

const char *scalarTypeName(ScalarType T) {
  switch (T) {
  case ScalarType::Char:
    return "char";
  case ScalarType::SChar:
    return "signed char";
  case ScalarType::UChar:
    return "unsigned char";
  case ScalarType::Short:
    return "short";
  case ScalarType::UShort:
    return "unsigned short";
  case ScalarType::Int:
    return "int";
  case ScalarType::UInt:
    return "unsigned int";
  case ScalarType::Long:
    return "long";
  case ScalarType::ULong:
    return "unsigned long";
  case ScalarType::LongLong:
    return "long long";
  case ScalarType::ULongLong:
    return "unsigned long long";
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

unsigned scalarTypeSize(ScalarType T) {
  switch (T) {
  case ScalarType::Char:
  case ScalarType::SChar:
  case ScalarType::UChar:
    return 1;
  case ScalarType::Short:
  case ScalarType::UShort:
    return 2;
  case ScalarType::Int:
  case ScalarType::UInt:
  case ScalarType::Float:
    return 4;
  case ScalarType::Long:
  case ScalarType::ULong:
  case ScalarType::LongLong:
  case ScalarType::ULongLong:
  case ScalarType::Double:
    return 8;
  }
  return 8;
}

bool isSignedType(ScalarType T) {
  switch (T) {
  case ScalarType::UChar:
  case ScalarType::UShort:
  case ScalarType::UInt:
  case ScalarType::ULong:
  case ScalarType::ULongLong:
    return false;
  default:
    return true;
  }
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

ExprPtr Expr::conditional(ExprPtr C, ExprPtr A, ExprPtr B, ScalarType T) {
  auto E = std::make_unique<Expr>(Kind::Conditional);
  E->Type = T;
  E->Operands.push_back(std::move(C));
  E->Operands.push_back(std::move(A));
  E->Operands.push_back(std::move(B));
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
  // Breadth first: a sum of N products is a chain N deep on its left, and
  // every level asks this question (isLinear, the partial sums), so a
  // depth-first search would make those passes quadratic; the nearest read
  // is two levels down on the right.
  std::deque<const Expr *> Queue{this};
  while (!Queue.empty()) {
    const Expr *E = Queue.front();
    Queue.pop_front();
    if (E->K == Kind::Access)
      return true;
    for (const ExprPtr &O : E->Operands)
      Queue.push_back(O.get());
  }
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
enum Prec {
  PrecConditional = 1,
  PrecLogicalOr,
  PrecLogicalAnd,
  PrecBitOr,
  PrecBitXor,
  PrecBitAnd,
  PrecEquality,
  PrecRelational,
  PrecShift,
  PrecAdd,
  PrecMul,
  PrecUnary,
  PrecPrimary
};

int binaryPrec(const std::string &Op) {
  if (Op == "*" || Op == "/" || Op == "%")
    return PrecMul;
  if (Op == "+" || Op == "-")
    return PrecAdd;
  if (Op == "<<" || Op == ">>")
    return PrecShift;
  if (Op == "<" || Op == ">" || Op == "<=" || Op == ">=")
    return PrecRelational;
  if (Op == "==" || Op == "!=")
    return PrecEquality;
  if (Op == "&")
    return PrecBitAnd;
  if (Op == "^")
    return PrecBitXor;
  if (Op == "|")
    return PrecBitOr;
  if (Op == "&&")
    return PrecLogicalAnd;
  return PrecLogicalOr;
}

struct Printer {
  const std::function<std::string(const ArrayAccess &)> &PrintAccess;
  bool ExplicitCasts;

  int prec(const Expr &E) const {
    switch (E.K) {
    case Expr::Kind::Binary:
      return binaryPrec(E.Op);
    case Expr::Kind::Unary:
      return PrecUnary;
    case Expr::Kind::Cast:
      return (E.Implicit && !ExplicitCasts) ? prec(*E.Operands[0])
                                            : PrecUnary;
    case Expr::Kind::Conditional:
      return PrecConditional;
    default:
      return PrecPrimary;
    }
  }

  // Everything appends to one string: returning each operand's text made
  // a sum of n terms copy its left operands n times (a 3D box of radius 24
  // has 117,649 terms).
  void operand(const Expr &E, int AtLeast, std::string &Out) const {
    bool Parens = prec(E) < AtLeast;
    if (Parens)
      Out += '(';
    print(E, Out);
    if (Parens)
      Out += ')';
  }

  /// Below the additive operators, C's precedence is one readers (and
  /// gcc's -Wparentheses) do not trust: an operand of another operator
  /// there gets parentheses even where C would not need them.
  void binaryOperand(const Expr &Parent, const Expr &E, int AtLeast,
                     std::string &Out) const {
    int P = binaryPrec(Parent.Op);
    if (P < PrecAdd && prec(E) < PrecAdd && prec(E) != P) {
      Out += '(';
      print(E, Out);
      Out += ')';
      return;
    }
    operand(E, AtLeast, Out);
  }

  void print(const Expr &E, std::string &Out) const {
    switch (E.K) {
    case Expr::Kind::FloatLiteral:
    case Expr::Kind::IntLiteral:
      Out += E.Spelling;
      return;
    case Expr::Kind::ScalarRef:
      Out += E.Name;
      return;
    case Expr::Kind::Access:
      Out += PrintAccess(E.Access);
      return;
    case Expr::Kind::Unary: {
      std::string S;
      operand(*E.Operands[0], PrecUnary, S);
      // `- -x` must not print as the decrement `--x`.
      bool Parens = !S.empty() && (S[0] == '-' || S[0] == '+');
      Out += E.Op;
      Out += Parens ? "(" + S + ")" : S;
      return;
    }
    case Expr::Kind::Binary: {
      int P = prec(E);
      // The right operand needs strictly tighter binding: a + (b + c) is not
      // (a + b) + c in floating point, so the grouping must survive.
      binaryOperand(E, *E.Operands[0], P, Out);
      Out += ' ';
      Out += E.Op;
      Out += ' ';
      binaryOperand(E, *E.Operands[1], P + 1, Out);
      return;
    }
    case Expr::Kind::Call:
      Out += E.Name;
      Out += '(';
      for (size_t I = 0; I < E.Operands.size(); ++I) {
        if (I)
          Out += ", ";
        print(*E.Operands[I], Out);
      }
      Out += ')';
      return;
    case Expr::Kind::Cast:
      if (E.Implicit && !ExplicitCasts) {
        print(*E.Operands[0], Out);
        return;
      }
      Out += '(';
      Out += scalarTypeName(E.Type);
      Out += ')';
      operand(*E.Operands[0], PrecUnary, Out);
      return;
    case Expr::Kind::Conditional:
      // Arms that are themselves conditionals or below || get parentheses.
      operand(*E.Operands[0], PrecLogicalOr + 1, Out);
      Out += " ? ";
      operand(*E.Operands[1], PrecLogicalOr + 1, Out);
      Out += " : ";
      operand(*E.Operands[2], PrecLogicalOr + 1, Out);
      return;
    }
  }
};

} // namespace

std::string
printExpr(const Expr &E,
          const std::function<std::string(const ArrayAccess &)> &PrintAccess,
          bool ExplicitCasts) {
  std::string Out;
  Printer{PrintAccess, ExplicitCasts}.print(E, Out);
  return Out;
}

} // namespace stencilcc
