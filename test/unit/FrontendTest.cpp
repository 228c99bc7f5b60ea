//===- unit/FrontendTest.cpp - What the frontend puts in the IR -----------===//
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace stencilcc;
using namespace stencilcc::test;

static const StencilProgram &onlyProgram(const FileResult &R) {
  EXPECT_TRUE(R.Success) << R.Diagnostics;
  EXPECT_EQ(R.Regions.size(), 1u) << R.Diagnostics;
  static StencilProgram Empty;
  return R.Regions.empty() ? Empty : R.Regions[0].Program;
}

TEST(FrontendTest, VLAPointerCastLoopsAndStatement) {
  FileResult R = analyzeSource(R"(
void k(int dimsize, int timestep, float *A1) {
  float (*A)[dimsize][dimsize] = (float (*)[dimsize][dimsize])A1;
#pragma scop
  for (int t = 0; t < timestep; t++)
    for (int i = 1; i <= dimsize - 2; i++)
      for (int j = 1; j < dimsize - 1; ++j)
        A[(t+1)%2][i][j] = 0.5f * A[t%2][i-1][j] + 0.25f * A[t%2][i][j+1];
#pragma endscop
}
)");
  const StencilProgram &P = onlyProgram(R);
  EXPECT_EQ(P.FunctionName, "k");
  EXPECT_EQ(P.Array.Name, "A");
  EXPECT_EQ(P.Array.DeclKind, ArrayDeclKind::VLAPointerCast);
  EXPECT_EQ(P.Array.Element, ElementType::Float);
  EXPECT_FALSE(P.Array.TimeExtent.has_value());
  ASSERT_EQ(P.Array.Extents.size(), 2u);
  EXPECT_EQ(P.Array.Extents[0].str(), "dimsize");
  EXPECT_EQ(P.Array.ExtentSpellings[1], "dimsize");
  EXPECT_EQ(P.TimeLoop.Var, "t");
  EXPECT_EQ(P.TimeLoop.Upper.str(), "timestep");
  ASSERT_EQ(P.SpatialLoops.size(), 2u);
  // `<=` is stored as an exclusive bound, the original operator kept.
  EXPECT_EQ(P.SpatialLoops[0].Upper.str(), "dimsize - 1");
  EXPECT_TRUE(P.SpatialLoops[0].UpperInclusive);
  EXPECT_FALSE(P.SpatialLoops[1].UpperInclusive);
  EXPECT_EQ(P.WriteShift, 1);
  EXPECT_EQ(P.TimeModulus, 2);
  EXPECT_EQ(P.rhsText(), "0.5f * A[t % 2][i - 1][j] + 0.25f * A[t % 2][i][j + 1]");
  EXPECT_EQ(P.StatementText,
            "A[(t+1)%2][i][j] = 0.5f * A[t%2][i-1][j] + 0.25f * A[t%2][i][j+1];");
  // The integer parameters of bounds and extents are recorded.
  EXPECT_NE(P.findParameter("dimsize"), nullptr);
  EXPECT_NE(P.findParameter("timestep"), nullptr);
  EXPECT_EQ(P.findParameter("A1"), nullptr);
}

TEST(FrontendTest, ParameterArrayGlobalAndLocalKinds) {
  FileResult R = analyzeSource(R"(
#define N 64
static double G[2][N];
void p(int T, double A[2][N][N]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[(t+1)%2][i][j] = A[t%2][i][j-1];
#pragma endscop
}
void g(int T) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      G[(t+1)%2][i] = G[t%2][i+1];
#pragma endscop
}
void l(int T) {
  float L[2][N];
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      L[(t+1)%2][i] = L[t%2][i-1];
#pragma endscop
}
)");
  ASSERT_TRUE(R.Success) << R.Diagnostics;
  ASSERT_EQ(R.Regions.size(), 3u);
  const StencilArray &A = R.Regions[0].Program.Array;
  EXPECT_EQ(A.DeclKind, ArrayDeclKind::Parameter);
  EXPECT_EQ(A.TimeExtent, 2);
  EXPECT_EQ(A.Extents[0], AffineExpr::constant(64));
  EXPECT_EQ(A.Element, ElementType::Double);
  EXPECT_EQ(R.Regions[1].Program.Array.DeclKind, ArrayDeclKind::Global);
  EXPECT_EQ(R.Regions[2].Program.Array.DeclKind, ArrayDeclKind::Local);
  EXPECT_EQ(R.Regions[2].Program.Array.Element, ElementType::Float);
  // Regions come in source order, each with its own function.
  EXPECT_EQ(R.Regions[1].Program.FunctionName, "g");
  EXPECT_LT(R.Regions[0].Program.Region.End, R.Regions[1].Program.Region.Begin);
  EXPECT_LT(R.Regions[1].Program.FunctionBegin, R.Regions[1].Program.Region.Begin);
}

TEST(FrontendTest, LoopVariablesDeclaredOutsideAndStepForms) {
  FileResult R = analyzeSource(R"(
void k(int n, int T, float A[][n]) {
  int t, i;
#pragma scop
  for (t = 1; t <= T; t += 1)
    for (i = 1; i < n - 1; i = i + 1)
      A[t%2][i] = A[(t+1)%2][i-1];
#pragma endscop
}
)");
  const StencilProgram &P = onlyProgram(R);
  EXPECT_TRUE(P.TimeLoop.VarDeclaredOutside);
  EXPECT_EQ(P.TimeLoop.Lower.str(), "1");
  EXPECT_EQ(P.TimeLoop.Upper.str(), "T + 1");
  // Levels swapped: writes t % 2, reads (t + 1) % 2.
  EXPECT_EQ(P.WriteShift, 0);
  EXPECT_EQ(P.Rhs->Access.TimeShift, 1);
  EXPECT_FALSE(P.Array.TimeExtent.has_value());
}

TEST(FrontendTest, LiteralsScalarsCastsAndCalls) {
  FileResult R = analyzeSource(R"(
#include <math.h>
const float w = 0.5f;
void k(int n, int T, float alpha, float A[2][n]) {
  float beta = 0.25f;
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = alpha * sqrt(A[t%2][i-1]) + (float)(beta * 2) - w * -A[t%2][i+1] / 3;
#pragma endscop
}
)");
  const StencilProgram &P = onlyProgram(R);
  // C semantics are kept: sqrt takes a double, the float read is promoted.
  std::string Printed = printExpr(
      *P.Rhs, [&](const ArrayAccess &A) { return P.accessText(A); },
      /*ExplicitCasts=*/true);
  EXPECT_NE(Printed.find("sqrt((double)A[t % 2][i - 1])"), std::string::npos)
      << Printed;
  EXPECT_NE(Printed.find("(float)(beta * (float)2)"), std::string::npos) << Printed;
  ASSERT_NE(P.findParameter("alpha"), nullptr);
  EXPECT_EQ(P.findParameter("alpha")->Type, ScalarType::Float);
  EXPECT_NE(P.findParameter("beta"), nullptr);
  // A const with a constant initializer is its value, a literal.
  EXPECT_EQ(P.findParameter("w"), nullptr);
  bool SawIntLiteral = false, SawFloatLiteral = false;
  P.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::IntLiteral && E.Spelling == "3")
      SawIntLiteral = true;
    if (E.K == Expr::Kind::FloatLiteral)
      SawFloatLiteral |= E.Spelling == "0.5f";
  });
  EXPECT_TRUE(SawIntLiteral);
  EXPECT_TRUE(SawFloatLiteral);
}

TEST(FrontendTest, ConstantsFoldOnlyWhereCFixesTheValue) {
  FileResult R = analyzeSource(R"(
void k(int n, int T, const float alpha, float A[2][n]) {
  const float c0 = 0.25f, c1 = (float)0.5;
  const float scaled = alpha * 2;
  volatile const float v = 1.0f;
  float plain = 0.125f;
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = c0 * A[t%2][i-1] + c1 * A[t%2][i] + scaled * A[t%2][i+1]
                    + v + plain + alpha;
#pragma endscop
}
)");
  const StencilProgram &P = onlyProgram(R);
  EXPECT_EQ(P.findParameter("c0"), nullptr);
  EXPECT_EQ(P.findParameter("c1"), nullptr);
  // Not fixed by the translation unit: a parameter (const or not), a
  // const computed from one, a volatile, a variable that is not const.
  EXPECT_NE(P.findParameter("alpha"), nullptr);
  EXPECT_NE(P.findParameter("scaled"), nullptr);
  EXPECT_NE(P.findParameter("v"), nullptr);
  EXPECT_NE(P.findParameter("plain"), nullptr);
}

TEST(FrontendTest, LocalBoundsStandForTheirInitializers) {
  FileResult R = analyzeSource(R"(
void k(int n, int T, float A[2][n]) {
  int lo = 2, hi = n - 2;
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = lo; i < hi; i++)
      A[(t+1)%2][i] = A[t%2][i-2] + A[t%2][i+1];
#pragma endscop
}
)");
  const StencilProgram &P = onlyProgram(R);
  EXPECT_EQ(P.SpatialLoops[0].Lower.str(), "2");
  EXPECT_EQ(P.SpatialLoops[0].Upper.str(), "n - 2");
}

TEST(FrontendTest, FoldedLocalsAreKeptAsDeclarations) {
  // The region's text names r, lo and hi; the IR holds their values.
  FileResult R = analyzeSource(R"(
void k(int n, int T, float A[2][n]) {
  const int r = 1;
  float w = 0.5f;
  int lo = 2, hi = n - lo;
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = lo; i < hi; i++)
      A[(t+1)%2][i] = w * A[t%2][i-r] + A[t%2][i+1];
#pragma endscop
}
)");
  const StencilProgram &P = onlyProgram(R);
  EXPECT_EQ(P.SpatialLoops[0].Upper.str(), "n - 2");
  // w is a scalar parameter of the update, not folded.
  EXPECT_EQ(P.LocalDeclarations,
            (std::vector<std::string>{"const int r = 1;", "int lo = 2;",
                                      "int hi = n - lo;"}));
}

TEST(FrontendTest, ModifiedLocalStaysASymbol) {
  FileResult R = analyzeSource(R"(
void k(int n, int T, float A[2][n]) {
  int hi = n - 2;
  hi = hi - 1;
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < hi; i++)
      A[(t+1)%2][i] = A[t%2][i];
#pragma endscop
}
)");
  ASSERT_EQ(R.Regions.size(), 1u) << R.Diagnostics;
  EXPECT_EQ(R.Regions[0].Program.SpatialLoops[0].Upper.str(), "hi");
  EXPECT_TRUE(R.Regions[0].Program.LocalDeclarations.empty());
}

TEST(FrontendTest, ErrorsStopTheRegionAndAreReportedInClangFormat) {
  FileResult R = analyzeSource(R"(
void k(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = A[(t+1)%2][i-1];
#pragma endscop
}
)");
  EXPECT_FALSE(R.Success);
  EXPECT_TRUE(R.Regions.empty());
  EXPECT_NE(R.Diagnostics.find(":6:23: error: reads the time level being written"),
            std::string::npos)
      << R.Diagnostics;
  EXPECT_NE(R.Diagnostics.find("^~~~"), std::string::npos) << R.Diagnostics;
}

TEST(FrontendTest, SyntaxErrorsAreClangsOwn) {
  FileResult R = analyzeSource("void k( {\n#pragma scop\n#pragma endscop\n}\n");
  EXPECT_FALSE(R.Success);
  EXPECT_TRUE(R.Regions.empty());
  EXPECT_NE(R.Diagnostics.find("error: expected"), std::string::npos)
      << R.Diagnostics;
}

TEST(FrontendTest, StandardHeadersParse) {
  FileResult R = analyzeSource(R"(
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <stddef.h>
void k(int n, int T, double A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = fmax(A[t%2][i-1], A[t%2][i+1]);
#pragma endscop
}
int main(void) { printf("%d\n", (int)sizeof(size_t)); return 0; }
)");
  onlyProgram(R);
}

// The fuzz target's entry: the text in memory under a path that does not
// exist, with its headers from disk; the diagnostics name that path.
TEST(FrontendTest, CodeHeldInMemory) {
  const std::string Code = R"(#include <math.h>
void k(int n, int T, float A[2][n]) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 1; i < n - 1; i++)
      A[(t+1)%2][i] = sqrtf(A[t%2][i-1]) + A[t%2][i+1];
#pragma endscop
}
)";
  std::vector<std::string> Functions;
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  FrontendResult F = runFrontendOnCode(
      Code, "/stencilcc-no-such-dir/in-memory.c", {},
      [&](StencilProgram &P, DiagnosticSink &) {
        Functions.push_back(P.FunctionName);
      },
      OS);
  EXPECT_TRUE(F.Success) << OS.str();
  EXPECT_EQ(Functions, std::vector<std::string>{"k"});

  std::string Bad = Code;
  Bad.replace(Bad.find("A[t%2][i+1]"), 11, "A[(t+1)%2][i+1]");
  Diags.clear();
  Functions.clear();
  F = runFrontendOnCode(
      Bad, "/stencilcc-no-such-dir/in-memory.c", {},
      [&](StencilProgram &P, DiagnosticSink &) {
        Functions.push_back(P.FunctionName);
      },
      OS);
  EXPECT_FALSE(F.Success);
  EXPECT_TRUE(Functions.empty());
  EXPECT_NE(OS.str().find("/stencilcc-no-such-dir/in-memory.c:6:"),
            std::string::npos)
      << OS.str();
}
