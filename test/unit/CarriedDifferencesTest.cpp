//===- unit/CarriedDifferencesTest.cpp - differences along the stream -----===//
//
// Emitter/CarriedDifferences: which differences of the thread's own column
// the next plane takes from a register, under which plans, and the
// rewrite of the update into the carried names.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "stencilcc/Emitter/CarriedDifferences.h"
#include "stencilcc/Planner/PerformanceModel.h"

#include <gtest/gtest.h>

using namespace stencilcc;
using namespace stencilcc::test;

namespace {

const std::string SourceDir = STENCILCC_SOURCE_DIR;

/// A 2D float stencil whose update is \p Rhs (reads of A at time t).
std::string source2d(const std::string &Rhs) {
  return "void f(int n, int steps, float A[2][n][n]) {\n"
         "#pragma scop\n"
         "  for (int t = 0; t < steps; t++)\n"
         "    for (int i = 1; i < n - 1; i++)\n"
         "      for (int j = 1; j < n - 1; j++)\n"
         "        A[(t+1)%2][i][j] = " +
         Rhs +
         ";\n"
         "#pragma endscop\n"
         "}\n";
}

/// Carried differences of the single region of \p File under \p R.
std::vector<CarriedDifference> carried(const FileResult &File,
                                       const PlanRequest &R) {
  EXPECT_TRUE(File.Success) << File.Diagnostics;
  if (!File.Success || File.Regions.size() != 1 || !File.Regions[0].Analysis)
    return {};
  const AnalyzedRegion &Region = File.Regions[0];
  std::string Error;
  std::optional<TemporalBlockingPlan> Plan =
      makePlan(Region.Program, *Region.Analysis, R, Error,
               gpuParameters("h100")->limits());
  EXPECT_TRUE(Plan) << Error;
  if (!Plan)
    return {};
  return findCarriedDifferences(*Region.Program.Rhs, *Plan);
}

PlanRequest scr(unsigned BT = 4) {
  PlanRequest R;
  R.TemporalDegree = BT;
  R.BlockSizes = {256};
  R.Exchange = ExchangeScheme::SCR;
  return R;
}

/// \p C is one difference, reused as \p In (minuend and subtrahend stream
/// offsets) and carried as \p Out.
void expectOne(const std::vector<CarriedDifference> &C,
               std::pair<int64_t, int64_t> In, std::pair<int64_t, int64_t> Out,
               bool Negated) {
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(std::make_pair(C[0].InMinuend, C[0].InSubtrahend), In);
  EXPECT_EQ(std::make_pair(C[0].OutMinuend, C[0].OutSubtrahend), Out);
  EXPECT_EQ(C[0].Negated, Negated);
}

const char *const Gradient =
    "(A[t%2][i][j] - A[t%2][i-1][j]) * (A[t%2][i][j] - A[t%2][i-1][j])"
    " + (A[t%2][i][j] - A[t%2][i][j-1]) * (A[t%2][i][j] - A[t%2][i][j-1])"
    " + (A[t%2][i][j] - A[t%2][i+1][j]) * (A[t%2][i][j] - A[t%2][i+1][j])";

TEST(CarriedDifferences, GradientSquaresReuseTheNegatedDifference) {
  FileResult File = analyzeFile(SourceDir + "/benchmarks/stencils/gradient2d.c",
                                {"-DREAL=float"});
  std::vector<CarriedDifference> C = carried(File, scr());
  // c - A[q-1] at plane q is minus c - A[q+1] at plane q - 1.
  expectOne(C, {0, -1}, {0, 1}, /*Negated=*/true);
  // The same in double.
  FileResult Double = analyzeFile(
      SourceDir + "/benchmarks/stencils/gradient2d.c", {"-DREAL=double"});
  EXPECT_EQ(carried(Double, scr()).size(), 1u);
}

TEST(CarriedDifferences, SameSignDifferenceIsReusedAnywhere) {
  // A[q] - A[q-1] at plane q is A[q+1] - A[q] at plane q - 1, used
  // linearly: no square needed.
  std::vector<CarriedDifference> C = carried(
      analyzeSource(source2d("0.5f * (A[t%2][i+1][j] - A[t%2][i][j])"
                             " + 0.25f * (A[t%2][i][j] - A[t%2][i-1][j])"
                             " + A[t%2][i][j-1] + A[t%2][i][j+1]")),
      scr());
  expectOne(C, {0, -1}, {1, 0}, /*Negated=*/false);
}

TEST(CarriedDifferences, NegatedDifferenceOnlyWhereSquared) {
  // The sign matters when the difference is not squared.
  EXPECT_TRUE(
      carried(analyzeSource(source2d("(A[t%2][i][j] - A[t%2][i-1][j])"
                                     " + 2.0f * (A[t%2][i][j] - A[t%2][i+1][j])"
                                     " + A[t%2][i][j-1] + A[t%2][i][j+1]")),
              scr())
          .empty());
  // Nor when one of its uses is squared and another is not.
  EXPECT_TRUE(
      carried(analyzeSource(source2d(std::string(Gradient) +
                                     " + (A[t%2][i][j] - A[t%2][i-1][j])")),
              scr())
          .empty());
  // The gradient's squares alone: carried.
  EXPECT_EQ(carried(analyzeSource(source2d(Gradient)), scr()).size(), 1u);
}

TEST(CarriedDifferences, OnlyWhereAQueueValueIsFreed) {
  // A[q-1] is also read outside the difference, and A[q] always is: the
  // carry register would be one more live value per level.
  EXPECT_TRUE(carried(analyzeSource(source2d(std::string(Gradient) +
                                             " + A[t%2][i-1][j]")),
                      scr())
                  .empty());
}

TEST(CarriedDifferences, OnlyPlansThatStreamOneRowFromTheQueue) {
  FileResult File = analyzeFile(SourceDir + "/benchmarks/stencils/gradient2d.c",
                                {"-DREAL=float"});
  // --opt=none under SCR: the neighbours along the stream come from
  // shared memory, not the thread's queue.
  PlanRequest General = scr();
  General.Variant = OptimizationVariant::General;
  EXPECT_TRUE(carried(File, General).empty());
  // The warp-shuffle kernel has an emitter of its own.
  PlanRequest Shuffle = scr();
  Shuffle.Exchange = ExchangeScheme::Shuffle;
  Shuffle.BlockSizes = {128};
  EXPECT_TRUE(carried(File, Shuffle).empty());
  // The cached exchange's kernel carries too (MCR does not apply to a
  // stencil whose in-plane neighbours lie in one plane).
  PlanRequest Cached = scr();
  Cached.Exchange = ExchangeScheme::Cached;
  EXPECT_EQ(carried(File, Cached).size(), 1u);
}

TEST(CarriedDifferences, RewriteNamesTheReusedAndTheCarriedDifference) {
  FileResult File = analyzeSource(source2d(Gradient));
  ASSERT_TRUE(File.Success) << File.Diagnostics;
  const AnalyzedRegion &Region = File.Regions[0];
  std::string Error;
  std::optional<TemporalBlockingPlan> Plan =
      makePlan(Region.Program, *Region.Analysis, scr(), Error,
               gpuParameters("h100")->limits());
  ASSERT_TRUE(Plan) << Error;
  std::vector<CarriedDifference> C =
      findCarriedDifferences(*Region.Program.Rhs, *Plan);
  ExprPtr E = Region.Program.Rhs->clone();
  substituteCarriedDifferences(*E, *Plan, C);
  std::string Text = printExpr(*E, [&](const ArrayAccess &A) {
    return "a" + std::to_string(Plan->streamOffset(A.Offsets)) + "_" +
           std::to_string(A.Offsets[1]);
  });
  EXPECT_EQ(Text, "carried_in_0 * carried_in_0 + (a0_0 - a0_-1) * "
                  "(a0_0 - a0_-1) + carried_out_0 * carried_out_0");
}

} // namespace
