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

/// A state array of a 2D grid with first extent n + Short (inferred or
/// declared) and second extent n.
static StencilArray stateArray(const std::string &Name, int64_t Short, bool Inferred,
                               int64_t Levels = 0) {
  StencilArray A;
  A.Name = Name;
  A.Role = ArrayRole::State;
  A.Levels = Levels;
  A.Extents = {AffineExpr::symbol("n") + AffineExpr::constant(Short), AffineExpr::symbol("n")};
  A.FirstExtentInferred = Inferred;
  return A;
}

TEST(StencilProgramTest, StateGridTakesTheLongestInferredFirstExtent) {
  StencilProgram P;
  P.Arrays = {stateArray("V", -1, true), stateArray("U", 0, true)};
  std::string Why;
  std::optional<std::vector<AffineExpr>> Grid = stateGridExtents(P, &Why);
  ASSERT_TRUE(Grid) << Why;
  EXPECT_EQ((*Grid)[0], AffineExpr::symbol("n"));
  P.Stages.resize(1);
  EXPECT_TRUE(paddedOnDevice(P, 0));
  EXPECT_FALSE(paddedOnDevice(P, 1));
  // The order of the arrays does not matter.
  std::swap(P.Arrays[0], P.Arrays[1]);
  ASSERT_TRUE(stateGridExtents(P));
  EXPECT_EQ((*stateGridExtents(P))[0], AffineExpr::symbol("n"));
  EXPECT_TRUE(paddedOnDevice(P, 1));
}

TEST(StencilProgramTest, StateGridRefusesWhatTheCallerDeclaredOrLevels) {
  std::string Why;
  StencilProgram Declared;
  Declared.Arrays = {stateArray("U", 0, false), stateArray("V", -1, false)};
  EXPECT_FALSE(stateGridExtents(Declared, &Why));
  EXPECT_EQ(Why, "state arrays 'U' and 'V' have different extents");
  // A shorter array of several levels: its levels' layout is the caller's.
  StencilProgram Levels;
  Levels.Arrays = {stateArray("U", 0, true), stateArray("W", -2, true, 2)};
  EXPECT_FALSE(stateGridExtents(Levels));
  // A shorter declared array behind a longer inferred one.
  StencilProgram Third;
  Third.Arrays = {stateArray("A", -1, true), stateArray("B", -1, false),
                  stateArray("C", 0, true)};
  EXPECT_FALSE(stateGridExtents(Third));
  // Extents whose difference is not a constant.
  StencilProgram Symbolic;
  Symbolic.Arrays = {stateArray("U", 0, true), stateArray("V", 0, true)};
  Symbolic.Arrays[1].Extents[0] = AffineExpr::symbol("m");
  EXPECT_FALSE(stateGridExtents(Symbolic));
  // Other dimensions must agree.
  StencilProgram Inner;
  Inner.Arrays = {stateArray("U", 0, true), stateArray("V", 0, true)};
  Inner.Arrays[1].Extents[1] = AffineExpr::symbol("n") + AffineExpr::constant(1);
  EXPECT_FALSE(stateGridExtents(Inner));
}
