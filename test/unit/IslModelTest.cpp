//===- unit/IslModelTest.cpp - The polyhedral model of a StencilProgram ---===//
#include "stencilcc/Analysis/IslModel.h"

#include "HandBuiltPrograms.h"

#include <gtest/gtest.h>

using namespace stencilcc;
using namespace stencilcc::test;

namespace {

/// Each test gets its own context, freed after every isl object of the test.
class IslModelTest : public ::testing::Test {
protected:
  IslModelTest() : Raw(isl_ctx_alloc()) {
    isl_options_set_on_error(Raw, ISL_ON_ERROR_CONTINUE);
  }
  ~IslModelTest() override { isl_ctx_free(Raw); }

  isl::ctx ctx() { return Raw; }
  isl::set set(const std::string &S) { return isl::set(ctx(), S); }
  isl::map map(const std::string &S) { return isl::map(ctx(), S); }

  isl_ctx *Raw;
};

TEST_F(IslModelTest, DomainWriteAndReadsOfStar2d1r) {
  StencilProgram P = star(2, 1);
  IslModel M(ctx(), P);
  EXPECT_TRUE(M.domain().is_equal(
      set("[n, timestep] -> { S[t, i, j] : 0 <= t < timestep and "
          "1 <= i < n - 1 and 1 <= j < n - 1 }")));
  EXPECT_TRUE(M.write().is_equal(
      map("[n, timestep] -> { S[t, i, j] -> A[(t + 1) mod 2, i, j] : "
          "0 <= t < timestep and 1 <= i < n - 1 and 1 <= j < n - 1 }")));
  // Tree order: center, then i-1, i+1, j-1, j+1.
  EXPECT_TRUE(M.read(0).is_equal(
      map("[n, timestep] -> { S[t, i, j] -> A[t mod 2, i, j] : "
          "0 <= t < timestep and 1 <= i < n - 1 and 1 <= j < n - 1 }")));
  EXPECT_TRUE(M.read(1).is_equal(
      map("[n, timestep] -> { S[t, i, j] -> A[t mod 2, i - 1, j] : "
          "0 <= t < timestep and 1 <= i < n - 1 and 1 <= j < n - 1 }")));
  EXPECT_TRUE(M.read(4).is_equal(
      map("[n, timestep] -> { S[t, i, j] -> A[t mod 2, i, j + 1] : "
          "0 <= t < timestep and 1 <= i < n - 1 and 1 <= j < n - 1 }")));
  EXPECT_TRUE(M.arrayExtent().is_equal(
      set("[n] -> { A[l, x, y] : 0 <= l < 2 and 0 <= x < n and "
          "0 <= y < n }")));
  // All five reads of the one level read: the cells of the star's reach.
  std::vector<isl::set> Cells = M.cellsReadByLevel();
  ASSERT_EQ(Cells.size(), 1u);
  EXPECT_TRUE(Cells[0].is_equal(
      set("[n, timestep] -> { A[l, x, y] : timestep >= 1 and "
          "exists (t : 0 <= t < timestep and l = t mod 2) and "
          "((1 <= x < n - 1 and 0 <= y < n) or "
          "(0 <= x < n and 1 <= y < n - 1)) and n >= 3 }")));
}

TEST_F(IslModelTest, UndeclaredTimeExtentIsUnboundedAbove) {
  StencilProgram P = star(1, 1);
  P.Array.TimeExtent.reset();
  IslModel M(ctx(), P);
  EXPECT_TRUE(M.arrayExtent().is_equal(
      set("[n] -> { A[l, x] : l >= 0 and 0 <= x < n }")));
}

TEST_F(IslModelTest, OffsetsComeFromTheRelations) {
  StencilProgram P = skeleton(2, 2);
  P.Rhs = weightedSum(P, {{0, 0}, {-2, 1}, {1, 0}, {-2, 1}});
  IslModel M(ctx(), P);
  isl::set O = M.offsets();
  EXPECT_TRUE(O.is_equal(set("{ [0, 0]; [-2, 1]; [1, 0] }")));
  std::vector<std::vector<int64_t>> Expected{{-2, 1}, {0, 0}, {1, 0}};
  EXPECT_EQ(IslModel::points(O), Expected);
  EXPECT_EQ(IslModel::dimBounds(O, 0), (std::pair<int64_t, int64_t>(-2, 1)));
  EXPECT_EQ(IslModel::dimBounds(O, 1), (std::pair<int64_t, int64_t>(0, 1)));
}

TEST_F(IslModelTest, OffsetsSurviveAnEmptyDomain) {
  StencilProgram P = star(2, 1);
  P.SpatialLoops[0].Lower = AffineExpr::constant(5);
  P.SpatialLoops[0].Upper = AffineExpr::constant(5);
  IslModel M(ctx(), P);
  EXPECT_TRUE(M.domain().is_empty());
  EXPECT_TRUE(M.offsets().is_equal(
      set("{ [0, 0]; [-1, 0]; [1, 0]; [0, -1]; [0, 1] }")));
}

TEST_F(IslModelTest, OffsetsOfAConstantRightHandSideAreEmpty) {
  StencilProgram P = skeleton(3, 0);
  P.Rhs = lit(P, 1.0);
  IslModel M(ctx(), P);
  EXPECT_TRUE(M.cellsReadByLevel().empty());
  EXPECT_TRUE(M.offsets().is_empty());
  EXPECT_EQ(M.offsets().tuple_dim(), 3u);
  EXPECT_TRUE(M.flowDependences().is_empty());
}

TEST_F(IslModelTest, FlowDependencesOfAJacobiStepHaveDistanceOne) {
  StencilProgram P = star(2, 1);
  IslModel M(ctx(), P);
  isl::union_map Deps = M.flowDependences();
  EXPECT_FALSE(Deps.is_empty());
  // Every dependence goes from step t - 1 to step t, to a neighbour.
  isl::union_map Expected(
      ctx(), "[n, timestep] -> { S[t, i, j] -> S[t + 1, i2, j2] : "
             "-1 <= i2 - i <= 1 and "
             "-1 <= j2 - j <= 1 }");
  EXPECT_TRUE(Deps.is_subset(Expected));
  // The centre of (t, i, j) was written by (t - 1, i, j).
  isl::union_map Centre(ctx(), "{ S[0, 5, 5] -> S[1, 5, 5] }");
  EXPECT_FALSE(
      Deps.intersect_params(set("[n, timestep] -> { : n = 20 and "
                                "timestep = 4 }"))
          .intersect(Centre)
          .is_empty());
}

TEST_F(IslModelTest, ReadOfTheWrittenLevelDependsOnTheSameStep) {
  StencilProgram P = skeleton(1, 1);
  // A[(t+1)%2][i] = A[(t+1)%2][i-1]: a Gauss-Seidel sweep.
  P.Rhs = read(P, {-1}, 1);
  IslModel M(ctx(), P);
  isl::union_map Same(ctx(), "{ S[t, i] -> S[t, i + 1] }");
  EXPECT_TRUE(M.flowDependences().is_subset(Same));
  EXPECT_FALSE(M.flowDependences().is_empty());
}

TEST_F(IslModelTest, ReadsWithoutSourceAreTheInitialValuesAndTheHalo) {
  StencilProgram P = star(1, 1);
  IslModel M(ctx(), P);
  isl::union_set NoSource = M.readsWithoutSource().domain();
  // Step 0 reads only initial values.
  EXPECT_TRUE(isl::union_set(set("[n, timestep] -> { S[0, i] : 1 <= i < n - 1 "
                                 "and timestep > 0 }"))
                  .is_subset(NoSource));
  // Later steps read the halo cells 0 and n - 1 without a source...
  EXPECT_TRUE(isl::union_set(set("[n, timestep] -> { S[t, 1] : 0 < t < "
                                 "timestep and n >= 3 }"))
                  .is_subset(NoSource));
  // ...but the interior has one.
  EXPECT_TRUE(NoSource
                  .intersect(isl::union_set(
                      set("[n, timestep] -> { S[t, i] : t > 0 and "
                          "2 <= i < n - 2 }")))
                  .is_empty());
}

TEST_F(IslModelTest, BoundsOfReads) {
  StencilProgram P = star(2, 1);
  P.SpatialLoops[1].Lower = AffineExpr::constant(0); // j - 1 reaches -1
  IslModel M(ctx(), P);
  for (unsigned I : {0u, 1u, 2u, 4u})
    EXPECT_TRUE(M.readInBounds(I)) << I;
  EXPECT_FALSE(M.readInBounds(3));
  isl::set Outside(ctx(), M.outOfBoundsReads(3));
  EXPECT_TRUE(Outside.is_equal(
      set("[n, timestep] -> { A[l, x, -1] : 0 <= l <= 1 and 1 <= x < n - 1 "
          "and timestep > 0 and (l = 0 or timestep > 1) }")))
      << M.outOfBoundsReads(3);
}

TEST_F(IslModelTest, TimeLevelsBeyondTheDeclaredExtentAreOutOfBounds) {
  StencilProgram P = skeleton(1, 1);
  P.TimeModulus = 3;
  P.Rhs = read(P, {0}, 0);
  IslModel M(ctx(), P); // A[2][n] but levels 0..2
  EXPECT_FALSE(M.readInBounds(0));
}

TEST_F(IslModelTest, TimeLevelsFollowCRemainder) {
  // for (t = -2; ...): C's t % 2 is -1 at t = -1, where isl's mod gives 1.
  StencilProgram P = star(1, 1);
  P.TimeLoop.Lower = AffineExpr::constant(-2);
  IslModel M(ctx(), P);
  isl::set Levels = M.read(0).range();
  EXPECT_FALSE(
      Levels.intersect(set("[n, timestep] -> { A[-1, x] }")).is_empty());
  EXPECT_FALSE(M.readInBounds(0));
  // The write, (t + 1) % 2, is -1 at t = -2.
  EXPECT_FALSE(M.write().range().is_subset(M.arrayExtent()));
}

TEST_F(IslModelTest, SymbolsSpelledLikeIslKeywordsAreRenamed) {
  StencilProgram P = skeleton(2, 1);
  P.Parameters = {{"max", ScalarType::Int, {}}, {"min", ScalarType::Int, {}},
                  {"coef", ScalarType::Double, {}}};
  P.TimeLoop.Upper = AffineExpr::symbol("max");
  P.SpatialLoops[0].Var = "floor";
  P.SpatialLoops[0].Upper = AffineExpr::symbol("min") - AffineExpr::constant(1);
  P.SpatialLoops[1].Upper = AffineExpr::symbol("min") - AffineExpr::constant(1);
  P.Array.Extents = {AffineExpr::symbol("min"), AffineExpr::symbol("min")};
  P.Array.Name = "S"; // also the statement's usual name
  P.Rhs = weightedSum(P, starOffsets(2, 1));
  IslModel M(ctx(), P);
  EXPECT_FALSE(M.domain().is_empty());
  EXPECT_EQ(M.domain().tuple_dim(), 3u);
  EXPECT_TRUE(M.readInBounds(1));
  EXPECT_EQ(IslModel::points(M.offsets()).size(), 5u);
  EXPECT_FALSE(M.flowDependences().is_empty());
}

TEST_F(IslModelTest, UnlistedSymbolsBecomeParameters) {
  StencilProgram P = star(1, 1);
  P.Parameters.clear();
  IslModel M(ctx(), P);
  EXPECT_EQ(isl_set_dim(M.domain().get(), isl_dim_param), 2);
}

TEST_F(IslModelTest, PointsAndBoundsOfSmallSets) {
  isl::set S = set("{ [x, y] : 0 <= x <= 2 and y = x - 1 }");
  std::vector<std::vector<int64_t>> Expected{{0, -1}, {1, 0}, {2, 1}};
  EXPECT_EQ(IslModel::points(S), Expected);
  EXPECT_EQ(IslModel::dimBounds(S, 1), (std::pair<int64_t, int64_t>(-1, 1)));
  EXPECT_THROW(IslModel::dimBounds(set("{ [x] : x >= 0 }"), 0),
               isl::exception);
}

} // namespace
