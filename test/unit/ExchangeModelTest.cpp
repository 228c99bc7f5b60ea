//===- ExchangeModelTest.cpp - Steps between --mpi halo exchanges ---------===//

#include "stencilcc/Planner/ExchangeModel.h"

#include <gtest/gtest.h>

using namespace stencilcc;

namespace {

// star2d1r float on an H100-like GPU: about 2e12 cell updates a second.
constexpr double kCellSeconds = 5e-13;

TEST(ExchangeModel, OneRankExchangesNothing) {
  ExchangePrediction E = predictExchange(32768, 32768, 1, 4, 12, kCellSeconds,
                                         1, ncclLink(), true);
  EXPECT_EQ(E.SlabRows, 32768);
  EXPECT_EQ(E.ExchangeSeconds, 0);
  EXPECT_DOUBLE_EQ(E.ComputeSeconds, E.OneRankSeconds);
}

TEST(ExchangeModel, DepthIsWholePairsOfEvenLaunches) {
  for (bool Overlapped : {false, true})
    for (unsigned Ranks : {2u, 4u}) {
      ExchangePrediction E =
          predictExchange(32768, 32768, 1, 4, 12, kCellSeconds, Ranks,
                          ncclLink(), true, Overlapped);
      EXPECT_EQ(E.StepsPerExchange % 24, 0) << Ranks;
      EXPECT_LE(4 * E.GhostRows, E.SlabRows) << Ranks;
      // Overlapped, the interior hides all but the split launch.
      EXPECT_EQ(E.ExchangeSeconds >
                    ncclLink().SplitSeconds / double(E.StepsPerExchange),
                !Overlapped)
          << Ranks;
    }
  // An odd bT: any multiple of it.
  ExchangePrediction Odd =
      predictExchange(32768, 32768, 1, 4, 3, kCellSeconds, 4, ncclLink(), true);
  EXPECT_EQ(Odd.StepsPerExchange % 3, 0);
}

TEST(ExchangeModel, OverlapHidesTheExchangeBehindTheInterior) {
  // star3d1r float at 1024^3 over 4 ranks (bT = 4, 256 rows a rank): one
  // launch of the interior takes far longer than the ghost rows travel,
  // so the exchange costs nothing and no deeper zone pays.
  const double Cell = 1.3e-12;
  ExchangePrediction Serial = predictExchange(1024, 1024 * 1024, 1, 4, 4, Cell,
                                              4, ncclLink(), true, false);
  ExchangePrediction Overlapped = predictExchange(
      1024, 1024 * 1024, 1, 4, 4, Cell, 4, ncclLink(), true, true);
  EXPECT_GT(Serial.ExchangeSeconds, 0);
  // What is left is the split launch, once per exchange.
  EXPECT_DOUBLE_EQ(Overlapped.ExchangeSeconds,
                   ncclLink().SplitSeconds /
                       double(Overlapped.StepsPerExchange));
  EXPECT_EQ(Overlapped.StepsPerExchange, 8); // two launches: 8 ghost planes a side
  EXPECT_LE(Overlapped.StepsPerExchange, Serial.StepsPerExchange);
  EXPECT_LE(Overlapped.ComputeSeconds, Serial.ComputeSeconds);
  // A slab too thin for an interior hides nothing.
  ExchangePrediction Thin = predictExchange(64, 1024 * 1024, 1, 4, 4, Cell, 8,
                                            ncclLink(), true, true);
  EXPECT_GT(Thin.ExchangeSeconds, 0);
}

TEST(ExchangeModel, SplitLaunchesPayForDeeperZonesIn3D) {
  // 4 H200s (docs/performance.md, "Several GPUs"), the runtime's model
  // speeds: box3d1r float (bT = 2) and star3d1r float (bT = 4) on slabs of
  // 512 planes of 512^2 ran best at 12 and 16 steps an exchange (96% and
  // 98% of 4x one GPU; 95% and 97% at 4 and 8); box3d1r on 256 planes of
  // 1024^2 alike at 4, 6 and 8, and worse at 12.
  const int64_t Small = 512 * 512, Large = 1024 * 1024;
  EXPECT_EQ(
      predictExchange(2048, Small, 1, 4, 2, 2.037e-12, 4, ncclLink(), true)
          .StepsPerExchange,
      12);
  EXPECT_EQ(
      predictExchange(2048, Small, 1, 4, 4, 1.209e-12, 4, ncclLink(), true)
          .StepsPerExchange,
      16);
  EXPECT_EQ(
      predictExchange(1024, Large, 1, 4, 2, 2.037e-12, 4, ncclLink(), true)
          .StepsPerExchange,
      4);
  // Without the overlap nothing is split.
  const ExchangeLink NoSplit{"nccl", 20e-6, 120e9, 1, 0};
  EXPECT_EQ(predictExchange(2048, Small, 1, 4, 2, 2.037e-12, 4, NoSplit, true)
                .StepsPerExchange,
            4);
}

TEST(ExchangeModel, ThinSlabsKeepOneLaunch) {
  // 40 rows a rank: two launches of bT = 8 would need 16 ghost rows, more
  // than a quarter of the slab.
  ExchangePrediction E =
      predictExchange(80, 1 << 20, 1, 4, 8, 1e-12, 2, ncclLink(), true);
  EXPECT_EQ(E.StepsPerExchange, 8);
  EXPECT_EQ(E.GhostRows, 8);
}

TEST(ExchangeModel, SlowerLinksExchangeLessOften) {
  // The same slab: the host-staged link's latency is higher, so its ghost
  // zone is at least as deep, and its bytes cost more a step.
  ExchangePrediction Nccl = predictExchange(1024, 1024 * 1024, 1, 4, 1, 1.3e-12,
                                            4, ncclLink(), true, false);
  ExchangePrediction Host = predictExchange(1024, 1024 * 1024, 1, 4, 1, 1.3e-12,
                                            4, hostStagedLink(), true, false);
  EXPECT_GE(Host.StepsPerExchange, Nccl.StepsPerExchange);
  EXPECT_GT(Host.ExchangeSeconds, Nccl.ExchangeSeconds);
  // Deeper only where latency pays for the redundant rows.
  const ExchangeLink Instant{"instant", 1e-9, 1e12, 1, 0};
  const ExchangeLink Slow{"slow", 1e-2, 1e12, 1, 0};
  EXPECT_EQ(predictExchange(1024, 1024 * 1024, 1, 4, 1, 1.3e-12, 4, Instant,
                            true, false)
                .StepsPerExchange,
            1);
  EXPECT_GT(
      predictExchange(1024, 1024 * 1024, 1, 4, 1, 1.3e-12, 4, Slow, true, false)
          .StepsPerExchange,
      8);
}

TEST(ExchangeModel, ShrinkingLaunchesUpdateFewerGhostRows) {
  // star3d1r float at 1024^3 over 4 ranks, two launches of bT = 4 between
  // exchanges: all 2 x 8 ghost planes at each launch, or 2 x 4 at the
  // first and none at the second (4 a step on average).
  const double Cell = 1.3e-12;
  const int64_t Plane = 1024 * 1024;
  ExchangePrediction Whole =
      predictExchange(1024, Plane, 1, 4, 4, Cell, 4, ncclLink(), false);
  ExchangePrediction Shrinking =
      predictExchange(1024, Plane, 1, 4, 4, Cell, 4, ncclLink(), true);
  ASSERT_EQ(Whole.StepsPerExchange, 8);
  ASSERT_EQ(Shrinking.StepsPerExchange, 8);
  EXPECT_DOUBLE_EQ(Whole.ComputeSeconds, Cell * double(Plane) * (256 + 16));
  EXPECT_DOUBLE_EQ(Shrinking.ComputeSeconds, Cell * double(Plane) * (256 + 4));
}

} // namespace
