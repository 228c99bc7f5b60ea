//===- unit/StageFrontendTest.cpp - The stage form in the IR --------------===//
#include "TestUtil.h"

#include <gtest/gtest.h>

using namespace stencilcc;
using namespace stencilcc::test;

static const StencilProgram &onlyStageProgram(const FileResult &R) {
  EXPECT_TRUE(R.Success) << R.Diagnostics;
  EXPECT_EQ(R.Regions.size(), 1u) << R.Diagnostics;
  static StencilProgram Empty;
  if (R.Regions.empty())
    return Empty;
  EXPECT_TRUE(R.Regions[0].Program.isStageForm());
  return R.Regions[0].Program;
}

TEST(StageFrontendTest, PingPongIsTwoStagesOverTwoStateArrays) {
  FileResult R = analyzeSource(R"(
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
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 2u);
  // Arrays are numbered as met: the written B, then A, read first and
  // made state by the second statement.
  EXPECT_EQ(P.Arrays[0].Name, "B");
  EXPECT_EQ(P.Arrays[1].Name, "A");
  EXPECT_EQ(P.Arrays[1].Role, ArrayRole::State);
  EXPECT_EQ(P.Arrays[1].Levels, 0);
  ASSERT_EQ(P.Arrays[1].Extents.size(), 2u);
  EXPECT_EQ(P.Arrays[1].Extents[0].str(), "n");
  ASSERT_EQ(P.Stages.size(), 2u);
  EXPECT_EQ(P.Stages[0].ArrayId, 0u);
  EXPECT_EQ(P.Stages[1].ArrayId, 1u);
  EXPECT_EQ(P.gridRank(), 2u);
  EXPECT_EQ(P.Stages[1].Loops[1].Upper.str(), "n - 1");
  EXPECT_EQ(P.stageRhsText(P.Stages[0]),
            "0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + "
            "A[i - 1][j])");
}

TEST(StageFrontendTest, ThreeLevelsFieldAndClampedSubscript) {
  FileResult R = analyzeSource(R"(
void wave(int T, int n, float U[3][n], const float V[n], float c) {
#pragma scop
  for (int t = 0; t < T; t++)
    for (int i = 0; i < n; i++)
      U[(t+2)%3][i] = 2.0f * U[(t+1)%3][i] - U[t%3][i]
          + c * V[i] * (U[(t+1)%3][i < n - 1 ? i + 1 : i] - U[(t+1)%3][i]);
#pragma endscop
}
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 2u);
  EXPECT_EQ(P.Arrays[0].Levels, 3);
  EXPECT_EQ(P.Arrays[1].Role, ArrayRole::ReadOnly);
  ASSERT_EQ(P.Stages.size(), 1u);
  EXPECT_EQ(P.Stages[0].WriteShift, 2);
  std::vector<const ArrayAccess *> Reads;
  P.Stages[0].Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      Reads.push_back(&E.Access);
  });
  ASSERT_EQ(Reads.size(), 5u);
  EXPECT_EQ(Reads[1]->TimeShift, 0);
  // The clamped read keeps its selection and has no constant offset.
  EXPECT_EQ(Reads[3]->Index[0].K, IndexExpr::Kind::Select);
  EXPECT_TRUE(Reads[3]->Offsets.empty());
  EXPECT_EQ(P.stageAccessText(*Reads[3]), "U[(t + 1) % 3][(i < n - 1 ? i + 1 : i)]");
  EXPECT_EQ(Reads[4]->Offsets, std::vector<int64_t>{0});
}

TEST(StageFrontendTest, BoundarySliceTimeIndexedAndCompoundAssignment) {
  FileResult R = analyzeSource(R"(
void fdtd(int tmax, int nx, int ny, double ey[nx][ny], double hz[nx][ny],
          double fict[tmax]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] -= 0.5 * (hz[i][j] - hz[i-1][j]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ey[i+1][j] - ey[i][j]);
  }
#pragma endscop
}
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 3u);
  EXPECT_EQ(P.Arrays[0].Name, "ey");
  EXPECT_EQ(P.Arrays[1].Name, "fict");
  EXPECT_EQ(P.Arrays[1].Role, ArrayRole::TimeIndexed);
  ASSERT_TRUE(P.Arrays[1].TimeExtentExpr.has_value());
  EXPECT_EQ(P.Arrays[1].TimeExtentExpr->str(), "tmax");
  ASSERT_EQ(P.Stages.size(), 3u);
  // The boundary statement writes row 0 over its one loop.
  EXPECT_EQ(P.Stages[0].WriteLoop, (std::vector<int>{-1, 0}));
  EXPECT_EQ(P.Stages[0].WriteIndex[0].str(), "0");
  // `-=` reads the written point.
  EXPECT_EQ(P.stageRhsText(P.Stages[1]),
            "ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j])");
}

TEST(StageFrontendTest, PointerWithoutExtentTakesItFromTheAccesses) {
  FileResult R = analyzeSource(R"(
void k(int T, int n, float *A1, float *B1) {
  float (*A)[n] = (float (*)[n])A1;
  float (*B)[n] = (float (*)[n])B1;
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25f * (A[i-1][j] + A[i+1][j] + A[i][j-1] + A[i][j+1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
#pragma endscop
}
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 2u);
  // B's rows reach n - 2; A's reads reach row n - 1.
  EXPECT_EQ(P.Arrays[0].Extents[0].str(), "n - 1");
  EXPECT_EQ(P.Arrays[1].Extents[0].str(), "n");
}

TEST(StageFrontendTest, FlattenedGridsSplitAlongTheirStrides) {
  FileResult R = analyzeSource(R"(
void heat(int T, int nx, int ny, int nz, double *u, double *w, const double *k) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          int c = (z * ny + y) * nx + x;
          w[c] = u[c] + k[z * (nx * ny) + y * nx + x] * (u[c - 1] + u[c + nx] + u[c - nx * ny]);
        }
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z * nx * ny + y * nx + x] = w[(z * ny + y) * nx + x];
  }
#pragma endscop
}
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 3u);
  for (const StencilArray &A : P.Arrays) {
    EXPECT_TRUE(A.Flattened) << A.Name;
    ASSERT_EQ(A.Extents.size(), 3u) << A.Name;
    EXPECT_EQ(A.Extents[1].str(), "ny");
    EXPECT_EQ(A.Extents[2].str(), "nx");
    EXPECT_TRUE(A.FirstExtentInferred);
  }
  EXPECT_EQ(P.stageRhsText(P.Stages[0]),
            "u[z][y][x] + k[z][y][x] * (u[z][y][x - 1] + u[z][y + 1][x] + "
            "u[z - 1][y][x])");
}

TEST(StageFrontendTest, FlattenedGridsWithPaddedAndIntegerStrides) {
  FileResult R = analyzeSource(R"(
#define N 64
float g[N * N];
void pad(int T, int n, float *a, float *b) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        b[i * (n + 2) + j] = a[(i - 1) * (n + 2) + j + 1] + g[i * N + j - N + 1];
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        a[i * (n + 2) + j] = b[i * (n + 2) + j];
  }
#pragma endscop
}
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 3u);
  EXPECT_EQ(P.Arrays[1].Name, "a");
  EXPECT_EQ(P.Arrays[1].Extents[1].str(), "n + 2");
  EXPECT_EQ(P.Arrays[2].Name, "g");
  EXPECT_EQ(P.Arrays[2].Extents[1].str(), "64");
  // `- N + 1`: a row up and a cell right, not 63 cells left.
  EXPECT_EQ(P.stageRhsText(P.Stages[0]), "a[i - 1][j + 1] + g[i - 1][j + 1]");
}

TEST(StageFrontendTest, PlainPointerOfOneDimensionIsNotSplit) {
  FileResult R = analyzeSource(R"(
void f(int T, int n, double *a, double *b) {
#pragma scop
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
#pragma endscop
}
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 2u);
  EXPECT_FALSE(P.Arrays[0].Flattened);
  EXPECT_EQ(P.Arrays[0].Extents.size(), 1u);
}

TEST(StageFrontendTest, RotatedPointersAreTheLevelsOfOneArray) {
  FileResult R = analyzeSource(R"(
void wave(int T, int n, double *u0, double *u1, double *u2, const double *c) {
  double *spare;
#pragma scop
  for (int t = 1; t <= T; t++) {
    for (int i = 1; i < n - 1; i++)
      u2[i] = 2.0 * u1[i] - u0[i] + c[i] * (u1[i - 1] - 2.0 * u1[i] + u1[i + 1]);
    spare = u0;
    u0 = u1;
    u1 = u2;
    u2 = spare;
  }
#pragma endscop
}
)");
  const StencilProgram &P = onlyStageProgram(R);
  ASSERT_EQ(P.Arrays.size(), 2u);
  const StencilArray &U = P.Arrays[0];
  EXPECT_EQ(U.Name, "u0");
  EXPECT_EQ(U.Levels, 3);
  EXPECT_EQ(U.Role, ArrayRole::State);
  // u0 takes u1's value, u1 u2's, u2 u0's (through spare): the cycle
  // u0 -> u1 -> u2, the levels of their buffers in that order.
  EXPECT_EQ(U.LevelPointers, (std::vector<std::string>{"u0", "u1", "u2"}));
  // From t = 1, u_j points to level (t + j - 1) % 3: u2 to (t + 1) % 3,
  // u1 to t % 3, u0 to (t + 2) % 3 (the array is named after u0).
  ASSERT_EQ(P.Stages.size(), 1u);
  EXPECT_EQ(P.Stages[0].WriteShift, 1);
  EXPECT_EQ(P.stageRhsText(P.Stages[0]),
            "2.0 * u0[t % 3][i] - u0[(t + 2) % 3][i] + c[i] * (u0[t % 3][i - "
            "1] - 2.0 * u0[t % 3][i] + u0[t % 3][i + 1])");
  ASSERT_EQ(P.RotationTemporaries.size(), 1u);
  EXPECT_EQ(P.RotationTemporaries[0].Name, "spare");
  EXPECT_EQ(P.RotationTemporaries[0].Declaration, "double *spare;");
  // spare takes u0, at level (t + 2) % 3 when the step starts.
  EXPECT_EQ(P.RotationTemporaries[0].Level, 2);
}
