//===- stencilcc/CachedPlanLookup.h - A region's cached plan ----*- C++ -*-===//
//
// Where the plan of a region without plan options comes from when it is
// not the model's: the --plan-cache file, else stencilcc's built-in
// database of tuned plans. Kept apart from the per-region handling so
// that stage-form and single-update regions, compiled or tuned, ask the
// same question the same way, and the order of the two sources and the
// wording of the banner's origin live in one place.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TOOLS_CACHEDPLANLOOKUP_H
#define STENCILCC_TOOLS_CACHEDPLANLOOKUP_H

#include "stencilcc/Planner/PlanCache.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace stencilcc {

/// The release of the nvcc on this machine ("13.0"), or "" without one:
/// part of a plan cache entry's key. Runs nvcc once per process.
std::string localNvccVersion();

class CachedPlanLookup {
public:
  /// \p Cache is the --plan-cache file's (null without one); the built-in
  /// database is consulted only with \p UseBuiltIn (not for
  /// --plan-cache=none). An entry is for one GPU: \p GpuKey names it, or
  /// "" for any GPU the cache knows the stencil for, if only one.
  CachedPlanLookup(const PlanCache *Cache, bool UseBuiltIn, std::string GpuKey)
      : Cache(Cache), UseBuiltIn(UseBuiltIn), GpuKey(std::move(GpuKey)) {}

  /// The cached plan of a region, with \p Origin saying which entry (for
  /// the region's banner and --plan-only), or null. \p Note says why the
  /// cache file's entries did not do, or that the entry was tuned with
  /// another nvcc; the built-in database's misses say nothing, since it
  /// is no promise.
  const PlanCacheEntry *lookup(llvm::StringRef Fingerprint,
                               llvm::StringRef Shape, llvm::StringRef Element,
                               std::string &Note, std::string &Origin) const;

  /// The nearest-shape rule (PlanCache::nearest), where lookup found
  /// nothing: the --plan-cache file's entries first, then the built-in
  /// database's. \p Origin says which entry and how near.
  const PlanCacheEntry *nearest(llvm::StringRef Family,
                                llvm::StringRef Operations,
                                llvm::StringRef Element,
                                std::string &Origin) const;

private:
  const PlanCache *Cache;
  bool UseBuiltIn;
  std::string GpuKey;
};

} // namespace stencilcc

#endif
