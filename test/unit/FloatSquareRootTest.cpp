//===- FloatSquareRootTest.cpp - sqrt of a float, in double ---------------===//
//
// The helpers emitted for sqrt((double)x) and 1.0 / sqrt((double)x) of a
// float x must give what IEEE double sqrt and division give. They are
// host-compilable, so they are checked here against the host's: a sample
// of all positive floats (every one with STENCILCC_FLOAT_SQRT_STRIDE=1),
// each with every seed within four units in the last place of 1/sqrt(x)
// rounded to float (the GPU's seed, rsqrtf, is documented within two), and
// the special values. test/gpu/float-square-root.cu checks all 2^32 floats
// with the GPU's own seed. The lowering pass is checked on expression trees.
//
//===----------------------------------------------------------------------===//
#define __host__
#define __device__
#define __forceinline__ inline
#include STENCILCC_FLOAT_SQRT_TEMPLATE

#include "stencilcc/Analysis/ValueBounds.h"
#include "stencilcc/Emitter/FloatSquareRoot.h"

#include "FloatBits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>

using namespace stencilcc;
using stencilcc::test::bitsOf;
using stencilcc::test::floatOf;

namespace {

bool sameDouble(double A, double B) {
  return (std::isnan(A) && std::isnan(B)) || bitsOf(A) == bitsOf(B);
}

TEST(FloatSquareRootTest, EqualsIeeeForEverySeedWithinFourUlps) {
  uint32_t Stride = 1021; // a prime: the sample walks every mantissa pattern
  if (const char *S = std::getenv("STENCILCC_FLOAT_SQRT_STRIDE"))
    Stride = std::max(1, std::atoi(S));
  uint64_t Checked = 0, SqrtMismatches = 0, RsqrtMismatches = 0;
  for (uint64_t B = 1; B < bitsOf(std::numeric_limits<float>::infinity());
       B += Stride) {
    const float X = floatOf(uint32_t(B));
    const double D = X, Sqrt = std::sqrt(D), Rsqrt = 1.0 / std::sqrt(D);
    const uint32_t Seed = bitsOf(float(1.0 / std::sqrt(D)));
    for (int K = -4; K <= 4; ++K) {
      double Y;
      const double Q = stencilcc_sqrt_seeded(D, floatOf(Seed + K), Y);
      const double R = fma(Y, fma(-Q, Y, 1.0), Y);
      SqrtMismatches += bitsOf(Q) != bitsOf(Sqrt);
      RsqrtMismatches += bitsOf(R) != bitsOf(Rsqrt);
      ++Checked;
    }
  }
  EXPECT_GT(Checked, 1000000u);
  EXPECT_EQ(SqrtMismatches, 0u);
  EXPECT_EQ(RsqrtMismatches, 0u);
}

TEST(FloatSquareRootTest, HelpersEqualIeeeOnSpecialAndEdgeValues) {
  const float Inf = std::numeric_limits<float>::infinity();
  const float Values[] = {0.0f,
                          -0.0f,
                          Inf,
                          -Inf,
                          std::numeric_limits<float>::quiet_NaN(),
                          -1.0f,
                          -0x1p-149f,
                          0x1p-149f,
                          0x1.fffffcp-127f,
                          0x1p-126f,
                          1.0f,
                          0x1.fffffep0f,
                          2.0f,
                          4.0f,
                          1.3057f,
                          std::numeric_limits<float>::max()};
  for (float X : Values) {
    const double D = X;
    EXPECT_TRUE(sameDouble(stencilcc_sqrt_f(X), std::sqrt(D))) << "x = " << X;
    EXPECT_TRUE(sameDouble(stencilcc_rsqrt_f(X), 1.0 / std::sqrt(D)))
        << "x = " << X;
  }
}

bool sameFloat(float A, float B) {
  return (std::isnan(A) && std::isnan(B)) || bitsOf(A) == bitsOf(B);
}

// The float helpers with the host's correctly rounded seeds, against the
// host's sqrtf and division, on the sample and on the special values (the
// GPU test checks all 2^32 floats with MUFU's seeds).
TEST(FloatSquareRootTest, FloatHelpersEqualIeeeSqrtfAndDivision) {
  uint32_t Stride = 1021;
  if (const char *S = std::getenv("STENCILCC_FLOAT_SQRT_STRIDE"))
    Stride = std::max(1, std::atoi(S));
  uint64_t Checked = 0, SqrtMismatches = 0, RsqrtMismatches = 0;
  auto Check = [&](float X) {
    SqrtMismatches += !sameFloat(stencilcc_sqrtf_rn(X), std::sqrt(X));
    RsqrtMismatches += !sameFloat(stencilcc_rsqrtf_rn(X), 1.0f / std::sqrt(X));
    ++Checked;
  };
  for (uint64_t B = 0; B < (uint64_t(1) << 32); B += Stride)
    Check(floatOf(uint32_t(B)));
  const float Inf = std::numeric_limits<float>::infinity();
  for (float X : {0.0f, -0.0f, Inf, -Inf,
                  std::numeric_limits<float>::quiet_NaN(), -1.0f, 0x1p-149f,
                  0x1p-101f, 0x1.fffffep-101f, 0x1p-100f, 0x1p-126f, 1.0f,
                  1.3057f, std::numeric_limits<float>::max()})
    Check(X);
  EXPECT_GT(Checked, 4000000u);
  EXPECT_EQ(SqrtMismatches, 0u);
  EXPECT_EQ(RsqrtMismatches, 0u);
}

// The _large variants on what the emitter proves of their operand: at
// least 2^-100, +infinity or NaN.
TEST(FloatSquareRootTest, LargeHelpersEqualIeeeFromTwoToTheMinus100) {
  uint32_t Stride = 1021;
  if (const char *S = std::getenv("STENCILCC_FLOAT_SQRT_STRIDE"))
    Stride = std::max(1, std::atoi(S));
  uint64_t Checked = 0, Mismatches = 0;
  auto Check = [&](float X) {
    Mismatches += !sameFloat(stencilcc_sqrtf_rn_large(X), std::sqrt(X));
    Mismatches += !sameFloat(stencilcc_rsqrtf_rn_large(X), 1.0f / std::sqrt(X));
    ++Checked;
  };
  for (uint64_t B = bitsOf(0x1p-100f); B <= bitsOf(std::numeric_limits<float>::infinity());
       B += Stride)
    Check(floatOf(uint32_t(B)));
  for (float X : {0x1p-100f, 1.3057f, std::numeric_limits<float>::max(),
                  std::numeric_limits<float>::infinity(),
                  std::numeric_limits<float>::quiet_NaN()})
    Check(X);
  EXPECT_GT(Checked, 1000000u);
  EXPECT_EQ(Mismatches, 0u);
}

/// sqrt((double)x) for a float reference x, optionally divided into C.
ExprPtr floatSqrt(ScalarType Operand = ScalarType::Float) {
  std::vector<ExprPtr> Args;
  Args.push_back(Expr::cast(ScalarType::Double,
                            Expr::scalarRef("x", Operand), /*Implicit=*/true));
  return Expr::call("sqrt", std::move(Args), ScalarType::Double);
}

ExprPtr over(const char *Spelling, double C, ExprPtr Divisor) {
  return Expr::binary("/", Expr::floatLiteral(Spelling, C, ScalarType::Double),
                      std::move(Divisor), ScalarType::Double);
}

std::string lowered(ExprPtr E, bool ExpectUsed = true) {
  EXPECT_EQ(lowerFloatSquareRoots(*E), ExpectUsed);
  return printExpr(*E, [](const ArrayAccess &) { return std::string("a"); });
}

TEST(FloatSquareRootTest, LowersSquareRootsOfFloats) {
  EXPECT_EQ(lowered(over("1.0", 1.0, floatSqrt())), "stencilcc_rsqrt_f(x)");
  EXPECT_EQ(lowered(over("0.5", 0.5, floatSqrt())),
            "0.5 * stencilcc_rsqrt_f(x)");
  EXPECT_EQ(lowered(over("-2.0", -2.0, floatSqrt())),
            "-2.0 * stencilcc_rsqrt_f(x)");
  // Another numerator keeps IEEE division, of the exact square root.
  EXPECT_EQ(lowered(over("3.0", 3.0, floatSqrt())),
            "3.0 / stencilcc_sqrt_f(x)");
  EXPECT_EQ(lowered(Expr::binary("+", Expr::scalarRef("y", ScalarType::Double),
                                 floatSqrt(), ScalarType::Double)),
            "y + stencilcc_sqrt_f(x)");
  // The square root of a double is C's.
  EXPECT_EQ(lowered(over("1.0", 1.0, floatSqrt(ScalarType::Double)),
                    /*ExpectUsed=*/false),
            "1.0 / sqrt(x)");
}

/// sqrtf(x) for a float reference x, optionally divided into C.
ExprPtr sqrtfCall() {
  std::vector<ExprPtr> Args;
  Args.push_back(Expr::scalarRef("x", ScalarType::Float));
  return Expr::call("sqrtf", std::move(Args), ScalarType::Float);
}

ExprPtr overFloat(const char *Spelling, double C, ExprPtr Divisor) {
  return Expr::binary("/", Expr::floatLiteral(Spelling, C, ScalarType::Float),
                      std::move(Divisor), ScalarType::Float);
}

ExprPtr read(int64_t Offset) {
  return Expr::access(ArrayAccess{0, {0, Offset}}, ScalarType::Float);
}

ExprPtr floatBinary(const char *Op, ExprPtr A, ExprPtr B) {
  return Expr::binary(Op, std::move(A), std::move(B), ScalarType::Float);
}

/// (a[k] - a[0]) * (a[k] - a[0]).
ExprPtr squareOfDifference(int64_t K) {
  return floatBinary("*", floatBinary("-", read(K), read(0)),
                     floatBinary("-", read(K), read(0)));
}

ExprPtr floatConstant(double V) {
  return Expr::cast(ScalarType::Float,
                    Expr::floatLiteral("c", V, ScalarType::Double), false);
}

TEST(FloatSquareRootTest, ProvesLowerBounds) {
  // gradient2d's operand: a constant plus squares.
  ExprPtr G = floatBinary("+",
                          floatBinary("+", floatConstant(1.3057),
                                      squareOfDifference(-1)),
                          squareOfDifference(1));
  ASSERT_TRUE(provenLowerBound(*G));
  EXPECT_EQ(*provenLowerBound(*G), double(1.3057f));
  EXPECT_EQ(provenLowerBound(*squareOfDifference(1)), 0.0);
  // A product of different reads, a difference, a negated square: none.
  EXPECT_FALSE(provenLowerBound(*floatBinary("*", read(1), read(-1))));
  EXPECT_FALSE(provenLowerBound(
      *floatBinary("-", squareOfDifference(1), floatConstant(1.0))));
  EXPECT_FALSE(provenLowerBound(*Expr::unary("-", squareOfDifference(1))));
  // A sum with a term of unknown sign: none.
  EXPECT_FALSE(provenLowerBound(
      *floatBinary("+", floatConstant(2.0), read(0))));
}

TEST(FloatSquareRootTest, LowersSqrtfAndItsReciprocal) {
  EXPECT_EQ(lowered(sqrtfCall()), "stencilcc_sqrtf_rn(x)");
  EXPECT_EQ(lowered(overFloat("1.0f", 1.0, sqrtfCall())),
            "stencilcc_rsqrtf_rn(x)");
  EXPECT_EQ(lowered(overFloat("-0.25f", -0.25, sqrtfCall())),
            "-0.25f * stencilcc_rsqrtf_rn(x)");
  // Not a power of two, or one whose product could leave the normal
  // range: IEEE division of the correctly rounded square root.
  EXPECT_EQ(lowered(overFloat("3.0f", 3.0, sqrtfCall())),
            "3.0f / stencilcc_sqrtf_rn(x)");
  EXPECT_EQ(lowered(overFloat("0x1p60f", 0x1p60, sqrtfCall())),
            "0x1p60f / stencilcc_sqrtf_rn(x)");
  // An operand proved at least 2^-100: the _large variants.
  auto SqrtfOf = [](ExprPtr X) {
    std::vector<ExprPtr> Args;
    Args.push_back(std::move(X));
    return Expr::call("sqrtf", std::move(Args), ScalarType::Float);
  };
  auto Large = [&] {
    return floatBinary("+", floatConstant(0.5), squareOfDifference(1));
  };
  EXPECT_EQ(lowered(SqrtfOf(Large())).rfind("stencilcc_sqrtf_rn_large(", 0), 0u);
  EXPECT_EQ(lowered(overFloat("1.0f", 1.0, SqrtfOf(Large())))
                .rfind("stencilcc_rsqrtf_rn_large(", 0),
            0u);
  // 2^-101 is not enough.
  EXPECT_EQ(lowered(SqrtfOf(floatBinary("+", floatConstant(0x1p-101),
                                        squareOfDifference(1))))
                .rfind("stencilcc_sqrtf_rn(", 0),
            0u);
}

} // namespace
