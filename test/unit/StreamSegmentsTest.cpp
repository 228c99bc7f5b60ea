//===- StreamSegmentsTest.cpp - guided stream segments --------------------===//
//
// The blocked kernels take their segment of the streaming dimension from
// stencilcc_segment_bound (kernels-templates/stream-segments.cu.in). The
// segments must tile [lo, hi) exactly, in order, none overlapping, for
// every grid the kernels may meet; and they must be guided: longer first.
//
//===----------------------------------------------------------------------===//
#define __host__
#define __device__
#define __forceinline__ inline
namespace {
struct {
  unsigned x, y, z;
} gridDim = {1, 1, 1}; // what stencilcc_segment_guide reads
} // namespace
#include STENCILCC_STREAM_SEGMENTS_TEMPLATE

#include <gtest/gtest.h>

#include <cstdint>

namespace {

/// n segments of [Lo, Hi) at Guide: they tile it, in increasing order.
void expectTiling(int Lo, int Hi, int N, int Guide) {
  ASSERT_EQ(stencilcc_segment_bound(0, N, Lo, Hi, Guide), Lo);
  ASSERT_EQ(stencilcc_segment_bound(N, N, Lo, Hi, Guide), Hi);
  int Previous = Lo;
  for (int K = 1; K <= N; ++K) {
    const int Bound = stencilcc_segment_bound(K, N, Lo, Hi, Guide);
    ASSERT_GE(Bound, Previous) << "segment " << K - 1 << " of " << N << " in [" << Lo
                               << ", " << Hi << ") at guide " << Guide;
    Previous = Bound;
  }
}

TEST(StreamSegmentsTest, TileTheStreamAsTheKernelsUseThem) {
  // The kernels: n = ceil(rows / L) segments, guide 0, 8 or 14 for
  // L >= 48 (shorter segments are equal, without these bounds).
  for (int L : {1, 2, 7, 16, 47, 48, 64, 128, 256, 548, 1024})
    for (int Rows = 1; Rows <= 3000; Rows += Rows < 300 ? 1 : 37)
      for (int Lo : {-5, 0, 1, 4}) {
        const int N = (Rows + L - 1) / L;
        for (int Guide : {0, 8, 14})
          if (L >= 48 || Guide == 0)
            expectTiling(Lo, Lo + Rows, N, Guide);
      }
}

TEST(StreamSegmentsTest, LargeGridsDoNotOverflow) {
  // Up to 2^31 - 1 rows and 65535 segments (the grid's limit).
  for (int N : {1, 2, 3, 1000, 65535})
    for (int Rows : {2147483647 - 8, 1 << 30, 65535 * 48})
      if ((long)Rows / N >= 48)
        expectTiling(4, 4 + Rows - 8, N, 14);
}

TEST(StreamSegmentsTest, LongerFirstShorterLast) {
  const int N = 64, Rows = N * 256;
  auto Length = [&](int K) {
    return stencilcc_segment_bound(K + 1, N, 0, Rows, 14) -
           stencilcc_segment_bound(K, N, 0, Rows, 14);
  };
  // From about (1 + 14/16) to (1 - 14/16) times 256.
  EXPECT_NEAR(Length(0), 256 * 30 / 16, 8);
  EXPECT_NEAR(Length(N - 1), 256 * 2 / 16, 8);
  for (int K = 1; K < N; ++K)
    EXPECT_LE(Length(K), Length(K - 1) + 1);
  // Guide 0: equal to a row.
  for (int K = 0; K < N; ++K)
    EXPECT_EQ(stencilcc_segment_bound(K + 1, N, 0, Rows, 0) -
                  stencilcc_segment_bound(K, N, 0, Rows, 0),
              256);
}

TEST(StreamSegmentsTest, TheGuideFollowsTheSegmentsAndBlocksPerSM) {
  // The CPU's stand-in: 132 SMs; 10 blocks per SM and more take 14/16,
  // fewer 8/16, and fewer than 4 segments none.
  gridDim = {131, 10, 1};
  EXPECT_EQ(stencilcc_segment_guide(10), 8);
  gridDim = {132, 5, 2};
  EXPECT_EQ(stencilcc_segment_guide(5), 14);
  EXPECT_EQ(stencilcc_segment_guide(3), 0);
  gridDim = {1, 4, 1};
  EXPECT_EQ(stencilcc_segment_guide(4), 8);
}

} // namespace
