//===- Emitter/TermTableKernel.cpp - A naive kernel for huge sums ---------===//
#include "stencilcc/Emitter/TermTableKernel.h"
#include "KernelLayout.h"
#include "stencilcc/Emitter/PartialSums.h"

#include <algorithm>
#include <map>
#include <optional>
#include <sstream>

namespace stencilcc {

namespace {

/// The terms of the update in table order, with what multiplies each.
struct TermTable {
  /// Per term, the offsets of its read.
  std::vector<std::vector<int64_t>> Offsets;
  /// Per term, its factors applied to `x` (the read's value) as C text.
  std::vector<std::string> Factors;
  /// Per term, whether its factors are literals, casts and arithmetic
  /// only, so that their value at x = 1 is a constant initializer.
  std::vector<bool> Literal;
};

bool onlyLiterals(const Expr &T) {
  bool Literal = true;
  T.walk([&](const Expr &E) {
    if (E.K == Expr::Kind::ScalarRef || E.K == Expr::Kind::Call ||
        E.K == Expr::Kind::Conditional)
      Literal = false;
  });
  return Literal;
}

TermTable termTable(const PartialSumForm &F) {
  TermTable Table;
  auto AsX = [](const ArrayAccess &) { return std::string("x"); };
  for (const auto &[S, Terms] : F.Groups)
    for (const ExprPtr &T : Terms) {
      Table.Offsets.push_back(partialTermRead(*T).Offsets);
      Table.Factors.push_back(printExpr(*T, AsX, /*ExplicitCasts=*/true));
      Table.Literal.push_back(onlyLiterals(*T));
    }
  return Table;
}

/// How the kernel visits the terms: Listed (by index into the table) in
/// one loop with a coefficient each, then each group in a loop of its own.
struct TermLoops {
  std::vector<size_t> Listed;
  std::vector<std::vector<size_t>> Groups;
};

/// Terms with the same factors grouped, in order of first appearance; past
/// kTermTableMaximumGroups, the terms of literal factors listed with their
/// coefficients and only the others grouped. None where even those are too
/// many groups.
std::optional<TermLoops> termLoops(const TermTable &Table) {
  auto Group = [&](bool SkipLiteral) {
    std::vector<std::vector<size_t>> Groups;
    std::map<std::string, size_t> GroupOf;
    for (size_t I = 0; I < Table.Factors.size(); ++I) {
      if (SkipLiteral && Table.Literal[I])
        continue;
      auto [It, New] = GroupOf.try_emplace(Table.Factors[I], Groups.size());
      if (New)
        Groups.emplace_back();
      Groups[It->second].push_back(I);
    }
    return Groups;
  };
  TermLoops Loops;
  Loops.Groups = Group(false);
  if (Loops.Groups.size() <= kTermTableMaximumGroups)
    return Loops;
  Loops.Groups = Group(true);
  if (Loops.Groups.size() > kTermTableMaximumGroups)
    return std::nullopt;
  for (size_t I = 0; I < Table.Factors.size(); ++I)
    if (Table.Literal[I])
      Loops.Listed.push_back(I);
  return Loops;
}

/// The smallest signed type holding every offset of \p Table.
const char *offsetType(const TermTable &Table) {
  int64_t Reach = 0;
  for (const std::vector<int64_t> &O : Table.Offsets)
    for (int64_t X : O)
      Reach = std::max(Reach, X < 0 ? -X : X);
  return Reach <= 127 ? "signed char" : Reach <= 32767 ? "short" : "int";
}

/// `(x)` replaced by \p Value in the factors' text \p Factors (printExpr
/// prints a read as the bare name x, and no other name of the update is x:
/// scalars are s_<name>).
std::string applyFactors(const std::string &Factors, const std::string &Value) {
  std::string Out;
  for (size_t I = 0; I < Factors.size(); ++I) {
    bool Word = Factors[I] == 'x' &&
                (I == 0 || !(isalnum((unsigned char)Factors[I - 1]) ||
                             Factors[I - 1] == '_')) &&
                (I + 1 == Factors.size() ||
                 !(isalnum((unsigned char)Factors[I + 1]) ||
                   Factors[I + 1] == '_'));
    Out += Word ? "(" + Value + ")" : std::string(1, Factors[I]);
  }
  return Out;
}

/// A read's index relative to the cell: the naive kernel's `cell` is
/// ((x0 * e1) + x1) * e2 + x2.
std::string readIndex(unsigned N, const std::string &Entry) {
  std::string Index;
  for (unsigned D = 0; D < N; ++D) {
    std::string O = "(long)" + Entry + "[" + std::to_string(D) + "]";
    Index = D == 0 ? O : "(" + Index + ") * e" + std::to_string(D) + " + " + O;
  }
  return Index;
}

} // namespace

std::string emitTermTableNaiveKernel(const KernelContext &K) {
  if (!K.Analysis.SumOfProducts)
    return "";
  PartialSumForm F = partialSumForm(K);
  if (!isFloatingType(F.SumType))
    return "";
  TermTable Table = termTable(F);
  const size_t Terms = Table.Offsets.size();
  if (Terms <= kTermTableMinimumTerms)
    return "";

  std::optional<TermLoops> Loops = termLoops(Table);
  if (!Loops)
    return "";
  const std::vector<std::vector<size_t>> &Members = Loops->Groups;
  const std::vector<size_t> &Listed = Loops->Listed;

  const StencilProgram &P = K.Program;
  const unsigned N = P.numSpatialDims();
  const std::string Elem = elementTypeName(K.Plan.Element);
  const std::string SumT = scalarTypeName(F.SumType);
  const std::string OffsetsName = K.Prefix + "_term_offsets";
  const std::string CoefficientsName = K.Prefix + "_term_coefficients";
  std::vector<size_t> Order = Listed;
  for (const std::vector<size_t> &G : Members)
    Order.insert(Order.end(), G.begin(), G.end());

  std::ostringstream OS;
  OS << "// The update's " << Terms << " terms, too many to unroll (nvcc takes "
     << "minutes over a\n// sum of thousands), as a table: term e reads src at "
     << "the offsets " << OffsetsName << "[e]\n// from the cell"
     << (Listed.empty() ? "" : "; the first " + std::to_string(Listed.size()) +
                                   " times " + CoefficientsName + "[e]")
     << (Members.empty() ? "." : "; terms of equal factors added first and "
                                 "multiplied once.")
     << "\nstatic __device__ const " << offsetType(Table) << " " << OffsetsName
     << "[" << Terms << "][" << N << "] = {";
  for (size_t I = 0; I < Order.size(); ++I) {
    OS << (I % 8 ? " " : "\n    ") << "{";
    const std::vector<int64_t> &O = Table.Offsets[Order[I]];
    for (unsigned D = 0; D < N; ++D)
      OS << (D ? ", " : "") << O[D];
    OS << "},";
  }
  OS << "\n};\n";
  if (!Listed.empty()) {
    OS << "static __device__ const " << SumT << " " << CoefficientsName << "["
       << Listed.size() << "] = {";
    for (size_t I = 0; I < Listed.size(); ++I)
      OS << (I % 4 ? " " : "\n    ")
         << applyFactors(Table.Factors[Listed[I]], "(" + Elem + ")1") << ",";
    OS << "\n};\n";
  }

  OS << "// One time step, one thread per cell, global memory only.\n"
     << naiveKernelHead(K);
  OS << "  " << SumT << " sum = 0;\n";
  auto Loop = [&](size_t Begin, size_t End, const std::string &Add) {
    OS << "#pragma unroll 4\n    for (int e = " << Begin << "; e < " << End
       << "; ++e) {\n      const " << Elem << " x = src[cell + "
       << readIndex(N, OffsetsName + "[e]") << "];\n      " << Add
       << "\n    }\n";
  };
  if (!Listed.empty()) {
    OS << "  { // " << Listed.size() << " terms of literal factors\n";
    Loop(0, Listed.size(), "sum += " + CoefficientsName + "[e] * x;");
    OS << "  }\n";
  }
  size_t Begin = Listed.size();
  for (const std::vector<size_t> &G : Members) {
    const std::string &Factors = Table.Factors[G.front()];
    OS << "  { // " << G.size() << (G.size() == 1 ? " term: " : " terms: ")
       << Factors << "\n    " << SumT << " group = 0;\n";
    Loop(Begin, Begin + G.size(), "group += x;");
    OS << "    sum += " << applyFactors(Factors, "group") << ";\n  }\n";
    Begin += G.size();
  }
  auto PrintAccess = [](const ArrayAccess &) { return std::string("sum"); };
  OS << "  dst[cell] = (" << Elem << ")("
     << printExpr(*F.Finish, PrintAccess, /*ExplicitCasts=*/true) << ");\n}\n";
  return OS.str();
}

} // namespace stencilcc
