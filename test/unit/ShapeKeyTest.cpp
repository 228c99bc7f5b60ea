//===- unit/ShapeKeyTest.cpp - What decides a region's plan ---------------===//
//
// The shape key (Planner/ShapeKey.h) ignores what does not decide a plan
// (coefficients, names, loop bounds as written, the order of a sum) and
// tells apart what does (offsets, types, operations, levels, roles).
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Planner/ShapeKey.h"

#include <gtest/gtest.h>

using namespace stencilcc;
using namespace stencilcc::test;

namespace {

/// A 1D three-point update; \p Update is its right-hand side with the
/// array `A`, the level `t%2` and the point `i` spelled as \p Array,
/// `T`, `I` (replaced), the loop from \p Lower to n - \p Lower.
std::string update1D(const std::string &Function, std::string Update,
                     const std::string &Array = "A",
                     const std::string &Real = "float",
                     const std::string &Lower = "1") {
  auto Replace = [&](const std::string &From, const std::string &To) {
    for (size_t At = Update.find(From); At != std::string::npos;
         At = Update.find(From, At + To.size()))
      Update.replace(At, From.size(), To);
  };
  Replace("A[", Array + "[");
  return "#include <math.h>\nvoid " + Function + "(int n, int steps, " +
         Real + " *X)\n{\n  " +
         Real + " (*" + Array + ")[n] = (" + Real + " (*)[n])X;\n"
         "#pragma scop\n  for (int t = 0; t < steps; t++)\n"
         "    for (int i = " + Lower + "; i < n - " + Lower + "; i++)\n"
         "      " + Array + "[(t+1)%2][i] = " + Update +
         ";\n#pragma endscop\n}\n";
}

struct Keys {
  std::string Fingerprint, Shape;
};

Keys keysOf(const std::string &Source) {
  FileResult R = analyzeSource(Source);
  EXPECT_TRUE(R.Success) << R.Diagnostics;
  if (R.Regions.size() != 1 || !R.Regions[0].Analysis)
    return {};
  const AnalyzedRegion &A = R.Regions[0];
  return {stencilFingerprint(A.Program, *A.Analysis),
          stencilShapeKey(A.Program, *A.Analysis)};
}

const char *Base =
    "0.3f * A[t%2][i-1] + 0.45f * A[t%2][i] + 0.25f * A[t%2][i+1]";

TEST(ShapeKey, CoefficientsNamesAndBoundsDoNotCount) {
  Keys K = keysOf(update1D("f", Base));
  EXPECT_EQ(K.Shape.rfind("shape-", 0), 0u);
  EXPECT_EQ(K.Shape.size(), 6u + 16u);
  // Other coefficients: another stencil, the same shape.
  Keys Coef = keysOf(update1D(
      "f", "0.1f * A[t%2][i-1] + 0.7f * A[t%2][i] + 0.2f * A[t%2][i+1]"));
  EXPECT_NE(Coef.Fingerprint, K.Fingerprint);
  EXPECT_EQ(Coef.Shape, K.Shape);
  // Another array name, function name and loop bounds.
  Keys Renamed = keysOf(update1D("heat", Base, "Temperature", "float", "2"));
  EXPECT_NE(Renamed.Fingerprint, K.Fingerprint);
  EXPECT_EQ(Renamed.Shape, K.Shape);
  // The terms of the sum in another order.
  Keys Order = keysOf(update1D(
      "f", "0.25f * A[t%2][i+1] + 0.3f * A[t%2][i-1] + 0.45f * A[t%2][i]"));
  EXPECT_EQ(Order.Shape, K.Shape);
}

TEST(ShapeKey, WhatDecidesAPlanCounts) {
  Keys K = keysOf(update1D("f", Base));
  // Another offset, another element type, another operation mix.
  EXPECT_NE(keysOf(update1D("f", "0.3f * A[t%2][i-1] + 0.45f * A[t%2][i] + "
                                 "0.25f * A[t%2][i+2]",
                            "A", "float", "2"))
                .Shape,
            K.Shape);
  EXPECT_NE(keysOf(update1D("f", "0.3 * A[t%2][i-1] + 0.45 * A[t%2][i] + "
                                 "0.25 * A[t%2][i+1]",
                            "A", "double"))
                .Shape,
            K.Shape);
  EXPECT_NE(keysOf(update1D("f", "(A[t%2][i-1] + A[t%2][i] + A[t%2][i+1]) / "
                                 "3.0f"))
                .Shape,
            keysOf(update1D("f", "(A[t%2][i-1] + A[t%2][i] + A[t%2][i+1]) * "
                                 "0.33f"))
                .Shape);
  // A division by a read is not one by a constant.
  EXPECT_NE(keysOf(update1D("f", "A[t%2][i-1] / 3.0f + A[t%2][i+1]")).Shape,
            keysOf(update1D("f", "A[t%2][i-1] / A[t%2][i] + A[t%2][i+1]"))
                .Shape);
  // A math call is part of the shape.
  EXPECT_NE(keysOf(update1D("f", "sqrtf(A[t%2][i-1] + A[t%2][i+1])")).Shape,
            keysOf(update1D("f", "fabsf(A[t%2][i-1] + A[t%2][i+1])")).Shape);
}

/// Stage-form regions: the analyses of \p Source's single region.
std::string stageShape(const std::string &Source) {
  llvm::SmallString<128> Path;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("stencilcc-shape", "c", FD, Path))
    return "";
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Source;
  }
  std::string Key, Diags;
  llvm::raw_string_ostream OS(Diags);
  runFrontend(std::string(Path), {},
              [&](StencilProgram &P, DiagnosticSink &D) {
                if (!P.isStageForm())
                  return;
                if (std::optional<StageAnalysis> A = analyzeStages(P, D))
                  Key = stageShapeKey(P, *A);
              },
              OS);
  llvm::sys::fs::remove(Path);
  EXPECT_FALSE(Key.empty()) << Diags;
  return Key;
}

/// A variable-coefficient 2D diffusion: state \p U, read-only \p K.
std::string diffusion(const std::string &U, const std::string &K,
                      const std::string &Coef, const std::string &KOffset) {
  return "void g(int n, int steps, float *X, float *Y)\n{\n"
         "  float (*" + U + ")[n][n] = (float (*)[n][n])X;\n"
         "  float (*" + K + ")[n] = (float (*)[n])Y;\n"
         "#pragma scop\n  for (int t = 0; t < steps; t++)\n"
         "    for (int i = 1; i < n - 1; i++)\n"
         "      for (int j = 1; j < n - 1; j++)\n"
         "        " + U + "[(t+1)%2][i][j] = " + U + "[t%2][i][j] + " + Coef +
         " * " + K + "[i][j" + KOffset + "] * (" + U + "[t%2][i-1][j] + " + U +
         "[t%2][i+1][j] + " + U + "[t%2][i][j-1] + " + U + "[t%2][i][j+1] - "
         "4.0f * " + U + "[t%2][i][j]);\n#pragma endscop\n}\n";
}

TEST(ShapeKey, StageForm) {
  std::string K = stageShape(diffusion("U", "K", "0.1f", ""));
  EXPECT_EQ(K.rfind("shape-", 0), 0u);
  EXPECT_EQ(stageShape(diffusion("Temp", "Cond", "0.2f", "")), K);
  // The coefficient field read at another offset: another shape.
  EXPECT_NE(stageShape(diffusion("U", "K", "0.1f", "+1")), K);
}

} // namespace
