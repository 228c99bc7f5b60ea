//===- IR/AffineExpr.cpp --------------------------------------------------===//
#include "stencilcc/IR/AffineExpr.h"

#include <cstdlib>

namespace stencilcc {

AffineExpr AffineExpr::constant(int64_t C) {
  AffineExpr E;
  E.Constant = C;
  return E;
}

AffineExpr AffineExpr::symbol(const std::string &Name, int64_t Coeff) {
  AffineExpr E;
  if (Coeff != 0)
    E.Terms[Name] = Coeff;
  return E;
}

AffineExpr AffineExpr::operator+(const AffineExpr &O) const {
  AffineExpr R = *this;
  R.Constant += O.Constant;
  for (const auto &[Name, C] : O.Terms) {
    int64_t &Slot = R.Terms[Name];
    Slot += C;
    if (Slot == 0)
      R.Terms.erase(Name);
  }
  return R;
}

AffineExpr AffineExpr::operator-(const AffineExpr &O) const {
  return *this + O * -1;
}

AffineExpr AffineExpr::operator*(int64_t K) const {
  if (K == 0)
    return AffineExpr();
  AffineExpr R;
  R.Constant = Constant * K;
  for (const auto &[Name, C] : Terms)
    R.Terms[Name] = C * K;
  return R;
}

int64_t AffineExpr::coefficient(const std::string &Name) const {
  auto It = Terms.find(Name);
  return It == Terms.end() ? 0 : It->second;
}

AffineExpr AffineExpr::without(const std::string &Name) const {
  AffineExpr R = *this;
  R.Terms.erase(Name);
  return R;
}

std::optional<int64_t>
AffineExpr::evaluate(const std::map<std::string, int64_t> &Values) const {
  int64_t V = Constant;
  for (const auto &[Name, C] : Terms) {
    auto It = Values.find(Name);
    if (It == Values.end())
      return std::nullopt;
    V += C * It->second;
  }
  return V;
}

std::string AffineExpr::str() const {
  std::string S;
  auto Append = [&](int64_t C, const std::string &Atom) {
    bool Neg = C < 0;
    uint64_t Abs = Neg ? -static_cast<uint64_t>(C) : C;
    if (S.empty())
      S = Neg ? "-" : "";
    else
      S += Neg ? " - " : " + ";
    if (Atom.empty())
      S += std::to_string(Abs);
    else if (Abs == 1)
      S += Atom;
    else
      S += std::to_string(Abs) + "*" + Atom;
  };
  for (const auto &[Name, C] : Terms)
    Append(C, Name);
  if (Constant != 0 || S.empty())
    Append(Constant, "");
  return S;
}

} // namespace stencilcc
