//===- stencilcc/CachedPlanLookup.cpp -------------------------------------===//
#include "CachedPlanLookup.h"

#include "stencilcc/Planner/PlanDatabase.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#include <optional>

using namespace llvm;

namespace stencilcc {

namespace {

/// Which plan cache entry gave a region's plan, for its banner and
/// --plan-only: the cache, \p Match (how the entry matched), the GPU and
/// nvcc.
std::string cacheOrigin(const PlanCacheEntry &E, const std::string &Match,
                        bool BuiltIn) {
  return std::string(BuiltIn ? "stencilcc's built-in database of tuned "
                               "plans: "
                             : "the plan cache: ") +
         Match + ", " + E.Gpu + ", nvcc " + E.Nvcc;
}

std::string exactMatch(const PlanCacheEntry &E, bool ByShape) {
  return ByShape ? "the plan tuned on " + E.Stencil +
                       ", a stencil of the same shape (" + E.Shape + ")"
                 : "the plan tuned on this stencil (" + E.Fingerprint + ")";
}

} // namespace

std::string localNvccVersion() {
  static std::optional<std::string> Cached;
  if (Cached)
    return *Cached;
  Cached = "";
  ErrorOr<std::string> Found = sys::findProgramByName("nvcc");
  std::string Nvcc = Found ? *Found : "/usr/local/cuda/bin/nvcc";
  if (!sys::fs::can_execute(Nvcc))
    return *Cached;
  SmallString<128> Out;
  if (sys::fs::createTemporaryFile("stencilcc-nvcc", "txt", Out))
    return *Cached;
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out),
                                          StringRef(Out)};
  int RC = sys::ExecuteAndWait(Nvcc, {Nvcc, "--version"}, std::nullopt,
                               Redirects, /*SecondsToWait=*/60);
  auto Text = MemoryBuffer::getFile(Out);
  sys::fs::remove(Out);
  if (RC != 0 || !Text)
    return *Cached;
  StringRef T = (*Text)->getBuffer();
  size_t At = T.find("release ");
  if (At != StringRef::npos)
    Cached = T.substr(At + 8).take_until([](char C) { return C == ','; }).str();
  return *Cached;
}

const PlanCacheEntry *CachedPlanLookup::lookup(StringRef Fingerprint,
                                               StringRef Shape,
                                               StringRef Element,
                                               std::string &Note,
                                               std::string &Origin) const {
  bool ByShape = false;
  if (Cache)
    if (const PlanCacheEntry *E =
            Cache->lookup(Fingerprint, Shape, Element, GpuKey,
                          localNvccVersion(), Note, &ByShape)) {
      Origin = cacheOrigin(*E, exactMatch(*E, ByShape), false);
      return E;
    }
  if (!UseBuiltIn)
    return nullptr;
  std::string DatabaseNote;
  const PlanCacheEntry *E =
      builtInPlanDatabase().lookup(Fingerprint, Shape, Element, GpuKey,
                                   localNvccVersion(), DatabaseNote, &ByShape);
  if (!E)
    return nullptr;
  Note.clear();
  Origin = cacheOrigin(*E, exactMatch(*E, ByShape), true);
  return E;
}

const PlanCacheEntry *CachedPlanLookup::nearest(StringRef Family,
                                                StringRef Operations,
                                                StringRef Element,
                                                std::string &Origin) const {
  // The rule's misses and GPU notes say nothing: it is a fallback of a
  // fallback, and the model decides where it finds nothing.
  std::string Note;
  unsigned Distance = 0;
  auto Describe = [&](const PlanCacheEntry &E, bool BuiltIn) {
    return cacheOrigin(E,
                       "the plan tuned on " + E.Stencil +
                           ", the nearest shape (the same reads, " +
                           std::to_string(Distance) +
                           (Distance == 1 ? " operation" : " operations") +
                           " apart; " + E.Family + ")",
                       BuiltIn);
  };
  if (Cache)
    if (const PlanCacheEntry *E =
            Cache->nearest(Family, Operations, Element, GpuKey,
                           localNvccVersion(), Note, &Distance)) {
      Origin = Describe(*E, false);
      return E;
    }
  if (!UseBuiltIn)
    return nullptr;
  const PlanCacheEntry *E = builtInPlanDatabase().nearest(
      Family, Operations, Element, GpuKey, localNvccVersion(), Note, &Distance);
  if (E)
    Origin = Describe(*E, true);
  return E;
}

} // namespace stencilcc
