//===- Analysis/ReciprocalSplit.cpp ---------------------------------------===//
#include "stencilcc/Analysis/ReciprocalSplit.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>

namespace stencilcc {

namespace {

float floatFromBits(uint32_t B) {
  float F;
  std::memcpy(&F, &B, sizeof F);
  return F;
}

uint32_t bitsOf(float F) {
  uint32_t B;
  std::memcpy(&B, &F, sizeof B);
  return B;
}

/// fmaf(x, Hi, x * Lo) == x / C, bit for bit, for all 2^23 floats of [1, 2).
bool splitHolds(float C, ReciprocalSplit S) {
  for (uint32_t M = 0; M < (1u << 23); ++M) {
    const float X = floatFromBits(0x3f800000u | M);
    // volatile: the host compiler must not contract or reassociate.
    volatile float Low = X * S.Lo;
    if (bitsOf(std::fmaf(X, S.Hi, Low)) != bitsOf(X / C))
      return false;
  }
  return true;
}

std::optional<ReciprocalSplit> computeSplit(float C) {
  int Exp = 0;
  if (!std::isnormal(C) || std::fabs(std::frexp(C, &Exp)) == 0.5f)
    return std::nullopt;
  // 1/C to 64 bits (x87 extended, or double's 53 where long double is
  // double); Hi - Exact is exact in it (Sterbenz), so Lo is Exact - Hi
  // rounded once to float.
  const long double Exact = 1.0L / (long double)C;
  const float Nearest = float(Exact);
  if (!std::isnormal(Nearest))
    return std::nullopt;
  for (float Hi : {Nearest, std::nextafterf(Nearest, 0.0f)}) {
    const float Lo = float(Exact - (long double)Hi);
    if (Lo == 0 || std::signbit(Lo) != std::signbit(Hi) || !std::isnormal(Lo))
      continue;
    ReciprocalSplit S{Hi, Lo};
    if (splitHolds(C, S))
      return S;
  }
  return std::nullopt;
}

} // namespace

std::optional<ReciprocalSplit> splitReciprocal(float C) {
  static std::mutex Lock;
  static std::map<uint32_t, std::optional<ReciprocalSplit>> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, New] = Known.try_emplace(bitsOf(C));
  if (New)
    It->second = computeSplit(C);
  return It->second;
}

} // namespace stencilcc
