//===- FloatBits.h - Bit patterns of floating values, for the tests -------===//
//
// The helpers of the emitted arithmetic (kernels-templates/) are checked
// bit for bit against the host's IEEE operations; these name the bits.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TEST_UNIT_FLOATBITS_H
#define STENCILCC_TEST_UNIT_FLOATBITS_H

#include <cstdint>
#include <cstring>

namespace stencilcc::test {

inline uint32_t bitsOf(float F) {
  uint32_t B;
  std::memcpy(&B, &F, sizeof B);
  return B;
}
inline uint64_t bitsOf(double D) {
  uint64_t B;
  std::memcpy(&B, &D, sizeof B);
  return B;
}
inline float floatOf(uint32_t B) {
  float F;
  std::memcpy(&F, &B, sizeof F);
  return F;
}

} // namespace stencilcc::test

#endif
