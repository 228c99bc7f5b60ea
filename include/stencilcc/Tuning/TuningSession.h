//===- Tuning/TuningSession.h - Empirical plan search -----------*- C++ -*-===//
//
// The two halves of `--tune`, which may run on different machines (a GPU
// node often lacks Clang):
//
//  - writeTuningDirectory (--tune-emit DIR): per region, the candidates of
//    tuningCandidates() as self-checking programs (--emit-test, which also
//    time with --time), a manifest for the runner (candidates.tsv), one
//    for the ingest (tune.json) and the runner itself (run.sh);
//  - ingestTuningResults (--tune-ingest DIR): reads the runner's
//    results.tsv and, per region, caches the fastest candidate that passed
//    the CPU-reference check, after checking that the input still has the
//    fingerprints it was tuned for and that the plan still builds.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TUNING_TUNINGSESSION_H
#define STENCILCC_TUNING_TUNINGSESSION_H

#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Planner/StageTuningCandidates.h"
#include "stencilcc/Planner/TuningCandidates.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace stencilcc {

struct TuningRegion {
  const StencilProgram *Program = nullptr;
  /// A single-update region's analysis and candidates; null for a
  /// stage-form region, which has Stage and StageCandidates instead.
  const StencilAnalysis *Analysis = nullptr;
  std::vector<TuningCandidate> Candidates;
  const StageAnalysis *Stage = nullptr;
  std::vector<StageTuningCandidate> StageCandidates;
  ElementType Element = ElementType::Float;
  std::string Fingerprint;
  std::string Shape; ///< ShapeKey.h
  /// The nearest-shape rule's key and operations (single-update only).
  std::string Family, Operations;
  int64_t TimedSize = 0; ///< the n of the timed runs
  size_t candidateCount() const {
    return Stage ? StageCandidates.size() : Candidates.size();
  }
};

struct TuningSettings {
  std::string InputFile;
  std::string Source;                ///< the input's text
  std::vector<std::string> Defines;  ///< -D given to stencilcc
  /// Headers the input includes from its own directory or a -I directory:
  /// (path here, path relative to that directory). The directory gets a
  /// copy of each at the relative path, so its programs build where the
  /// input's tree is not (run.sh adds -I DIR).
  std::vector<std::pair<std::string, std::string>> LocalHeaders;
  /// The input's C-to-C++ edits (Frontend/CxxCompatibility.h).
  std::vector<SourceEdit> CxxEdits;
  unsigned Steps = 100;              ///< time steps of a timed run
  const GpuParameters *Gpu = nullptr; ///< the model's GPU
};

/// Writes \p Dir (created if needed): `r<K>-c<I>.cu` per candidate, with
/// every other region at its \p Defaults plan; candidates.tsv; tune.json;
/// tune.env; run.sh (executable); a copy of each of the input's local
/// headers.
llvm::Error writeTuningDirectory(llvm::StringRef Dir,
                                 const TuningSettings &Settings,
                                 const std::vector<RegionToEmit> &Defaults,
                                 const std::vector<TuningRegion> &Regions);

/// Reads \p Dir's tune.json and results.tsv, prints per region what was
/// measured and chosen to \p OS, and adds each verified winner to
/// \p Cache. Returns the number of regions cached.
llvm::Expected<unsigned> ingestTuningResults(
    llvm::StringRef Dir, const std::vector<TuningRegion> &Regions,
    PlanCache &Cache, llvm::raw_ostream &OS);

} // namespace stencilcc

#endif
