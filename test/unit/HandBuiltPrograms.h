//===- unit/HandBuiltPrograms.h - StencilProgram IR without a frontend ----===//
//
// The isl model and the analysis are tested on IR built here by hand, so
// their tests neither depend on nor are masked by the frontend. The
// benchmark builders follow the formulas of AN5D's Table 3.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TEST_UNIT_HANDBUILTPROGRAMS_H
#define STENCILCC_TEST_UNIT_HANDBUILTPROGRAMS_H

#include "stencilcc/IR/StencilProgram.h"

#include <string>
#include <vector>

namespace stencilcc {
namespace test {

/// for (t = 0; t < timestep; t++)
///   for (i = Rad; i < n - Rad; i++) ...        (Dims loops: i, j, k)
///     A[(t+1)%2][i][j] = <Rhs, set by the caller>;
/// with `float A[2][n][n]` (or double) and integer parameters n, timestep.
inline StencilProgram skeleton(unsigned Dims, int64_t Rad,
                               ElementType Elem = ElementType::Float) {
  StencilProgram P;
  P.FileName = "hand.c";
  P.FunctionName = "kernel";
  P.Parameters.push_back({"n", ScalarType::Int, {}});
  P.Parameters.push_back({"timestep", ScalarType::Int, {}});
  P.Array.Name = "A";
  P.Array.Element = Elem;
  P.Array.TimeExtent = 2;
  P.Array.Loc = {1, 0, 1, 1};
  P.TimeLoop.Var = "t";
  P.TimeLoop.Lower = AffineExpr::constant(0);
  P.TimeLoop.Upper = AffineExpr::symbol("timestep");
  static const char *const Vars[] = {"i", "j", "k"};
  AffineExpr N = AffineExpr::symbol("n");
  for (unsigned D = 0; D < Dims; ++D) {
    Loop L;
    L.Var = Vars[D];
    L.Lower = AffineExpr::constant(Rad);
    L.Upper = N - AffineExpr::constant(Rad);
    P.SpatialLoops.push_back(L);
    P.Array.Extents.push_back(N);
    P.Array.ExtentSpellings.push_back("n");
  }
  P.WriteShift = 1;
  P.TimeModulus = 2;
  P.StmtLoc = {2, 0, 10, 7};
  return P;
}

inline ScalarType scalarOf(const StencilProgram &P) {
  return P.Array.Element == ElementType::Float ? ScalarType::Float
                                               : ScalarType::Double;
}

/// A read of P's array; each gets a distinct location so tests can tell
/// which read a diagnostic points at (Raw = 100 + column).
inline ExprPtr read(const StencilProgram &P, std::vector<int64_t> Offsets,
                    int64_t TimeShift = 0) {
  static unsigned Column = 0;
  ++Column;
  ArrayAccess A;
  A.TimeShift = TimeShift;
  A.Offsets = std::move(Offsets);
  ExprPtr E = Expr::access(A, scalarOf(P));
  E->Loc = {100 + Column, 0, 20, Column};
  return E;
}

inline ExprPtr lit(const StencilProgram &P, double V) {
  bool F = P.Array.Element == ElementType::Float;
  std::string S = std::to_string(V) + (F ? "f" : "");
  return Expr::floatLiteral(S, V, scalarOf(P));
}

inline ExprPtr bin(const std::string &Op, ExprPtr L, ExprPtr R) {
  ScalarType T = L->Type;
  return Expr::binary(Op, std::move(L), std::move(R), T);
}

/// ((E0 + E1) + E2) + ...
inline ExprPtr sum(std::vector<ExprPtr> Terms) {
  ExprPtr S = std::move(Terms[0]);
  for (size_t I = 1; I < Terms.size(); ++I)
    S = bin("+", std::move(S), std::move(Terms[I]));
  return S;
}

/// c_0 * f(o_0) + c_1 * f(o_1) + ... with distinct coefficients.
inline ExprPtr weightedSum(const StencilProgram &P,
                           const std::vector<std::vector<int64_t>> &Offsets) {
  std::vector<ExprPtr> Terms;
  for (size_t I = 0; I < Offsets.size(); ++I)
    Terms.push_back(bin("*", lit(P, 0.5 + 0.25 * I), read(P, Offsets[I])));
  return sum(std::move(Terms));
}

/// Center first, then +-r along each axis (AN5D's star{x}r order).
inline std::vector<std::vector<int64_t>> starOffsets(unsigned Dims,
                                                     int64_t Rad) {
  std::vector<std::vector<int64_t>> O{std::vector<int64_t>(Dims, 0)};
  for (int64_t R = 1; R <= Rad; ++R)
    for (unsigned D = 0; D < Dims; ++D)
      for (int64_t S : {-R, R}) {
        std::vector<int64_t> V(Dims, 0);
        V[D] = S;
        O.push_back(V);
      }
  return O;
}

inline std::vector<std::vector<int64_t>> boxOffsets(unsigned Dims,
                                                    int64_t Rad) {
  std::vector<std::vector<int64_t>> O{{}};
  for (unsigned D = 0; D < Dims; ++D) {
    std::vector<std::vector<int64_t>> Next;
    for (const auto &Prefix : O)
      for (int64_t V = -Rad; V <= Rad; ++V) {
        auto X = Prefix;
        X.push_back(V);
        Next.push_back(X);
      }
    O = Next;
  }
  return O;
}

inline StencilProgram star(unsigned Dims, int64_t Rad) {
  StencilProgram P = skeleton(Dims, Rad);
  P.Rhs = weightedSum(P, starOffsets(Dims, Rad));
  return P;
}

inline StencilProgram box(unsigned Dims, int64_t Rad) {
  StencilProgram P = skeleton(Dims, Rad);
  P.Rhs = weightedSum(P, boxOffsets(Dims, Rad));
  return P;
}

/// (weighted sum over Offsets) / 118
inline StencilProgram jacobi(unsigned Dims, int64_t Rad,
                             const std::vector<std::vector<int64_t>> &O) {
  StencilProgram P = skeleton(Dims, Rad);
  P.Rhs = bin("/", weightedSum(P, O), lit(P, 118));
  return P;
}

inline StencilProgram j2d5pt() { return jacobi(2, 1, starOffsets(2, 1)); }
inline StencilProgram j2d9pt() { return jacobi(2, 2, starOffsets(2, 2)); }
inline StencilProgram j2d9ptGol() { return jacobi(2, 1, boxOffsets(2, 1)); }
inline StencilProgram j3d27pt() { return jacobi(3, 1, boxOffsets(3, 1)); }

/// c * f(x,y) + 1.0 / sqrt(c0 + sum over the 4 neighbours n of
/// (f(x,y) - f(n)) * (f(x,y) - f(n))), in float with C's implicit
/// promotions to double around the call, as Clang would build it.
inline StencilProgram gradient2d() {
  StencilProgram P = skeleton(2, 1);
  std::vector<ExprPtr> Terms;
  Terms.push_back(lit(P, 0.0001));
  for (std::vector<int64_t> N :
       {std::vector<int64_t>{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
    ExprPtr L = bin("-", read(P, {0, 0}), read(P, N));
    ExprPtr R = bin("-", read(P, {0, 0}), read(P, N));
    Terms.push_back(bin("*", std::move(L), std::move(R)));
  }
  ExprPtr Arg = Expr::cast(ScalarType::Double, sum(std::move(Terms)), true);
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(Arg));
  ExprPtr Sqrt = Expr::call("sqrt", std::move(Args), ScalarType::Double);
  ExprPtr Inv = Expr::binary(
      "/", Expr::floatLiteral("1.0", 1.0, ScalarType::Double),
      std::move(Sqrt), ScalarType::Double);
  ExprPtr Center = Expr::cast(
      ScalarType::Double, bin("*", lit(P, 0.75), read(P, {0, 0})), true);
  P.Rhs = Expr::cast(ScalarType::Float,
                     Expr::binary("+", std::move(Center), std::move(Inv),
                                  ScalarType::Double),
                     true);
  return P;
}

} // namespace test
} // namespace stencilcc

#endif
