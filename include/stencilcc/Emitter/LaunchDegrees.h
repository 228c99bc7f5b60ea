//===- Emitter/LaunchDegrees.h - Kernels a plan compiles ------*- C++ -*-===//
//
// A blocked plan of degree bT runs its time loop as launches of bT steps
// and a tail of fewer. Compiling a kernel for every degree from 1 to bT
// made the tail cheap but the file expensive: the kernels are unrolled in
// time, so nvcc's (and the emulation's) work grew with bT^2 / 2, the
// tail's kernels most of it at bT 8-12, for a tail that runs once a run.
// The plan now compiles bT and the degrees 2^k - 1 below it (1, 3, 7): a
// tail runs as the largest of those that fit, so it takes at most one
// launch per binary digit of bT. Those degrees are odd, so the tail's
// launch count has the parity of its step count; each launch flips the
// two time levels' buffers, and where the C loop's parity asks for one
// launch more, one bT launch (bT even) runs as odd degrees instead
// (kernels-templates/launch-degrees.cu.in, the host side of the same rule).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_LAUNCHDEGREES_H
#define STENCILCC_EMITTER_LAUNCHDEGREES_H

#include <vector>

namespace stencilcc {

/// The degrees a blocked plan of degree \p Top compiles kernels for,
/// ascending: 1, 3, 7, ... below Top, then Top.
std::vector<unsigned> launchDegrees(unsigned Top);

} // namespace stencilcc

#endif
