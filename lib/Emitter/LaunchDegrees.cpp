//===- Emitter/LaunchDegrees.cpp - Which blocked kernels a plan compiles --===//
#include "stencilcc/Emitter/LaunchDegrees.h"

namespace stencilcc {

std::vector<unsigned> launchDegrees(unsigned Top) {
  std::vector<unsigned> Degrees;
  for (unsigned D = 1; D < Top; D = 2 * D + 1)
    Degrees.push_back(D);
  Degrees.push_back(Top);
  return Degrees;
}

} // namespace stencilcc
