//===- fuzz/FrontendFuzzer.cpp - libFuzzer target over the frontend -------===//
//
// Each input is a C file. It goes the way `stencilcc input.c` takes it,
// up to the code it would write: the frontend (Clang, the regions, the
// extractors, the C++ compatibility edits), the analyses (stage analysis
// and the ping-pong form for regions of several statements, the isl
// analysis for single updates), the --analyze printers, and the planner's
// default plan (the performance model's choice, then makePlan, or
// makeStagePlan). The model's grid is 256 per dimension, as with
// `--grid=256x256`: at the benchmark sizes its count of blocks takes most
// of a second per region under the sanitizers. The emitter is left out:
// its strings of hundreds of KB per accepted region cost more than all the
// rest (docs/fuzzing.md), and the corpus tests run it on every accepted
// input at every plan family. Diagnostics are the expected answer to most
// inputs; a crash, a hang, a sanitizer report or an isl / LLVM abort is a
// finding (docs/fuzzing.md).
//
// STENCILCC_FUZZ_VERBOSE=1 prints each input's diagnostics (to reproduce a
// finding: `stencilcc-fuzz-frontend crash-<sha1>`).
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/AnalysisPrinter.h"
#include "stencilcc/Analysis/PingPongForm.h"
#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/Frontend/FrontendAction.h"
#include "stencilcc/Planner/DefaultPlan.h"
#include "stencilcc/Planner/PerformanceModel.h"
#include "stencilcc/Planner/StagePlan.h"
#include "stencilcc/Planner/StageTuningCandidates.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace stencilcc;

namespace {

/// Where the input is, for Clang: a file of no directory the fuzzer
/// writes to, held in memory.
const char *const InputPath = "/stencilcc-fuzz/input.c";

/// Clang's arguments: the seeds of benchmarks/stage include
/// "bench_common.h".
std::vector<std::string> clangArgs() {
  return {"-I" STENCILCC_SOURCE_DIR "/benchmarks/stage"};
}

bool verbose() {
  static const bool V = [] {
    const char *E = std::getenv("STENCILCC_FUZZ_VERBOSE");
    return E && *E && std::string(E) != "0";
  }();
  return V;
}

/// The driver's work on one region, with no option but --grid.
struct RegionCompiler {
  std::string Printed; // the --analyze text
  unsigned Index = 0;
  unsigned Planned = 0;

  void operator()(StencilProgram &P, DiagnosticSink &Diags) {
    llvm::raw_string_ostream OS(Printed);
    std::optional<StageAnalysis> SA;
    if (P.isStageForm()) {
      SA = analyzeStages(P, Diags);
      if (!SA)
        return;
      printStageAnalysis(OS, P, *SA, Index++);
      if (std::optional<StencilProgram> Q = pingPongAsSingleUpdate(P))
        P = std::move(*Q);
    }
    if (P.isStageForm()) {
      std::string Why;
      // None is an answer too: the region keeps its naive kernels.
      if (makeStagePlan(P, *SA, stagePlanRequest(PlanRequest(), SA->NumDims),
                        Why))
        ++Planned;
      return;
    }
    std::optional<StencilAnalysis> A = analyzeStencil(P, Diags);
    if (!A)
      return;
    printAnalysis(OS, P, *A, Index++);
    DefaultPlanChoice D = modelDefaultPlan(
        P, *A, modelInput(P, *A, std::vector<int64_t>(A->NumDims, 256)),
        *gpuParameters("h100"));
    // The naive kernel needs no blocked plan.
    if (D.Naive) {
      ++Planned;
      return;
    }
    std::string Error;
    if (!makePlan(P, *A, D.Request, Error)) {
      Diags.error(P.ScopLoc, "invalid plan for this region: " + Error);
      return;
    }
    ++Planned;
  }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Code(reinterpret_cast<const char *>(Data), Size);
  RegionCompiler C;
  std::string Diagnostics;
  llvm::raw_string_ostream DiagOS(Diagnostics);
  FrontendResult R = runFrontendOnCode(
      Code, InputPath, clangArgs(),
      [&](StencilProgram &P, DiagnosticSink &Diags) { C(P, Diags); }, DiagOS);
  if (verbose()) {
    DiagOS.flush();
    llvm::errs() << Diagnostics << "stencilcc-fuzz: " << R.NumRegions
                 << " region(s), " << C.Planned << " planned, "
                 << (R.Success ? "accepted" : "rejected") << "\n";
  }
  return 0;
}
