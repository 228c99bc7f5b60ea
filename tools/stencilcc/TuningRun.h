//===- stencilcc/TuningRun.h - The tuner after the frontend -----*- C++ -*-===//
//
// --tune-emit, --tune-ingest and --tune once the regions are planned:
// write the candidates, run them (--tune), cache the verified winners.
// Apart from main() because it is a run of its own, with its own files
// (the candidates' directory, the runner, the cache) and its own
// failures, and shares nothing with writing the output but the regions.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_TOOLS_TUNINGRUN_H
#define STENCILCC_TOOLS_TUNINGRUN_H

#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/IR/SourceEdit.h"
#include "stencilcc/Planner/PerformanceModel.h"
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Tuning/TuningSession.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// The command line as the tuner needs it.
struct TuningRunOptions {
  std::string InputFile;
  std::vector<std::string> IncludeDirs; ///< -I, where local headers are
  std::string PlanCacheFile;
  bool Tune = false;
  std::string EmitDir;   ///< --tune-emit
  std::string IngestDir; ///< --tune-ingest
  std::string TuneDir;   ///< --tune-dir; empty: a temporary one
  std::string Emulate;   ///< --tune-emulate
  unsigned Steps = 100;  ///< --tune-steps
};

/// Tunes \p Regions (\p Defaults: the plans they compile untuned) of the
/// input, compiled with \p Extra, on \p G; \p Read is every file the
/// preprocessor read. Ingested plans go to \p Cache (loaded from
/// PlanCacheFile, which --tune and --tune-ingest need) and its file. The
/// error says why a step failed, after any report on standard output.
llvm::Error runTuning(const TuningRunOptions &O,
                      const std::vector<RegionToEmit> &Defaults,
                      const std::vector<TuningRegion> &Regions,
                      const std::vector<std::string> &Extra,
                      const GpuParameters &G, std::optional<PlanCache> &Cache,
                      const std::vector<std::string> &Read,
                      const std::vector<SourceEdit> &CxxEdits);

} // namespace stencilcc

#endif
