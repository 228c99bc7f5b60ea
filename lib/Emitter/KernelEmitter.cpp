//===- Emitter/KernelEmitter.cpp - CUDA kernels of one region -------------===//
//
// The entry points of KernelEmitter.h that are not a kernel writer of
// their own (UpdateFunction.cpp, BlockedKernelWriter.cpp, NaiveKernel.cpp):
// the names the kernels share, the blocked kernels' shared memory, and the
// update that carries differences along the stream.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/KernelEmitter.h"
#include "BlockedKernelWriter.h"
#include "KernelLayout.h"
#include "UpdateFunction.h"
#include "stencilcc/Emitter/LaunchDegrees.h"
#include "stencilcc/Planner/ExchangeModel.h"

namespace stencilcc {

std::string offsetTag(int64_t O) {
  if (O == 0)
    return "0";
  return (O < 0 ? "m" : "p") + std::to_string(O < 0 ? -O : O);
}

// Inside generated functions a scalar is s_<name>: the user's names must
// not collide with the kernel's own (a scalar called `c` or `tid`).
std::string scalarParams(const StencilProgram &P) {
  std::string S;
  for (const auto &[Name, T] : P.rhsScalars())
    S += std::string(", const ") + scalarTypeName(T) + " s_" + Name;
  return S;
}

std::string scalarArgs(const StencilProgram &P) {
  std::string S;
  for (const auto &[Name, T] : P.rhsScalars())
    S += ", s_" + Name;
  return S;
}

std::string inPlaneTag(const std::vector<int64_t> &V) {
  std::string S;
  for (int64_t X : V)
    S += (S.empty() ? "" : "_") + offsetTag(X);
  return S;
}

uint64_t blockedKernelSharedBytes(const TemporalBlockingPlan &Plan,
                                  unsigned Degree) {
  CircularQueueLayout Q(Plan, Degree);
  uint64_t Elems = uint64_t(exchangeShape(Plan, Degree).Planes) *
                       planeElements(Plan) +
                   uint64_t(Q.sharedSlots()) * Plan.threadsPerBlock();
  Elems += uint64_t(Plan.AsyncRing) * (Plan.StagedExchange
                                           ? uint64_t(planeElements(Plan))
                                           : Plan.cellsPerBlock());
  return Elems * elementTypeSize(Plan.Element);
}

std::string emitCarriedUpdateFunction(const KernelContext &K) {
  // Only where some kernel of the plan carries (nvcc warns of an unused
  // function); every kernel that does carries the same differences.
  for (unsigned D : launchDegrees(K.Plan.TemporalDegree)) {
    BlockedKernelWriter W(K, D);
    if (!W.carried().empty())
      return updateFunction(K, std::nullopt, &W.carried());
  }
  return std::string();
}

bool kernelsTakeSegmentParts(const KernelContext &K, bool Naive) {
  return K.SegmentParts && !Naive && !K.Plan.StreamSumRows &&
         launchesRunPartOfTheirRows(K.Plan, Naive);
}

std::string segmentPartParams(const KernelContext &K) {
  return kernelsTakeSegmentParts(K, false)
             ? ", const int part, const int part_top, const int part_bottom"
             : "";
}

std::string emitBlockedKernel(const KernelContext &K, unsigned Degree) {
  return BlockedKernelWriter(K, Degree).write();
}

} // namespace stencilcc
