//===- unit/PingPongFormTest.cpp - Ping-pongs as single updates -----------===//
#include "stencilcc/Analysis/PingPongForm.h"
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace stencilcc;
using namespace stencilcc::test;

namespace {

const char *PingPong = R"(
void jacobi(int T, int n, double A[n][n], double B[n][n]) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j-1] + A[i][j+1] + A[i+1][j] + A[i-1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j-1] + B[i][j+1] + B[i+1][j] + B[i-1][j]);
  }
#pragma endscop
}
)";

std::optional<StencilProgram> lowered(const std::string &Source) {
  FileResult R = analyzeSource(Source);
  EXPECT_TRUE(R.Success) << R.Diagnostics;
  if (R.Regions.size() != 1)
    return std::nullopt;
  return pingPongAsSingleUpdate(R.Regions[0].Program);
}

std::string replaced(std::string S, const std::string &From,
                     const std::string &To) {
  size_t At = S.find(From);
  EXPECT_NE(At, std::string::npos) << From;
  if (At != std::string::npos)
    S.replace(At, From.size(), To);
  return S;
}

} // namespace

TEST(PingPongFormTest, TwoSweepsOfOneUpdateBecomeTwoLevels) {
  std::optional<StencilProgram> Q = lowered(PingPong);
  ASSERT_TRUE(Q);
  EXPECT_FALSE(Q->isStageForm());
  // Level 0 is the array the first statement reads.
  EXPECT_EQ(Q->LevelArrays, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(Q->Array.Name, "A");
  EXPECT_EQ(Q->TimeModulus, 2);
  EXPECT_EQ(Q->WriteShift, 1);
  EXPECT_EQ(Q->rhsText(), "0.2 * (A[t % 2][i][j] + A[t % 2][i][j - 1] + "
                          "A[t % 2][i][j + 1] + A[t % 2][i + 1][j] + "
                          "A[t % 2][i - 1][j])");
  // Its analysis is the single-update one.
  CollectingDiagnosticSink Diags;
  std::optional<StencilAnalysis> A = analyzeStencil(*Q, Diags);
  ASSERT_TRUE(A);
  EXPECT_EQ(A->MaxRadius, 1);
}

TEST(PingPongFormTest, AnythingElseStaysInTheStageForm) {
  // Another coefficient in the second sweep.
  EXPECT_FALSE(lowered(replaced(PingPong, "A[i][j] = 0.2 *", "A[i][j] = 0.3 *")));
  // Another offset.
  EXPECT_FALSE(lowered(replaced(PingPong, "B[i-1][j])", "B[i-1][j-1])")));
  // Other bounds.
  EXPECT_FALSE(lowered(replaced(PingPong, "for (int i = 1; i < n - 1; i++)\n      for (int j = 1; j < n - 1; j++)\n        A",
                                "for (int i = 2; i < n - 1; i++)\n      for (int j = 1; j < n - 1; j++)\n        A")));
  // The second sweep reads its own array too.
  EXPECT_FALSE(lowered(replaced(PingPong, "B[i][j] + B[i][j-1]", "A[i][j] + B[i][j-1]")));
}
