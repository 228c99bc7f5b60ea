//===- Planner/PlanDatabase.h - Tuned plans built into stencilcc -*- C++ -*-===//
//
// The database of tuned plans that ships inside stencilcc: the plan cache
// the project tuned on its benchmark stencils (benchmarks/plan-cache.json,
// compiled in), each entry with its shape key (ShapeKey.h). A region
// without plan options compiles the plan of the entry of its shape, as it
// would with that file as --plan-cache, without a GPU and without tuning;
// `--plan-cache=none` switches it off (docs/tuning.md).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_PLANDATABASE_H
#define STENCILCC_PLANNER_PLANDATABASE_H

#include "stencilcc/Planner/PlanCache.h"

namespace stencilcc {

/// The built-in database, parsed once.
const PlanCache &builtInPlanDatabase();

} // namespace stencilcc

#endif
