//===- Emitter/PartialSums.cpp --------------------------------------------===//
#include "stencilcc/Emitter/PartialSums.h"
#include "stencilcc/Emitter/ConstantDivision.h"
#include "stencilcc/Emitter/FloatSquareRoot.h"

#include <functional>
#include <sstream>

namespace stencilcc {

namespace {

/// Wraps a term (or a read-free part) of the sum into the operations that
/// enclose it between the sum and the leaf.
using Wrapper = std::function<ExprPtr(ExprPtr)>;

/// Replaces operand \p Index of a copy of \p E by \p Inner.
ExprPtr withOperand(const Expr &E, size_t Index, ExprPtr Inner) {
  ExprPtr C = E.clone();
  C->Operands[Index] = std::move(Inner);
  return C;
}

class Linearizer {
public:
  Linearizer(const TemporalBlockingPlan &Plan, PartialSumForm &F)
      : Plan(Plan), F(F) {}

  /// Distributes the sum \p E into F's groups and \p Constants, each part
  /// wrapped by \p Wrap.
  void add(const Expr &E, const Wrapper &Wrap) {
    if (!E.readsArray()) {
      Constants.push_back(Wrap(E.clone()));
      return;
    }
    switch (E.K) {
    case Expr::Kind::Access: {
      int64_t S = Plan.streamOffset(E.Access.Offsets);
      F.Groups[S].push_back(Wrap(E.clone()));
      F.GroupReads[S].insert(Plan.inPlaneOffset(E.Access.Offsets));
      return;
    }
    case Expr::Kind::Unary:
    case Expr::Kind::Cast:
      add(*E.Operands[0], [&](ExprPtr T) { return Wrap(withOperand(E, 0, std::move(T))); });
      return;
    case Expr::Kind::Binary: {
      const Expr &L = *E.Operands[0], &R = *E.Operands[1];
      if (E.Op == "+") {
        add(L, Wrap);
        add(R, Wrap);
      } else if (E.Op == "-") {
        add(L, Wrap);
        add(R, [&](ExprPtr T) { return Wrap(Expr::unary("-", std::move(T))); });
      } else if (L.readsArray()) { // `*` or `/` by a read-free operand
        add(L, [&](ExprPtr T) { return Wrap(withOperand(E, 0, std::move(T))); });
      } else {                     // read-free `*` operand on the left
        add(R, [&](ExprPtr T) { return Wrap(withOperand(E, 1, std::move(T))); });
      }
      return;
    }
    default:
      // StencilAnalysis::SumOfProducts admits nothing else.
      return;
    }
  }

  std::vector<ExprPtr> Constants;

private:
  const TemporalBlockingPlan &Plan;
  PartialSumForm &F;
};

/// Whether \p E is applied to the whole sum: a cast, a sign, or a product
/// or quotient with a read-free operand. Returns the operand holding the
/// sum.
std::optional<size_t> enclosingOperand(const Expr &E) {
  if (E.K == Expr::Kind::Cast ||
      (E.K == Expr::Kind::Unary && (E.Op == "-" || E.Op == "+")))
    return 0;
  if (E.K != Expr::Kind::Binary)
    return std::nullopt;
  const Expr &L = *E.Operands[0], &R = *E.Operands[1];
  if ((E.Op == "*" || E.Op == "/") && !R.readsArray())
    return 0;
  if (E.Op == "*" && !L.readsArray())
    return 1;
  return std::nullopt;
}

std::string joinParams(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : ", ") + X;
  return S;
}

} // namespace

const ArrayAccess &partialTermRead(const Expr &T) {
  if (T.K == Expr::Kind::Access)
    return T.Access;
  for (const ExprPtr &O : T.Operands)
    if (O->readsArray())
      return partialTermRead(*O);
  return T.Access; // not reached: a term reads a value
}

std::vector<int64_t> partialTermValue(const TemporalBlockingPlan &Plan,
                                      const Expr &T, unsigned Row) {
  return Plan.offsetFromFirstRow(
      Plan.inPlaneOffset(partialTermRead(T).Offsets), Row);
}

std::map<std::vector<int64_t>, std::vector<ValueTerm>>
partialTermsByValue(const TemporalBlockingPlan &Plan, const PartialSumForm &F,
                    unsigned Rows) {
  std::map<std::vector<int64_t>, std::vector<ValueTerm>> ByValue;
  for (unsigned Row = 0; Row < Rows; ++Row)
    for (const auto &[S, Terms] : F.Groups)
      for (const ExprPtr &T : Terms)
        ByValue[partialTermValue(Plan, *T, Row)].push_back({Row, S, T.get()});
  return ByValue;
}

std::string partialTermAddition(const PartialSumForm &F,
                                const std::string &Sum, const Expr &T,
                                bool Starts) {
  std::string Term = printExpr(
      T, [](const ArrayAccess &) { return std::string("v"); },
      /*ExplicitCasts=*/true);
  return Sum + " = (" + scalarTypeName(F.SumType) + ")(" +
         (Starts ? "" : Sum + " + ") + "(" + Term + "));";
}

std::set<std::vector<int64_t>> PartialSumForm::inPlaneReads() const {
  std::set<std::vector<int64_t>> All;
  for (const auto &[S, Reads] : GroupReads)
    All.insert(Reads.begin(), Reads.end());
  return All;
}

PartialSumForm partialSumForm(const KernelContext &K) {
  PartialSumForm F;
  ExprPtr Rhs = K.Program.Rhs->clone();
  std::function<void(Expr &)> Rename = [&](Expr &E) {
    if (E.K == Expr::Kind::ScalarRef)
      E.Name = "s_" + E.Name;
    for (ExprPtr &O : E.Operands)
      Rename(*O);
  };
  Rename(*Rhs);

  // What encloses the whole sum stays outside it, applied once per output
  // (j2d9pt: `(...) / c0` divides the finished sum, not every term).
  std::vector<std::pair<const Expr *, size_t>> Enclosing;
  const Expr *Core = Rhs.get();
  while (Core->K != Expr::Kind::Access) {
    std::optional<size_t> I = enclosingOperand(*Core);
    if (!I)
      break;
    Enclosing.push_back({Core, *I});
    Core = Core->Operands[*I].get();
  }
  F.SumType = Core->Type;

  Linearizer Lin(K.Plan, F);
  Lin.add(*Core, [](ExprPtr T) { return T; });
  for (auto &[S, Terms] : F.Groups)
    for (ExprPtr &T : Terms) {
      lowerConstantDivisions(*T, K.Plan.FastMath);
      lowerFloatSquareRoots(*T);
    }

  ExprPtr Sum = Expr::scalarRef("sum", F.SumType);
  for (ExprPtr &C : Lin.Constants)
    Sum = Expr::binary("+", std::move(Sum), std::move(C), F.SumType);
  for (auto It = Enclosing.rbegin(); It != Enclosing.rend(); ++It)
    Sum = withOperand(*It->first, It->second, std::move(Sum));
  lowerConstantDivisions(*Sum, K.Plan.FastMath);
  lowerFloatSquareRoots(*Sum);
  F.Finish = std::move(Sum);
  return F;
}

std::string partialSumValueName(const std::vector<int64_t> &V) {
  return "v_" + inPlaneTag(V);
}

std::string partialTermsFunction(const KernelContext &K, int64_t S) {
  return K.Prefix + "_terms_" + offsetTag(S);
}

std::string partialFinishFunction(const KernelContext &K) {
  return K.Prefix + "_finish";
}

std::string emitPartialSumFunctions(const KernelContext &K,
                                    const PartialSumForm &F) {
  const std::string Elem = elementTypeName(K.Plan.Element);
  const std::string SumT = scalarTypeName(F.SumType);
  const TemporalBlockingPlan &Plan = K.Plan;
  auto PrintAccess = [&](const ArrayAccess &A) {
    return partialSumValueName(Plan.inPlaneOffset(A.Offsets));
  };
  std::ostringstream OS;
  // Value by value, the kernel adds each term where its value is loaded:
  // only the finish is a function.
  const bool ValueOrder = Plan.Order == SumOrder::Value;
  if (ValueOrder)
    OS << "// Partial sums, value by value (--sum-order=value): each value "
          "loaded is added\n// to every sum that reads it; "
       << partialFinishFunction(K)
       << " turns the sum of every\n// plane's terms into the new value.\n";
  else
    OS << "// --opt=assoc: the update as partial sums. " << K.Prefix
       << "_terms_<s> adds the\n// terms reading plane y + s "
          "(v_<in-plane offset>: a value of that plane) to\n// the sum so "
          "far (the lowest plane's start it); "
       << partialFinishFunction(K)
       << "\n// turns the sum of every plane's terms into the new value.\n";
  for (const auto &[S, Terms] : F.Groups) {
    if (ValueOrder)
      break;
    // Every group but the first adds its terms to the sum so far, one
    // multiply-add each (no temporary per group for ptxas to keep).
    std::vector<std::string> Params;
    bool Starts = S == F.lowestOffset();
    if (!Starts)
      Params.push_back("const " + SumT + " sum");
    for (const std::vector<int64_t> &V : F.GroupReads.at(S))
      Params.push_back("const " + Elem + " " + partialSumValueName(V));
    std::string Body = Starts ? "" : "sum";
    for (const ExprPtr &T : Terms)
      Body += std::string(Body.empty() ? "" : "\n      + ") + "(" +
              printExpr(*T, PrintAccess, /*ExplicitCasts=*/true) + ")";
    OS << "static __device__ __forceinline__ " << SumT << " "
       << partialTermsFunction(K, S) << "(" << joinParams(Params)
       << scalarParams(K.Program) << ")\n{\n  return (" << SumT << ")("
       << Body << ");\n}\n";
  }
  OS << "static __device__ __forceinline__ " << Elem << " "
     << partialFinishFunction(K) << "(const " << SumT << " sum"
     << scalarParams(K.Program) << ")\n{\n  return (" << Elem << ")("
     << printExpr(*F.Finish, PrintAccess, /*ExplicitCasts=*/true)
     << ");\n}\n";
  return OS.str();
}

std::string PartialSumRing::slot(unsigned Level, int64_t RelPlane) const {
  int64_t N = Plan.SumRing;
  return "s" + std::to_string(Level) + "_" +
         std::to_string(((RelPlane % N) + N) % N) + Suffix;
}

std::string
PartialSumRing::registerDeclarations(const std::string &SumType) const {
  std::string S;
  for (unsigned L = 1; L <= Levels; ++L) {
    std::string Line;
    for (unsigned K = 0; K < Plan.SumRing; ++K)
      Line += (Line.empty() ? "" : ", ") + slot(L, K) + " = 0";
    S += "  " + SumType + " " + Line + ";\n";
  }
  return S;
}

} // namespace stencilcc
