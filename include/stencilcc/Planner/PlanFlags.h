//===- Planner/PlanFlags.h - Plan options as text ---------------*- C++ -*-===//
//
// The plan options (`--bt=4 --bs=32x32 --exchange=cached ...`) read back
// from text, so that a plan stored by the tuner (the plan cache, the
// tuning manifest) rebuilds through makePlan exactly as the same options
// on stencilcc's command line would. planFlags() (PerformanceModel.h)
// writes the text this reads.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_PLANFLAGS_H
#define STENCILCC_PLANNER_PLANFLAGS_H

#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace stencilcc {

/// Parses space-separated plan options into \p Request. Every option of
/// docs/plans.md is accepted in its `--name=value` form (and `--naive`,
/// which sets \p Naive); anything else is an error described in \p Error.
bool parsePlanFlags(llvm::StringRef Flags, PlanRequest &Request, bool &Naive,
                    std::string &Error);

} // namespace stencilcc

#endif
