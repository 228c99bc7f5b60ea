//===- ConstantDivisionTest.cpp - x / c by Markstein's correction ---------===//
//
// The helper emitted for divisions by a constant must give the quotient
// IEEE division gives. It is host-compilable, so it is checked here against
// the host's division: every float in [1, 2) and in a subnormal-free range
// of magnitudes for a set of divisors, sampled doubles, and the special
// values. The lowering pass is checked on expression trees.
//
//===----------------------------------------------------------------------===//
#define __host__
#define __device__
#define __forceinline__ inline
#include STENCILCC_DIVISION_TEMPLATE

#include "stencilcc/Analysis/ReciprocalSplit.h"
#include "stencilcc/Emitter/ConstantDivision.h"

#include "FloatBits.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

using namespace stencilcc;
using stencilcc::test::bitsOf;
using stencilcc::test::floatOf;

namespace {

const float FloatDivisors[] = {6.1942f, 118.0f,       3.0f,     0.1f,
                               7.0f,    1.5f,         -9.0f,    0x1.fffffep0f,
                               1.0000001f, 0x1.000002p-3f, 12.345e6f, 3e-7f};

TEST(ConstantDivisionTest, FloatEqualsIeeeDivisionOnAWholeBinade) {
  for (float C : FloatDivisors) {
    const float R = 1.0f / C;
    uint64_t Mismatches = 0;
    for (uint32_t B = bitsOf(1.0f); B < bitsOf(2.0f); ++B) {
      float X = floatOf(B);
      Mismatches += bitsOf(stencilcc_div_rn(X, C, R)) != bitsOf(X / C);
    }
    EXPECT_EQ(Mismatches, 0u) << "divisor " << C;
  }
}

TEST(ConstantDivisionTest, FloatEqualsIeeeDivisionAcrossMagnitudes) {
  std::mt19937_64 Rng(42);
  for (float C : FloatDivisors) {
    const float R = 1.0f / C;
    // Exponents that keep x, x/c and the correction term normal.
    std::uniform_int_distribution<int> Exp(-90, 90);
    std::uniform_int_distribution<uint32_t> Mant(0, (1u << 23) - 1);
    for (int I = 0; I < 2000000; ++I) {
      uint32_t B = (uint32_t(Exp(Rng) + 127) << 23) | Mant(Rng) |
                   (I & 1 ? 0x80000000u : 0);
      float X = floatOf(B);
      ASSERT_EQ(bitsOf(stencilcc_div_rn(X, C, R)), bitsOf(X / C))
          << X << " / " << C;
    }
  }
}

// stencilcc_div_split with the split splitReciprocal checked: the whole
// binade [1, 2), magnitudes that keep x, x/c and x*lo normal (x*lo is
// about 2^-24 x/c: |x| above 2^-100 |c|), and the special values, all as
// the host's division gives them.
TEST(ConstantDivisionTest, SplitEqualsIeeeDivision) {
  std::mt19937_64 Rng(11);
  std::uniform_int_distribution<uint32_t> Mant(0, (1u << 23) - 1);
  const float Inf = std::numeric_limits<float>::infinity();
  int Split = 0;
  for (float C : FloatDivisors) {
    std::optional<ReciprocalSplit> S = splitReciprocal(C);
    if (!S)
      continue;
    ++Split;
    EXPECT_EQ(std::signbit(S->Hi), std::signbit(S->Lo)) << C;
    uint64_t Mismatches = 0;
    for (uint32_t B = bitsOf(1.0f); B < bitsOf(2.0f); ++B) {
      float X = floatOf(B);
      Mismatches += bitsOf(stencilcc_div_split(X, S->Hi, S->Lo)) != bitsOf(X / C);
    }
    EXPECT_EQ(Mismatches, 0u) << "divisor " << C;
    const int Log2C = std::ilogb(C);
    std::uniform_int_distribution<int> Exp(-90 + std::max(0, Log2C),
                                           90 + std::min(0, Log2C));
    for (int I = 0; I < 2000000; ++I) {
      float X = floatOf((uint32_t(Exp(Rng) + 127) << 23) | Mant(Rng) |
                        (I & 1 ? 0x80000000u : 0));
      ASSERT_EQ(bitsOf(stencilcc_div_split(X, S->Hi, S->Lo)), bitsOf(X / C))
          << X << " / " << C;
    }
    for (float X : {0.0f, -0.0f, Inf, -Inf})
      EXPECT_EQ(bitsOf(stencilcc_div_split(X, S->Hi, S->Lo)), bitsOf(X / C))
          << X << " / " << C;
    EXPECT_TRUE(std::isnan(stencilcc_div_split(std::nanf(""), S->Hi, S->Lo)));
  }
  EXPECT_GE(Split, 10);
}

// Powers of two need no split, and some divisors have none that holds
// (2 - 2^-23, whose reciprocal lies just above a midpoint of two floats).
TEST(ConstantDivisionTest, SplitOnlyWhereItHolds) {
  EXPECT_FALSE(splitReciprocal(4.0f));
  EXPECT_FALSE(splitReciprocal(0.0f));
  EXPECT_FALSE(splitReciprocal(0x1.fffffep0f));
  // Without the check, x * (1/3) plus a wrong low part is not x / 3.
  std::optional<ReciprocalSplit> Three = splitReciprocal(3.0f);
  ASSERT_TRUE(Three);
  uint64_t Wrong = 0;
  for (uint32_t B = bitsOf(1.0f); B < bitsOf(2.0f); ++B) {
    float X = floatOf(B);
    Wrong += bitsOf(stencilcc_div_split(X, Three->Hi, 0.5f * Three->Lo)) !=
             bitsOf(X / 3.0f);
  }
  EXPECT_GT(Wrong, 0u);
}

TEST(ConstantDivisionTest, DoubleEqualsIeeeDivision) {
  std::mt19937_64 Rng(7);
  const double Divisors[] = {6.1942, 118.0, 3.0, 0.1, 7.0, -1.5,
                             0x1.fffffffffffffp0, 1.0000000000000002, 1e-3};
  std::uniform_real_distribution<double> Mant(1.0, 2.0);
  std::uniform_int_distribution<int> Exp(-900, 900);
  for (double C : Divisors) {
    const double R = 1.0 / C;
    for (int I = 0; I < 2000000; ++I) {
      double X = std::ldexp(Mant(Rng), Exp(Rng)) * (I & 1 ? -1 : 1);
      ASSERT_EQ(bitsOf(stencilcc_div_rn(X, C, R)), bitsOf(X / C))
          << X << " / " << C;
    }
  }
}

TEST(ConstantDivisionTest, SpecialValuesAsIeee) {
  // Signed zeros in particular: the sequence has no sign fix-up.
  const float Inf = std::numeric_limits<float>::infinity();
  for (float C : {6.1942f, -9.0f, 0.1f}) {
    const float R = 1.0f / C;
    for (float X : {0.0f, -0.0f, Inf, -Inf})
      EXPECT_EQ(bitsOf(stencilcc_div_rn(X, C, R)), bitsOf(X / C))
          << X << " / " << C;
    EXPECT_TRUE(std::isnan(stencilcc_div_rn(std::nanf(""), C, R)));
  }
  for (double D : {-3.0, 6.1942}) {
    const double RD = 1.0 / D;
    for (double X : {0.0, -0.0, double(Inf), -double(Inf)})
      EXPECT_EQ(bitsOf(stencilcc_div_rn(X, D, RD)), bitsOf(X / D))
          << X << " / " << D;
    EXPECT_TRUE(std::isnan(stencilcc_div_rn(std::nan(""), D, RD)));
  }
}

std::string printed(const Expr &E) {
  return printExpr(E, [](const ArrayAccess &) { return std::string("a"); },
                   /*ExplicitCasts=*/true);
}

ExprPtr read() {
  return Expr::access(ArrayAccess{0, {0, 0}}, ScalarType::Float);
}

TEST(ConstantDivisionTest, LowersDivisionByACastLiteral) {
  ExprPtr E = Expr::binary(
      "/", read(),
      Expr::cast(ScalarType::Float,
                 Expr::floatLiteral("6.1942", 6.1942, ScalarType::Double),
                 /*Implicit=*/false),
      ScalarType::Float);
  EXPECT_TRUE(lowerConstantDivisions(*E));
  EXPECT_EQ(printed(*E),
            "stencilcc_div_split(a, 0x1.4aa1c2p-3f, 0x1.b10932p-28f)");
  // A divisor without a split that holds: Markstein's correction.
  ExprPtr F = Expr::binary(
      "/", read(),
      Expr::floatLiteral("0x1.fffffep0f", 0x1.fffffep0, ScalarType::Float),
      ScalarType::Float);
  EXPECT_TRUE(lowerConstantDivisions(*F));
  EXPECT_EQ(printed(*F), "stencilcc_div_rn(a, 0x1.fffffep+0f, 0x1.000002p-1f)");
}

TEST(ConstantDivisionTest, PowerOfTwoBecomesAMultiplication) {
  ExprPtr E = Expr::binary(
      "/", read(),
      Expr::cast(ScalarType::Float, Expr::intLiteral("4", 4), true),
      ScalarType::Float);
  EXPECT_FALSE(lowerConstantDivisions(*E));
  EXPECT_EQ(printed(*E), "a * 0x1p-2f");
}

TEST(ConstantDivisionTest, LeavesOtherDivisionsAlone) {
  ExprPtr ByScalar = Expr::binary(
      "/", read(), Expr::scalarRef("s", ScalarType::Float), ScalarType::Float);
  EXPECT_FALSE(lowerConstantDivisions(*ByScalar));
  EXPECT_EQ(printed(*ByScalar), "a / s");
  ExprPtr ByZero = Expr::binary(
      "/", read(),
      Expr::cast(ScalarType::Float, Expr::intLiteral("0", 0), true),
      ScalarType::Float);
  EXPECT_FALSE(lowerConstantDivisions(*ByZero));
  EXPECT_EQ(printed(*ByZero), "a / (float)0");
  ExprPtr Integer = Expr::binary("/", Expr::intLiteral("7", 7),
                                 Expr::intLiteral("2", 2), ScalarType::Int);
  EXPECT_FALSE(lowerConstantDivisions(*Integer));
  EXPECT_EQ(printed(*Integer), "7 / 2");
}

} // namespace
