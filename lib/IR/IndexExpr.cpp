//===- IR/IndexExpr.cpp ---------------------------------------------------===//
#include "stencilcc/IR/IndexExpr.h"

namespace stencilcc {

IndexExpr IndexExpr::affine(AffineExpr V) {
  IndexExpr E;
  E.Value = std::move(V);
  return E;
}

IndexExpr IndexExpr::select(AffineExpr L, std::string Cmp, AffineExpr R,
                            IndexExpr Then, IndexExpr Else) {
  IndexExpr E;
  E.K = Kind::Select;
  E.CmpLhs = std::move(L);
  E.Cmp = std::move(Cmp);
  E.CmpRhs = std::move(R);
  E.Operands.push_back(std::move(Then));
  E.Operands.push_back(std::move(Else));
  return E;
}

IndexExpr IndexExpr::mod(IndexExpr Dividend, AffineExpr Divisor) {
  IndexExpr E;
  E.K = Kind::Mod;
  E.Divisor = std::move(Divisor);
  E.Operands.push_back(std::move(Dividend));
  return E;
}

std::optional<int64_t> IndexExpr::offsetFrom(const std::string &Var) const {
  if (K != Kind::Affine || Value.coefficient(Var) != 1)
    return std::nullopt;
  AffineExpr Rest = Value.without(Var);
  if (!Rest.isConstant())
    return std::nullopt;
  return Rest.constantTerm();
}

bool IndexExpr::mentions(const std::string &Var) const {
  if (Value.coefficient(Var) || CmpLhs.coefficient(Var) ||
      CmpRhs.coefficient(Var) || Divisor.coefficient(Var))
    return true;
  for (const IndexExpr &O : Operands)
    if (O.mentions(Var))
      return true;
  return false;
}

static std::string renamed(
    const AffineExpr &E,
    const std::function<std::string(const std::string &)> &Name) {
  if (!Name)
    return E.str();
  std::string S;
  for (const auto &[Sym, C] : E.terms()) {
    std::string N = Name(Sym);
    std::string Term = C == 1 ? N : C == -1 ? "-" + N
                                            : std::to_string(C) + "*" + N;
    if (S.empty())
      S = Term;
    else if (Term[0] == '-')
      S += " - " + Term.substr(1);
    else
      S += " + " + Term;
  }
  int64_t K = E.constantTerm();
  if (S.empty())
    return std::to_string(K);
  if (K > 0)
    S += " + " + std::to_string(K);
  else if (K < 0)
    S += " - " + std::to_string(-K);
  return S;
}

std::string IndexExpr::str(
    const std::function<std::string(const std::string &)> &Name) const {
  switch (K) {
  case Kind::Affine:
    return renamed(Value, Name);
  case Kind::Select:
    return "(" + renamed(CmpLhs, Name) + " " + Cmp + " " +
           renamed(CmpRhs, Name) + " ? " + Operands[0].str(Name) + " : " +
           Operands[1].str(Name) + ")";
  case Kind::Mod:
    return "(" + Operands[0].str(Name) + ") % (" + renamed(Divisor, Name) +
           ")";
  }
  return "";
}

static std::string conj(const std::string &A, const std::string &B) {
  if (A.empty())
    return B;
  if (B.empty())
    return A;
  return A + " and " + B;
}

static std::string negatedComparison(const std::string &Cmp) {
  if (Cmp == "<")
    return ">=";
  if (Cmp == "<=")
    return ">";
  if (Cmp == ">")
    return "<=";
  if (Cmp == ">=")
    return "<";
  if (Cmp == "==")
    return "!=";
  return "==";
}

static std::string islComparison(const AffineExpr &L, const std::string &Cmp,
                                 const AffineExpr &R) {
  std::string Op = Cmp == "==" ? "=" : Cmp;
  if (Cmp == "!=")
    return "(" + L.str() + " < " + R.str() + " or " + L.str() + " > " +
           R.str() + ")";
  return L.str() + " " + Op + " " + R.str();
}

std::vector<std::pair<std::string, std::string>> IndexExpr::islPieces() const {
  std::vector<std::pair<std::string, std::string>> Out;
  switch (K) {
  case Kind::Affine:
    Out.emplace_back("", Value.str());
    break;
  case Kind::Select: {
    std::string C = islComparison(CmpLhs, Cmp, CmpRhs);
    std::string NotC = islComparison(CmpLhs, negatedComparison(Cmp), CmpRhs);
    for (auto &[Cond, V] : Operands[0].islPieces())
      Out.emplace_back(conj(C, Cond), V);
    for (auto &[Cond, V] : Operands[1].islPieces())
      Out.emplace_back(conj(NotC, Cond), V);
    break;
  }
  case Kind::Mod: {
    std::string N = "(" + Divisor.str() + ")";
    for (auto &[Cond, V] : Operands[0].islPieces()) {
      std::string X = "(" + V + ")";
      // C's remainder keeps the dividend's sign.
      Out.emplace_back(conj(Cond, "-" + N + " < " + X + " < " + N), X);
      Out.emplace_back(conj(Cond, N + " <= " + X + " < 2*" + N), X + " - " + N);
      Out.emplace_back(conj(Cond, "-2*" + N + " < " + X + " <= -" + N),
                       X + " + " + N);
    }
    break;
  }
  }
  return Out;
}

bool IndexExpr::operator==(const IndexExpr &O) const {
  return K == O.K && Value == O.Value && CmpLhs == O.CmpLhs &&
         CmpRhs == O.CmpRhs && Cmp == O.Cmp && Divisor == O.Divisor &&
         Operands == O.Operands;
}

} // namespace stencilcc
