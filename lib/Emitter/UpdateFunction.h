//===- Emitter/UpdateFunction.h - The cell update as a function -*- C++ -*-===//
//
// The update of one cell as a __device__ function that every kernel of a
// region calls, so all of them compute exactly the C expression: its
// parameters are the values the plan's layout holds (queue registers,
// exchange planes, neighbour registers, and with several rows per thread
// another row's own column). KernelEmitter.h declares the entry points;
// this header what the blocked kernel's writer also needs. Internal to
// lib/Emitter.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_UPDATEFUNCTION_H
#define STENCILCC_LIB_EMITTER_UPDATEFUNCTION_H

#include "stencilcc/Emitter/CarriedDifferences.h"
#include "stencilcc/Emitter/KernelEmitter.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace stencilcc {

/// The reads of row \p Row that another row's queue holds: (streaming
/// offset, row), in parameter order.
std::set<std::pair<int64_t, unsigned>> inThreadReads(const KernelContext &K,
                                                     unsigned Row);

/// The update function; with \p Row, row Row's of a thread of several
/// rows under SCR, whose reads of another row's own column are parameters;
/// with \p Carried, the one that takes those differences from the plane
/// before and passes them on (Emitter/CarriedDifferences.h).
std::string
updateFunction(const KernelContext &K, std::optional<unsigned> Row,
               const std::vector<CarriedDifference> *Carried = nullptr);

} // namespace stencilcc

#endif
