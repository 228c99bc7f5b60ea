//===- Planner/PlanCache.h - Tuned plans, stored ----------------*- C++ -*-===//
//
// The plan cache: for each stencil the tuner (--tune, --tune-ingest) timed
// on a GPU, the fastest plan that also passed the CPU-reference check,
// keyed by what makes that choice valid elsewhere: the stencil's
// fingerprint, its element type, the GPU and the nvcc that compiled the
// candidates. A later stencilcc run reads it with --plan-cache, without a
// GPU, and compiles the cached plan where the command line gives no plan
// options. The file is JSON (llvm::json), one object per entry; the
// format is docs/tuning.md's.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_PLANCACHE_H
#define STENCILCC_PLANNER_PLANCACHE_H

#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace stencilcc {

/// A stable name for what a region computes: its dimensions, element
/// type, time levels, loop bounds, array extents and update, as text, then
/// SHA-1 (16 hex digits). Line numbers, the function's name and the
/// surrounding code do not enter it; renaming the array or a scalar does.
std::string stencilFingerprint(const StencilProgram &P,
                               const StencilAnalysis &A);

/// The same for a stage-form region (several statements, arrays or
/// levels): dimensions, element type, time loop, every array (name, role,
/// levels, extents) and every statement (array and level written, loop
/// bounds, right-hand side), as text, then SHA-1. Prefixed "stage-" so
/// that no single-update fingerprint equals one.
std::string stageFingerprint(const StencilProgram &P, const StageAnalysis &A);

/// The --gpu key of a device name ("NVIDIA H100 80GB HBM3" -> "h100");
/// other names map to themselves, lower-cased.
std::string gpuKeyForName(llvm::StringRef Name);

struct PlanCacheEntry {
  std::string Fingerprint;
  /// The region's shape key (ShapeKey.h); empty in entries written before
  /// shapes were recorded (they match by fingerprint only).
  std::string Shape;
  /// The shape less its operations, and the operations (ShapeKey.h): the
  /// nearest-shape rule's key; empty in older entries and for stage-form
  /// regions.
  std::string Family;
  std::string Operations;
  std::string Element;   ///< "float" / "double"
  std::string Gpu;       ///< device name, as nvidia-smi prints it
  std::string Nvcc;      ///< nvcc release, e.g. "13.0"
  std::string Flags;     ///< plan options that rebuild the plan
  std::string Summary;   ///< the plan's summary line, for people
  std::string Stencil;   ///< "file:function", for people
  double MeasuredGCells = 0;
  double PredictedGCells = 0;
  std::string Size;      ///< "n=16384 steps=100" the candidates ran at
  std::string Date;      ///< when it was ingested (UTC)
};

class PlanCache {
public:
  /// Reads \p Path; a file that does not exist is an empty cache when
  /// \p MayBeMissing, an error otherwise.
  static llvm::Expected<PlanCache> load(llvm::StringRef Path,
                                        bool MayBeMissing);
  /// The same from the text of such a file (\p Path names it in errors).
  static llvm::Expected<PlanCache> parse(llvm::StringRef Text,
                                         llvm::StringRef Path);
  /// Writes the cache to \p Path atomically (temporary file, rename).
  llvm::Error save(llvm::StringRef Path) const;

  /// The entry for a region: same fingerprint and element type, or where
  /// no entry has the fingerprint, the first entry (in file order) of the
  /// same shape key \p Shape and element type (\p ByShape set then), on
  /// the GPU \p GpuKey names (any GPU when empty, if the cache knows only
  /// one for this stencil). An entry tuned with the same nvcc as \p Nvcc
  /// is preferred; another is used with \p Note saying so. None: \p Note
  /// says why when there were entries that did not match.
  const PlanCacheEntry *lookup(llvm::StringRef Fingerprint,
                               llvm::StringRef Shape, llvm::StringRef Element,
                               llvm::StringRef GpuKey, llvm::StringRef Nvcc,
                               std::string &Note,
                               bool *ByShape = nullptr) const;

  /// The nearest-shape rule, where lookup finds nothing: among the
  /// entries of the same shape family \p Family (the same dimensions,
  /// element type, levels and reads) and element type, the stencil whose
  /// operation mix is nearest \p Operations (operationMixDistance; the
  /// first in the file on a tie), its entry chosen by GPU and nvcc as in
  /// lookup. \p Distance gets the distance.
  const PlanCacheEntry *nearest(llvm::StringRef Family,
                                llvm::StringRef Operations,
                                llvm::StringRef Element, llvm::StringRef GpuKey,
                                llvm::StringRef Nvcc, std::string &Note,
                                unsigned *Distance = nullptr) const;

  /// Adds \p E, replacing an entry of the same key.
  void insert(PlanCacheEntry E);

  const std::vector<PlanCacheEntry> &entries() const { return Entries; }

private:
  std::vector<PlanCacheEntry> Entries;
  /// One stencil's entries \p Same: the one for the GPU and nvcc.
  const PlanCacheEntry *choose(const std::vector<const PlanCacheEntry *> &Same,
                               llvm::StringRef GpuKey, llvm::StringRef Nvcc,
                               std::string &Note) const;
};

} // namespace stencilcc

#endif
