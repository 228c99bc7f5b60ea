//===- unit/StencilAnalysisTest.cpp - analyzeStencil on hand-built IR -----===//
#include "stencilcc/Analysis/StencilAnalysis.h"

#include "HandBuiltPrograms.h"

#include <isl/cpp.h>

#include <gtest/gtest.h>

#include <cstdlib>

using namespace stencilcc;
using namespace stencilcc::test;

namespace {

StencilAnalysis analyzeOk(const StencilProgram &P) {
  CollectingDiagnosticSink Diags;
  std::optional<StencilAnalysis> A = analyzeStencil(P, Diags);
  EXPECT_TRUE(A.has_value());
  for (const Diagnostic &D : Diags.diagnostics())
    ADD_FAILURE() << "unexpected diagnostic: " << D.Message;
  return A ? *A : StencilAnalysis();
}

/// The diagnostics of a program analyzeStencil must reject.
std::vector<Diagnostic> rejected(const StencilProgram &P) {
  CollectingDiagnosticSink Diags;
  EXPECT_FALSE(analyzeStencil(P, Diags).has_value());
  EXPECT_GT(Diags.numErrors(), 0u);
  return Diags.diagnostics();
}

/// The location of the \p N-th read of P, in tree order.
SourceRef readLoc(const StencilProgram &P, unsigned N) {
  std::vector<SourceRef> Locs;
  P.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      Locs.push_back(E.Loc);
  });
  return Locs.at(N);
}

TEST(StencilAnalysisTest, FlopsReproduceAN5DTable3) {
  struct Case {
    std::string Name;
    StencilProgram P;
    unsigned Flops;
  };
  std::vector<Case> Cases;
  for (unsigned X = 1; X <= 4; ++X) {
    unsigned Side2 = (2 * X + 1) * (2 * X + 1);
    Cases.push_back({"star2d" + std::to_string(X) + "r", star(2, X), 8 * X + 1});
    Cases.push_back({"box2d" + std::to_string(X) + "r", box(2, X),
                     2 * Side2 - 1});
    Cases.push_back(
        {"star3d" + std::to_string(X) + "r", star(3, X), 12 * X + 1});
    Cases.push_back({"box3d" + std::to_string(X) + "r", box(3, X),
                     2 * Side2 * (2 * X + 1) - 1});
  }
  Cases.push_back({"j2d5pt", j2d5pt(), 10});
  Cases.push_back({"j2d9pt", j2d9pt(), 18});
  Cases.push_back({"j2d9pt-gol", j2d9ptGol(), 18});
  Cases.push_back({"gradient2d", gradient2d(), 19});
  Cases.push_back({"j3d27pt", j3d27pt(), 54});
  for (const Case &C : Cases) {
    StencilAnalysis A = analyzeOk(C.P);
    EXPECT_EQ(A.Flops.total(), C.Flops) << C.Name;
  }
}

TEST(StencilAnalysisTest, FlopKinds) {
  StencilAnalysis J = analyzeOk(j2d5pt());
  EXPECT_EQ(J.Flops.Adds, 4u);
  EXPECT_EQ(J.Flops.Muls, 5u);
  EXPECT_EQ(J.Flops.Divs, 1u);
  EXPECT_EQ(J.Flops.Calls, 0u);

  StencilAnalysis G = analyzeOk(gradient2d());
  EXPECT_EQ(G.Flops.Adds, 13u); // 8 differences, 4 in the sum, 1 outside
  EXPECT_EQ(G.Flops.Muls, 5u);
  EXPECT_EQ(G.Flops.Divs, 1u);
  EXPECT_EQ(G.Flops.Calls, 1u);
}

TEST(StencilAnalysisTest, ReadFreeOperationsCostNothing) {
  StencilProgram P = skeleton(1, 1);
  // (2.0f * 3.0f + c) * A[t%2][i] - sqrtf(c) / 4.0f
  ExprPtr C = Expr::scalarRef("c", ScalarType::Float);
  ExprPtr Coef = bin("+", bin("*", lit(P, 2), lit(P, 3)), C->clone());
  std::vector<ExprPtr> Args;
  Args.push_back(std::move(C));
  ExprPtr Bias = bin("/", Expr::call("sqrtf", std::move(Args),
                                     ScalarType::Float),
                     lit(P, 4));
  P.Rhs = bin("-", bin("*", std::move(Coef), read(P, {0})), std::move(Bias));
  StencilAnalysis A = analyzeOk(P);
  EXPECT_EQ(A.Flops.Adds, 1u);
  EXPECT_EQ(A.Flops.Muls, 1u);
  EXPECT_EQ(A.Flops.Divs, 0u);
  EXPECT_EQ(A.Flops.Calls, 0u);
  EXPECT_TRUE(A.SumOfProducts);
}

TEST(StencilAnalysisTest, ShapeAndRadiusOfTheBenchmarks) {
  StencilAnalysis S = analyzeOk(star(2, 2));
  EXPECT_EQ(S.Shape, StencilShape::Star);
  EXPECT_EQ(S.NumDims, 2u);
  EXPECT_EQ(S.MaxRadius, 2);
  ASSERT_EQ(S.Radius.size(), 2u);
  EXPECT_EQ(S.Radius[0].LoopVar, "i");
  EXPECT_EQ(S.Radius[1].LoopVar, "j");
  for (const DimensionRadius &R : S.Radius) {
    EXPECT_EQ(R.Negative, 2);
    EXPECT_EQ(R.Positive, 2);
  }
  EXPECT_EQ(S.Offsets.size(), 9u);
  EXPECT_EQ(S.NumReads, 9u);
  EXPECT_EQ(S.StreamingDim, 0u);
  EXPECT_EQ(S.FastestDim, 1u);
  EXPECT_EQ(S.Element, ElementType::Float);

  StencilAnalysis B = analyzeOk(box(2, 1));
  EXPECT_EQ(B.Shape, StencilShape::Box);
  EXPECT_EQ(B.MaxRadius, 1);
  std::vector<std::vector<int64_t>> Expected = boxOffsets(2, 1);
  EXPECT_EQ(B.Offsets, Expected); // already lexicographic

  StencilAnalysis B3 = analyzeOk(j3d27pt());
  EXPECT_EQ(B3.Shape, StencilShape::Box);
  EXPECT_EQ(B3.FastestDim, 2u);
  EXPECT_EQ(B3.Offsets.size(), 27u);

  StencilAnalysis G = analyzeOk(gradient2d());
  EXPECT_EQ(G.Shape, StencilShape::Star);
  EXPECT_EQ(G.NumReads, 17u);
  EXPECT_EQ(G.Offsets.size(), 5u);
}

TEST(StencilAnalysisTest, OffsetsAreSortedAndUnique) {
  StencilProgram P = skeleton(2, 1);
  P.Rhs = weightedSum(P, {{1, 0}, {0, 0}, {-1, 0}, {0, 0}, {1, 0}});
  StencilAnalysis A = analyzeOk(P);
  std::vector<std::vector<int64_t>> Expected{{-1, 0}, {0, 0}, {1, 0}};
  EXPECT_EQ(A.Offsets, Expected);
  EXPECT_EQ(A.NumReads, 5u);
}

TEST(StencilAnalysisTest, IrregularShapes) {
  // A diamond |di| + |dj| <= 2: diagonals, but not the full box.
  StencilProgram D = skeleton(2, 2);
  std::vector<std::vector<int64_t>> Diamond;
  for (int64_t I = -2; I <= 2; ++I)
    for (int64_t J = -2; J <= 2; ++J)
      if (std::abs(I) + std::abs(J) <= 2)
        Diamond.push_back({I, J});
  D.Rhs = weightedSum(D, Diamond);
  StencilAnalysis A = analyzeOk(D);
  EXPECT_EQ(A.Shape, StencilShape::General);
  EXPECT_EQ(A.MaxRadius, 2);

  // A box with one corner missing.
  StencilProgram C = skeleton(2, 1);
  std::vector<std::vector<int64_t>> Corner = boxOffsets(2, 1);
  Corner.pop_back();
  C.Rhs = weightedSum(C, Corner);
  EXPECT_EQ(analyzeOk(C).Shape, StencilShape::General);

  // An asymmetric box: still the full rectangle of its radii.
  StencilProgram R = skeleton(2, 2);
  std::vector<std::vector<int64_t>> Rect;
  for (int64_t I = -1; I <= 2; ++I)
    for (int64_t J = 0; J <= 1; ++J)
      Rect.push_back({I, J});
  R.Rhs = weightedSum(R, Rect);
  StencilAnalysis RA = analyzeOk(R);
  EXPECT_EQ(RA.Shape, StencilShape::Box);
  EXPECT_EQ(RA.Radius[0].Negative, 1);
  EXPECT_EQ(RA.Radius[0].Positive, 2);
  EXPECT_EQ(RA.Radius[1].Negative, 0);
  EXPECT_EQ(RA.Radius[1].Positive, 1);
}

TEST(StencilAnalysisTest, AsymmetricStarAndDegenerateCases) {
  StencilProgram P = skeleton(2, 2);
  P.Rhs = weightedSum(P, {{-1, 0}, {0, 0}, {2, 0}, {0, 1}});
  StencilAnalysis A = analyzeOk(P);
  EXPECT_EQ(A.Shape, StencilShape::Star);
  EXPECT_EQ(A.Radius[0].Negative, 1);
  EXPECT_EQ(A.Radius[0].Positive, 2);
  EXPECT_EQ(A.Radius[1].Negative, 0);
  EXPECT_EQ(A.Radius[1].Positive, 1);
  EXPECT_EQ(A.MaxRadius, 2);

  // 1D, full range: both a box and a star; a star it is.
  EXPECT_EQ(analyzeOk(star(1, 3)).Shape, StencilShape::Star);
  // A single point.
  StencilProgram Point = skeleton(3, 0);
  Point.Rhs = weightedSum(Point, {{0, 0, 0}});
  StencilAnalysis PA = analyzeOk(Point);
  EXPECT_EQ(PA.Shape, StencilShape::Star);
  EXPECT_EQ(PA.MaxRadius, 0);
  EXPECT_FALSE(PA.ReadsBoundary);
}

TEST(StencilAnalysisTest, ConstantRightHandSide) {
  StencilProgram P = skeleton(2, 0);
  P.Rhs = lit(P, 0);
  StencilAnalysis A = analyzeOk(P);
  EXPECT_EQ(A.NumReads, 0u);
  EXPECT_TRUE(A.Offsets.empty());
  EXPECT_EQ(A.Shape, StencilShape::Star);
  EXPECT_EQ(A.MaxRadius, 0);
  EXPECT_FALSE(A.SumOfProducts);
  EXPECT_EQ(A.Flops.total(), 0u);
  // No dependence at all: an empty set of distances.
  isl_ctx *Ctx = isl_ctx_alloc();
  EXPECT_TRUE(isl::set(Ctx, A.FlowDistances).is_empty()) << A.FlowDistances;
  isl_ctx_free(Ctx);
}

TEST(StencilAnalysisTest, SumOfProducts) {
  EXPECT_TRUE(analyzeOk(star(2, 1)).SumOfProducts);
  EXPECT_TRUE(analyzeOk(box(3, 1)).SumOfProducts);
  EXPECT_TRUE(analyzeOk(j2d5pt()).SumOfProducts);
  EXPECT_FALSE(analyzeOk(gradient2d()).SumOfProducts);

  auto Linear = [](ExprPtr (*Build)(const StencilProgram &)) {
    StencilProgram P = skeleton(1, 1);
    P.Rhs = Build(P);
    return analyzeOk(P).SumOfProducts;
  };
  // A * A
  EXPECT_FALSE(Linear([](const StencilProgram &P) {
    return bin("*", read(P, {-1}), read(P, {1}));
  }));
  // 2 / A
  EXPECT_FALSE(Linear([](const StencilProgram &P) {
    return bin("/", lit(P, 2), read(P, {0}));
  }));
  // -(c * (A - A)) / (c + 1)
  EXPECT_TRUE(Linear([](const StencilProgram &P) {
    ExprPtr C = Expr::scalarRef("c", ScalarType::Float);
    ExprPtr Diff = bin("-", read(P, {-1}), read(P, {1}));
    return bin("/", Expr::unary("-", bin("*", C->clone(), std::move(Diff))),
               bin("+", C->clone(), lit(P, 1)));
  }));
  // (double)A * 0.5 + A, with an explicit widening cast
  EXPECT_TRUE(Linear([](const StencilProgram &P) {
    ExprPtr Wide = Expr::cast(ScalarType::Double, read(P, {0}), false);
    return bin("+", bin("*", std::move(Wide),
                        Expr::floatLiteral("0.5", 0.5, ScalarType::Double)),
               Expr::cast(ScalarType::Double, read(P, {1}), true));
  }));
  // (float)((double)A[-1] + (double)A[1]) + A[0] rounds a wider sum to float: a
  // regrouped sum rounds to another float more often than double's
  // tolerance allows (the self-check of such an --opt=assoc plan failed).
  EXPECT_FALSE(Linear([](const StencilProgram &P) {
    ExprPtr Sum = Expr::binary("+", Expr::cast(ScalarType::Double, read(P, {-1}), true),
                               Expr::cast(ScalarType::Double, read(P, {1}), true),
                               ScalarType::Double);
    return bin("+", Expr::cast(ScalarType::Float, std::move(Sum), false), read(P, {0}));
  }));
  // (int)A truncates: (float)(int)A[-1] + A[1] is no sum of products ...
  EXPECT_FALSE(Linear([](const StencilProgram &P) {
    return bin("+",
               Expr::cast(ScalarType::Float,
                          Expr::cast(ScalarType::Int, read(P, {-1}), false),
                          true),
               read(P, {1}));
  }));
  // ... but (float)(int)(A[-1] + A[1]) truncates the finished sum once.
  EXPECT_TRUE(Linear([](const StencilProgram &P) {
    return Expr::cast(
        ScalarType::Float,
        Expr::cast(ScalarType::Int, bin("+", read(P, {-1}), read(P, {1})),
                   false),
        true);
  }));
  // Integer sums wrap, so they regroup exactly: (A[-1] + A[1]) / 2 divides
  // the finished sum once, but (A[-1] + A[1]) / 2 + A[0] would distribute
  // C's truncating division over a sum: no sum of products.
  auto IntRead = [](const StencilProgram &P, int64_t Off) {
    ExprPtr R = read(P, {Off});
    R->Type = ScalarType::Int;
    return R;
  };
  auto IntBin = [](const char *Op, ExprPtr L, ExprPtr R) {
    return Expr::binary(Op, std::move(L), std::move(R), ScalarType::Int);
  };
  auto Two = [] { return Expr::intLiteral("2", 2, ScalarType::Int); };
  {
    StencilProgram P = skeleton(1, 1);
    P.Array.Element = ScalarType::Int;
    P.Rhs = IntBin("/", IntBin("+", IntRead(P, -1), IntRead(P, 1)), Two());
    EXPECT_TRUE(analyzeOk(P).SumOfProducts);
    P.Rhs = IntBin("+",
                   IntBin("/", IntBin("+", IntRead(P, -1), IntRead(P, 1)),
                          Two()),
                   IntRead(P, 0));
    EXPECT_FALSE(analyzeOk(P).SumOfProducts);
    P.Rhs = IntBin("+", IntBin("*", IntRead(P, -1), Two()), IntRead(P, 1));
    EXPECT_TRUE(analyzeOk(P).SumOfProducts);
    P.Rhs = IntBin("+", IntBin("%", IntRead(P, -1), Two()), IntRead(P, 1));
    EXPECT_FALSE(analyzeOk(P).SumOfProducts);
    P.Rhs = Expr::unary("!", IntBin("+", IntRead(P, -1), IntRead(P, 1)));
    EXPECT_FALSE(analyzeOk(P).SumOfProducts);
  }
  // fabsf(A)
  EXPECT_FALSE(Linear([](const StencilProgram &P) {
    std::vector<ExprPtr> Args;
    Args.push_back(read(P, {0}));
    return Expr::call("fabsf", std::move(Args), ScalarType::Float);
  }));
}

TEST(StencilAnalysisTest, LegalStencilHasDistanceOne) {
  StencilAnalysis A = analyzeOk(star(2, 1));
  EXPECT_EQ(A.FlowDistances, "{ [1] }");
  EXPECT_TRUE(A.ReadsBoundary);
  EXPECT_FALSE(A.Domain.empty());
  EXPECT_NE(A.Domain.find("S[t, i, j]"), std::string::npos) << A.Domain;
}

TEST(StencilAnalysisTest, ReadingTheWrittenLevelIsRejected) {
  // A[(t+1)%2][i][j] = A[t%2][i][j] + A[(t+1)%2][i-1][j] + A[(t+1)%2][i+1][j]
  StencilProgram P = skeleton(2, 1);
  P.Rhs = bin("+", bin("+", read(P, {0, 0}), read(P, {-1, 0}, 1)),
              read(P, {1, 0}, 1));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 2u);
  // i - 1 was written earlier in the same step...
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 1).Raw);
  EXPECT_EQ(D[0].Message, "value read is written in the same time step");
  ASSERT_EQ(D[0].Notes.size(), 1u);
  EXPECT_EQ(D[0].Notes[0].second,
            "stencilcc needs every read to see the previous time level, "
            "e.g. A[t%2] when writing A[(t+1)%2]");
  // ...and i + 1 two steps before.
  EXPECT_EQ(D[1].Loc.Raw, readLoc(P, 2).Raw);
  EXPECT_EQ(D[1].Message, "flow dependence of distance 2 in time: the value "
                          "read was written 2 steps earlier");
}

TEST(StencilAnalysisTest, ReadingTwoLevelsBackIsRejected) {
  // Three buffers: A[(t+1)%3] = A[t%3] + A[(t-1)%3] (a wave equation).
  StencilProgram P = skeleton(1, 1);
  P.TimeModulus = 3;
  P.Array.TimeExtent = 3;
  P.TimeLoop.Lower = AffineExpr::constant(1); // (t - 1) % 3 >= 0
  P.Rhs = bin("+", read(P, {0}), read(P, {0}, -1));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 1).Raw);
  EXPECT_EQ(D[0].Message, "flow dependence of distance 2 in time: the value "
                          "read was written 2 steps earlier");
}

TEST(StencilAnalysisTest, InPlaceUpdateIsRejected) {
  StencilProgram P = skeleton(1, 1);
  P.TimeModulus = 1;
  P.WriteShift = 0;
  P.Rhs = bin("+", read(P, {-1}), read(P, {1}));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u); // the i + 1 read sees the previous step
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 0).Raw);
  EXPECT_EQ(D[0].Message, "value read is written in the same time step");
}

TEST(StencilAnalysisTest, ReadOutsideTheArrayIsRejected) {
  StencilProgram P = star(2, 1);
  P.SpatialLoops[0].Lower = AffineExpr::constant(0);
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 1).Raw);
  EXPECT_EQ(D[0].Message, "read 'A[t % 2][i - 1][j]' may fall outside array "
                          "'A'");
  ASSERT_EQ(D[0].Notes.size(), 1u);
  const std::string &Note = D[0].Notes[0].second;
  EXPECT_EQ(Note.rfind("accesses outside [n, timestep] -> { A[", 0), 0u)
      << Note;
  EXPECT_NE(Note.find("; loop bounds must keep every read within the "
                      "declared extents"),
            std::string::npos);
}

TEST(StencilAnalysisTest, LoopBoundsUnrelatedToTheExtentAreAssumed) {
  // float A[2][m] swept to n (PolyBench's A[N][N] swept to n): inside for
  // some sizes, so accepted under the condition the C code needs, which
  // the host code checks.
  StencilProgram P = star(1, 1);
  P.Parameters.push_back({"m", ScalarType::Int, {}});
  P.Array.Extents = {AffineExpr::symbol("m")};
  CollectingDiagnosticSink Diags;
  std::optional<StencilAnalysis> A = analyzeStencil(P, Diags);
  ASSERT_TRUE(A.has_value());
  EXPECT_TRUE(A->BoundsAssumed);
  EXPECT_EQ(A->BoundsAssumption, "n <= 2 || timestep <= 0 || m >= n");
  ASSERT_EQ(Diags.diagnostics().size(), 1u);
  EXPECT_EQ(Diags.diagnostics()[0].Severity, DiagnosticSeverity::Warning);

  // Outside whenever the loops run (A[i + 1] reaches n - 1 in an extent
  // of n - 1): rejected, at that read.
  StencilProgram Q = star(1, 1);
  Q.Array.Extents = {AffineExpr::symbol("n") - AffineExpr::constant(1)};
  std::vector<Diagnostic> D = rejected(Q);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Message, "read 'A[t % 2][i + 1]' may fall outside array 'A'");
}

TEST(StencilAnalysisTest, WriteOutsideTheArrayIsRejected) {
  StencilProgram P = skeleton(1, 0);
  P.SpatialLoops[0].Upper = AffineExpr::symbol("n") + AffineExpr::constant(1);
  P.Rhs = lit(P, 1);
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loc.Raw, P.StmtLoc.Raw);
  EXPECT_EQ(D[0].Message,
            "write 'A[(t + 1) % 2][i]' may fall outside array 'A'");
}

TEST(StencilAnalysisTest, TooFewTimeLevelsAreRejected) {
  StencilProgram P = skeleton(1, 1);
  P.TimeModulus = 3; // but float A[2][n]
  P.WriteShift = 1;
  P.Rhs = read(P, {0});
  std::vector<Diagnostic> D = rejected(P);
  EXPECT_EQ(D.size(), 2u); // the read and the write
}

TEST(StencilAnalysisTest, NegativeTimeLevelIsRejected) {
  // for (t = -1; ...) reads A[t % 2] = A[-1] first: C's % keeps the sign.
  StencilProgram P = star(1, 1);
  P.TimeLoop.Lower = AffineExpr::constant(-1);
  std::vector<Diagnostic> D = rejected(P);
  EXPECT_EQ(D.size(), 3u); // every read; the write, A[0], is fine
  for (const Diagnostic &Diag : D)
    EXPECT_NE(Diag.Notes.at(0).second.find("-1, "), std::string::npos)
        << Diag.Notes.at(0).second;

  // A parametric start is accepted only if no value of it goes negative.
  StencilProgram Q = star(1, 1);
  Q.Parameters.push_back({"t0", ScalarType::Int, {}});
  Q.TimeLoop.Lower = AffineExpr::symbol("t0");
  EXPECT_EQ(rejected(Q).size(), 4u); // now the write too: t0 < -1
}

TEST(StencilAnalysisTest, ShiftedTimeLoopIsAccepted) {
  // for (t = 1; t <= T; t++) A[t % 2] = f(A[(t - 1) % 2])
  StencilProgram P = skeleton(1, 1);
  P.TimeLoop.Lower = AffineExpr::constant(1);
  P.TimeLoop.Upper = AffineExpr::symbol("timestep") + AffineExpr::constant(1);
  P.WriteShift = 0;
  P.Rhs = bin("+", read(P, {-1}, -1), read(P, {1}, -1));
  StencilAnalysis A = analyzeOk(P);
  EXPECT_EQ(A.FlowDistances, "{ [1] }");
  EXPECT_EQ(A.ResultShift, 1);
  EXPECT_EQ(A.ResultLevelText, "(timestep + 2) % 2");
}

TEST(StencilAnalysisTest, PointwiseUpdateReadsNoBoundary) {
  StencilProgram P = skeleton(2, 0);
  P.Rhs = bin("*", lit(P, 0.5), read(P, {0, 0}));
  StencilAnalysis A = analyzeOk(P);
  EXPECT_FALSE(A.ReadsBoundary);
  EXPECT_EQ(A.FlowDistances, "{ [1] }");
}

TEST(StencilAnalysisTest, ResultLevel) {
  StencilAnalysis A = analyzeOk(star(2, 1));
  EXPECT_EQ(A.ResultShift, 0);
  EXPECT_EQ(A.ResultLevelText, "timestep % 2");

  // A[t%2] = f(A[(t+1)%2]): the last step writes level (timestep - 1) % 2.
  StencilProgram P = skeleton(1, 1);
  P.WriteShift = 0;
  P.Rhs = bin("+", read(P, {-1}, 1), read(P, {1}, 1));
  StencilAnalysis B = analyzeOk(P);
  EXPECT_EQ(B.ResultShift, 1);
  EXPECT_EQ(B.ResultLevelText, "(timestep + 1) % 2");

  // for (t = 1; t <= T; t++)
  StencilProgram Q = star(1, 1);
  Q.Parameters[1].Name = "T";
  Q.TimeLoop.Lower = AffineExpr::constant(1);
  Q.TimeLoop.Upper = AffineExpr::symbol("T") + AffineExpr::constant(1);
  Q.TimeLoop.UpperInclusive = true;
  StencilAnalysis C = analyzeOk(Q);
  EXPECT_EQ(C.ResultShift, 0);
  EXPECT_EQ(C.ResultLevelText, "(T + 1) % 2");
}

TEST(StencilAnalysisTest, MalformedIRIsReportedNotCrashed) {
  StencilProgram P = skeleton(2, 1);
  P.Rhs = read(P, {0}); // one offset for two dimensions
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 0).Raw);

  StencilProgram Q = star(1, 1);
  Q.Parameters[0].Name = "n n"; // not an identifier: isl cannot parse it
  Q.SpatialLoops[0].Upper = AffineExpr::symbol("n n");
  rejected(Q);

  StencilProgram R = star(1, 1);
  R.Rhs.reset();
  rejected(R);
}

TEST(StencilAnalysisTest, ShapeNames) {
  EXPECT_STREQ(stencilShapeName(StencilShape::Star), "star");
  EXPECT_STREQ(stencilShapeName(StencilShape::Box), "box");
  EXPECT_STREQ(stencilShapeName(StencilShape::General), "general");
}

} // namespace
