//===- Emitter/CircularQueueLayout.cpp ------------------------------------===//
#include "stencilcc/Emitter/CircularQueueLayout.h"

namespace stencilcc {

unsigned CircularQueueLayout::slotOf(int64_t RelPlane) const {
  int64_t W = Plan.QueueLength;
  return unsigned(((RelPlane % W) + W) % W);
}

// Placement counts from the last slot of the last level backwards, so a
// kernel of lower degree (remainder steps) keeps the same proportion in
// registers and the plan's NS applies to each kernel it instantiates.
bool CircularQueueLayout::inShared(unsigned Level, unsigned Slot) const {
  unsigned Total = Levels * Plan.QueueLength;
  unsigned Index = Level * Plan.QueueLength + Slot;
  return Index + sharedSlots() >= Total;
}

unsigned CircularQueueLayout::sharedSlots() const {
  unsigned Total = Levels * Plan.QueueLength;
  return Plan.SharedSlots < Total ? Plan.SharedSlots : Total;
}

unsigned CircularQueueLayout::sharedIndex(unsigned Level,
                                          unsigned Slot) const {
  unsigned Total = Levels * Plan.QueueLength;
  return Level * Plan.QueueLength + Slot - (Total - sharedSlots());
}

std::string CircularQueueLayout::slot(unsigned Level, unsigned Slot) const {
  if (inShared(Level, Slot))
    return "queue_smem[" + std::to_string(sharedIndex(Level, Slot)) +
           " * kThreads + tid]";
  return "q" + std::to_string(Level) + "_" + std::to_string(Slot) + Suffix;
}

std::string CircularQueueLayout::boundarySlot(unsigned Slot) const {
  return "b_" + std::to_string(Slot) + Suffix;
}

std::string
CircularQueueLayout::registerDeclarations(const std::string &Elem) const {
  std::string S;
  if (Levels > 1) { // level 1 is the last of one level: it keeps none
    std::string Line;
    for (unsigned K = 0; K < Plan.QueueLength; ++K)
      Line += (Line.empty() ? "" : ", ") + boundarySlot(K) + " = 0";
    S += "  " + Elem + " " + Line + ";\n";
  }
  for (unsigned L = 0; L < Levels; ++L) {
    std::string Line;
    for (unsigned K = 0; K < Plan.QueueLength; ++K)
      if (!inShared(L, K))
        Line += (Line.empty() ? "" : ", ") + slot(L, K) + " = 0";
    if (!Line.empty())
      S += "  " + Elem + " " + Line + ";\n";
  }
  return S;
}

} // namespace stencilcc
