//===- unit/IRTest.cpp - The IR on its own --------------------------------===//
#include "stencilcc/IR/StencilProgram.h"

#include <gtest/gtest.h>

using namespace stencilcc;

TEST(AffineExprTest, CanonicalArithmetic) {
  AffineExpr N = AffineExpr::symbol("n");
  AffineExpr E = N * 2 - AffineExpr::constant(3) + AffineExpr::symbol("m");
  EXPECT_EQ(E.str(), "m + 2*n - 3");
  EXPECT_EQ(E.coefficient("n"), 2);
  EXPECT_EQ(E.coefficient("k"), 0);
  EXPECT_EQ((E - N * 2).str(), "m - 3");
  // Terms that cancel disappear, so equal expressions compare equal.
  EXPECT_EQ(N - N, AffineExpr::constant(0));
  EXPECT_TRUE((N - N).isConstant());
  EXPECT_EQ(AffineExpr().str(), "0");
  EXPECT_EQ((-N).str(), "-n");
  EXPECT_EQ(E.without("n").str(), "m - 3");
}

TEST(AffineExprTest, Evaluate) {
  AffineExpr E = AffineExpr::symbol("n") * 3 + AffineExpr::constant(1);
  EXPECT_EQ(E.evaluate({{"n", 4}}), 13);
  EXPECT_EQ(E.evaluate({}), std::nullopt);
}

static std::string accessName(const ArrayAccess &A) {
  std::string S = "a";
  for (int64_t O : A.Offsets)
    S += std::to_string(O);
  return S;
}

TEST(ExprTest, PrintKeepsGroupingOfNonAssociativeFloatingPoint) {
  auto L = [](const char *S) {
    return Expr::floatLiteral(S, 0, ScalarType::Float);
  };
  // a - (b - c) and a + (b + c) must keep their parentheses.
  ExprPtr E = Expr::binary(
      "-", L("1.0f"),
      Expr::binary("-", L("2.0f"), L("3.0f"), ScalarType::Float),
      ScalarType::Float);
  EXPECT_EQ(printExpr(*E, accessName), "1.0f - (2.0f - 3.0f)");
  ExprPtr F = Expr::binary(
      "+", Expr::binary("+", L("1.0f"), L("2.0f"), ScalarType::Float),
      L("3.0f"), ScalarType::Float);
  EXPECT_EQ(printExpr(*F, accessName), "1.0f + 2.0f + 3.0f");
  ExprPtr G = Expr::binary(
      "*", Expr::binary("+", L("1.0f"), L("2.0f"), ScalarType::Float),
      L("3.0f"), ScalarType::Float);
  EXPECT_EQ(printExpr(*G, accessName), "(1.0f + 2.0f) * 3.0f");
}

TEST(ExprTest, NegationNeverPrintsAsDecrement) {
  ExprPtr X = Expr::scalarRef("x", ScalarType::Double);
  ExprPtr E = Expr::unary("-", Expr::unary("-", std::move(X)));
  EXPECT_EQ(printExpr(*E, accessName), "-(-x)");
}

TEST(ExprTest, ImplicitCastsPrintOnlyWhenAsked) {
  ArrayAccess A{0, {1, -1}};
  ExprPtr Read = Expr::access(A, ScalarType::Float);
  ExprPtr E = Expr::call(
      "sqrt", {}, ScalarType::Double);
  E->Operands.push_back(
      Expr::cast(ScalarType::Double, std::move(Read), /*Implicit=*/true));
  EXPECT_EQ(printExpr(*E, accessName), "sqrt(a1-1)");
  EXPECT_EQ(printExpr(*E, accessName, /*ExplicitCasts=*/true),
            "sqrt((double)a1-1)");
}

TEST(ExprTest, CloneIsDeepAndWalkVisitsAll) {
  ExprPtr E = Expr::binary("*", Expr::floatLiteral("2.0", 2, ScalarType::Double),
                           Expr::access({0, {0}}, ScalarType::Double),
                           ScalarType::Double);
  ExprPtr C = E->clone();
  C->Operands[0]->Spelling = "3.0";
  EXPECT_EQ(E->Operands[0]->Spelling, "2.0");
  unsigned N = 0;
  C->walk([&](const Expr &) { ++N; });
  EXPECT_EQ(N, 3u);
  EXPECT_TRUE(C->readsArray());
  EXPECT_FALSE(C->Operands[0]->readsArray());
}

TEST(StencilProgramTest, AccessText) {
  StencilProgram P;
  P.Array.Name = "A";
  P.TimeLoop.Var = "t";
  P.SpatialLoops.resize(2);
  P.SpatialLoops[0].Var = "i";
  P.SpatialLoops[1].Var = "j";
  EXPECT_EQ(P.accessText({0, {-1, 2}}), "A[t % 2][i - 1][j + 2]");
  EXPECT_EQ(P.accessText({1, {0, 0}}), "A[(t + 1) % 2][i][j]");
}
