//===- lib/Planner/PlanDatabase.cpp - Tuned plans built into stencilcc ----===//
#include "stencilcc/Planner/PlanDatabase.h"

#include "llvm/Support/ErrorHandling.h"

namespace stencilcc {

namespace {
#include "PlanDatabase.inc" // ShippedPlanDatabase: the JSON text
} // namespace

const PlanCache &builtInPlanDatabase() {
  static const PlanCache Database = [] {
    llvm::Expected<PlanCache> C =
        PlanCache::parse(ShippedPlanDatabase, "the built-in plan database");
    // The build checks the file (it is benchmarks/plan-cache.json, which
    // the tests load too): a broken one is a stencilcc bug.
    if (!C)
      llvm::report_fatal_error(C.takeError());
    return std::move(*C);
  }();
  return Database;
}

} // namespace stencilcc
