//===- Emitter/CircularQueueLayout.h - Where each queued value lives -*- C++ -*-===//
//
// Each of the bT levels in flight keeps the last QueueLength planes it made,
// plane x of level L in slot (x mod QueueLength): a fixed assignment, so a
// value is never copied from slot to slot, and with the steady state
// unrolled over the queue period every slot index is a constant. A slot is
// a named register or, for the plan's SharedSlots, a per-thread location in
// shared memory (paper 000's hybrid queue). The emitter asks this layout for
// the C expression naming a slot; it never decides placement itself.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_CIRCULARQUEUELAYOUT_H
#define STENCILCC_EMITTER_CIRCULARQUEUELAYOUT_H

#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <string>
#include <utility>

namespace stencilcc {

class CircularQueueLayout {
public:
  /// \p Suffix tells apart the queues of a thread's rows
  /// (--rows-per-thread): q0_1_r1 is row 1's.
  CircularQueueLayout(const TemporalBlockingPlan &Plan, unsigned Levels,
                      std::string Suffix = "")
      : Plan(Plan), Levels(Levels), Suffix(std::move(Suffix)) {}

  unsigned length() const { return Plan.QueueLength; }
  /// Slot of plane \p RelPlane (relative to the first plane the block loads)
  /// at level \p Level.
  unsigned slotOf(int64_t RelPlane) const;
  /// The C lvalue naming slot \p Slot of level \p Level.
  std::string slot(unsigned Level, unsigned Slot) const;
  /// The register holding, for plane slot \p Slot, the boundary value that
  /// level 1 reads (the other buffer's initial content).
  std::string boundarySlot(unsigned Slot) const;
  /// Declarations of the register slots, one line per level.
  std::string registerDeclarations(const std::string &ElemType) const;
  /// Queue slots placed in shared memory for \p Levels levels.
  unsigned sharedSlots() const;

private:
  const TemporalBlockingPlan &Plan;
  unsigned Levels; ///< levels with a queue: the kernel's degree
  std::string Suffix;
  bool inShared(unsigned Level, unsigned Slot) const;
  unsigned sharedIndex(unsigned Level, unsigned Slot) const;
};

} // namespace stencilcc

#endif
