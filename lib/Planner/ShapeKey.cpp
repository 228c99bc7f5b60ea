//===- lib/Planner/ShapeKey.cpp - What decides a region's plan ------------===//
#include "stencilcc/Planner/ShapeKey.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA1.h"

#include <cstdlib>
#include <map>
#include <sstream>

namespace stencilcc {

namespace {

bool readsArray(const Expr &E) { return E.readsArray(); }

bool referencesScalar(const Expr &E) {
  bool Scalar = false;
  E.walk([&](const Expr &X) { Scalar |= X.K == Expr::Kind::ScalarRef; });
  return Scalar;
}

/// Each operation of \p Rhs by kind, operator and type, counted; reads,
/// literals and scalars are not operations, and nor is what combines only
/// them (`(float)0.25`, `1.0 / 6.0`, `2 * c`): coefficients, which the
/// compiler folds or computes once.
std::string operationMix(const Expr &Rhs) {
  std::map<std::string, unsigned> Count;
  Rhs.walk([&](const Expr &E) {
    if (!readsArray(E))
      return;
    std::string T = scalarTypeName(E.Type);
    switch (E.K) {
    case Expr::Kind::Binary: {
      std::string Key = E.Op + ":" + T;
      // A divisor the CUDA compiler knows (literals) takes the constant
      // division; a run-time scalar the full one; a read neither.
      if (E.Op == "/" || E.Op == "%")
        Key += readsArray(*E.Operands[1])        ? ",by-read"
               : referencesScalar(*E.Operands[1]) ? ",by-scalar"
                                                  : ",by-constant";
      ++Count[Key];
      break;
    }
    case Expr::Kind::Unary:
      ++Count["unary" + E.Op + ":" + T];
      break;
    case Expr::Kind::Call:
      ++Count["call " + E.Name + ":" + T];
      break;
    case Expr::Kind::Cast:
      if (!E.Operands.empty() && E.Operands[0]->Type != E.Type)
        ++Count["cast " + std::string(scalarTypeName(E.Operands[0]->Type)) +
                "->" + T];
      break;
    case Expr::Kind::Conditional:
      ++Count["?::" + T];
      break;
    default:
      break;
    }
  });
  std::string S;
  for (const auto &[Key, N] : Count)
    S += (S.empty() ? "" : " ") + Key + "x" + std::to_string(N);
  return S;
}

std::string offsetsText(const std::vector<int64_t> &Offsets) {
  std::string S = "(";
  for (size_t D = 0; D < Offsets.size(); ++D)
    S += (D ? "," : "") + std::to_string(Offsets[D]);
  return S + ")";
}

/// A subscript relative to the statement's loops: `L1+2` (loop 1 plus 2),
/// `fixed` (free of loop variables), boundary conditions by kind.
std::string subscriptShape(const IndexExpr &I, const std::vector<Loop> &Loops) {
  switch (I.K) {
  case IndexExpr::Kind::Affine:
    for (size_t L = 0; L < Loops.size(); ++L)
      if (std::optional<int64_t> O = I.offsetFrom(Loops[L].Var))
        return "L" + std::to_string(L) + (*O < 0 ? "" : "+") +
               std::to_string(*O);
    for (const Loop &L : Loops)
      if (I.mentions(L.Var))
        return "affine";
    return "fixed";
  case IndexExpr::Kind::Select:
    return "select(" + subscriptShape(I.Operands[0], Loops) + "," +
           subscriptShape(I.Operands[1], Loops) + ")";
  case IndexExpr::Kind::Mod:
    return "mod(" + subscriptShape(I.Operands[0], Loops) + ")";
  }
  return "?";
}

std::string sha1Key(const std::string &Text) {
  llvm::SHA1 H;
  H.update(Text);
  return llvm::toHex(H.final(), /*LowerCase=*/true).substr(0, 16);
}

} // namespace

/// Dimensions, element type, levels and reads: the shape text's part
/// before its operations.
static std::string stencilReadsText(const StencilProgram &P,
                                    const StencilAnalysis &A,
                                    bool Distinct = false) {
  std::ostringstream OS;
  OS << "dims=" << A.NumDims << ";element=" << elementTypeName(A.Element)
     << ";levels=" << P.TimeModulus << ";write=" << P.WriteShift;
  // Every read, a multiset: the order of a sum's terms does not count.
  std::map<std::string, unsigned> Reads;
  P.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      ++Reads["t" + std::to_string(E.Access.TimeShift) +
              offsetsText(E.Access.Offsets)];
  });
  OS << ";reads=";
  for (const auto &[Read, N] : Reads)
    OS << Read << "x" << (Distinct ? 1 : N) << " ";
  return OS.str();
}

std::string stencilShapeText(const StencilProgram &P,
                             const StencilAnalysis &A) {
  return stencilReadsText(P, A) + ";ops=" + operationMix(*P.Rhs) +
         ";sum-of-products=" + (A.SumOfProducts ? "yes" : "no");
}

std::string stencilShapeFamily(const StencilProgram &P,
                               const StencilAnalysis &A) {
  // The cells read, each once: reading the centre twice (`u + nu * (...
  // - c * u)`) is a matter of operations, not of which plan fits.
  return "family-" + sha1Key(stencilReadsText(P, A, /*Distinct=*/true));
}

std::string stencilOperationMix(const StencilProgram &P,
                                const StencilAnalysis &A) {
  std::string Ops = operationMix(*P.Rhs);
  if (A.SumOfProducts)
    Ops += (Ops.empty() ? "" : " ") + std::string("sum-of-productsx1");
  return Ops;
}

unsigned operationMixDistance(const std::string &A, const std::string &B) {
  // Items are `KEYxN`; a key holds no space.
  auto Counts = [](const std::string &Mix) {
    std::map<std::string, long> C;
    std::istringstream In(Mix);
    std::string Item;
    while (In >> Item) {
      size_t X = Item.rfind('x');
      if (X == std::string::npos)
        continue;
      C[Item.substr(0, X)] += std::atol(Item.c_str() + X + 1);
    }
    return C;
  };
  std::map<std::string, long> CA = Counts(A), CB = Counts(B);
  unsigned D = 0;
  for (const auto &[K, N] : CA)
    D += unsigned(std::labs(N - (CB.count(K) ? CB[K] : 0)));
  for (const auto &[K, N] : CB)
    if (!CA.count(K))
      D += unsigned(N);
  return D;
}

std::string stageShapeText(const StencilProgram &P, const StageAnalysis &A) {
  std::ostringstream OS;
  OS << "stage;dims=" << A.NumDims << ";arrays=";
  for (const StencilArray &Arr : P.Arrays)
    OS << "[" << arrayRoleName(Arr.Role) << " "
       << elementTypeName(Arr.Element) << " levels=" << Arr.Levels
       << " rank=" << Arr.Extents.size() << "]";
  OS << ";stages=";
  for (const Stage &S : P.Stages) {
    OS << "[writes " << S.ArrayId << "+" << S.WriteShift << " at";
    for (const IndexExpr &I : S.WriteIndex)
      OS << " " << subscriptShape(I, S.Loops);
    OS << "; loops=" << S.Loops.size() << "; reads";
    std::map<std::string, unsigned> Reads;
    S.Rhs->walk([&](const Expr &E) {
      if (E.K != Expr::Kind::Access)
        return;
      std::string R = std::to_string(E.Access.ArrayId) + "t" +
                      std::to_string(E.Access.TimeShift) + "(";
      for (size_t D = 0; D < E.Access.Index.size(); ++D)
        R += (D ? "," : "") + subscriptShape(E.Access.Index[D], S.Loops);
      ++Reads[R + ")"];
    });
    for (const auto &[Read, N] : Reads)
      OS << " " << Read << "x" << N;
    OS << "; ops=" << operationMix(*S.Rhs) << "]";
  }
  return OS.str();
}

std::string shapeKeyOfText(const std::string &ShapeText) {
  return "shape-" + sha1Key(ShapeText);
}

} // namespace stencilcc
