//===- LaunchDegreesTest.cpp - Which blocked kernels a plan compiles ------===//
#include "stencilcc/Emitter/LaunchDegrees.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace stencilcc;

TEST(LaunchDegrees, PlanDegreeAndOddTailsBelowIt) {
  using V = std::vector<unsigned>;
  EXPECT_EQ(launchDegrees(1), V({1}));
  EXPECT_EQ(launchDegrees(2), V({1, 2}));
  EXPECT_EQ(launchDegrees(3), V({1, 3}));
  EXPECT_EQ(launchDegrees(4), V({1, 3, 4}));
  EXPECT_EQ(launchDegrees(7), V({1, 3, 7}));
  EXPECT_EQ(launchDegrees(8), V({1, 3, 7, 8}));
  EXPECT_EQ(launchDegrees(12), V({1, 3, 7, 12}));
  EXPECT_EQ(launchDegrees(16), V({1, 3, 7, 15, 16}));
}

// The host side of the rule, as the generated files hold it.
#include "../../kernels-templates/launch-degrees.cu.in"

TEST(LaunchDegrees, LaunchesSumToTheStepsWithCompiledDegrees) {
  for (long Top = 1; Top <= 16; ++Top) {
    std::vector<unsigned> Compiled = launchDegrees(unsigned(Top));
    for (long Left = 0; Left <= 5 * Top + 3; ++Left)
      for (int Parity : {-1, 0, 1}) {
        long Sum = 0, Count = 0, Tails = 0;
        stencilcc_issue_launches(Left, Top, Parity, [&](int D) {
          EXPECT_NE(std::find(Compiled.begin(), Compiled.end(), unsigned(D)),
                    Compiled.end())
              << "Top " << Top << " Left " << Left << ": degree " << D;
          Sum += D;
          ++Count;
          Tails += D < Top;
        });
        EXPECT_EQ(Sum, Left) << "Top " << Top;
        // The C loop's parity (launches and steps alike): always had.
        if (Parity == int(Left & 1)) {
          EXPECT_EQ(Count & 1, Left & 1) << "Top " << Top << " Left " << Left;
        }
        // Any parity where a launch of even Top can run as tail degrees.
        if (Parity >= 0 && Top % 2 == 0 && Left >= Top) {
          EXPECT_EQ(Count & 1, Parity) << "Top " << Top << " Left " << Left;
        }
        // The tail takes at most one launch per binary digit, and one Top
        // launch more where the parity asks.
        EXPECT_LE(Tails, 2 * 5) << "Top " << Top << " Left " << Left;
      }
  }
}
