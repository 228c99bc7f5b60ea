//===- unit/TestUtil.h - Running the frontend from tests --------*- C++ -*-===//
#ifndef STENCILCC_TEST_TESTUTIL_H
#define STENCILCC_TEST_TESTUTIL_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/Frontend/FrontendAction.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace stencilcc::test {

struct AnalyzedRegion {
  StencilProgram Program;
  std::optional<StencilAnalysis> Analysis;
};

struct FileResult {
  bool Success = false;
  std::vector<AnalyzedRegion> Regions;
  std::string Diagnostics;
};

/// Frontend + analysis over a file, as the driver runs them.
inline FileResult analyzeFile(const std::string &Path,
                              const std::vector<std::string> &Args = {}) {
  FileResult R;
  llvm::raw_string_ostream OS(R.Diagnostics);
  FrontendResult F = runFrontend(
      Path, Args,
      [&](StencilProgram &P, DiagnosticSink &Diags) {
        AnalyzedRegion A;
        // Stage-form regions have their own analysis (StageAnalysisTest).
        if (!P.isStageForm())
          A.Analysis = analyzeStencil(P, Diags);
        A.Program = std::move(P);
        R.Regions.push_back(std::move(A));
      },
      OS);
  OS.flush();
  R.Success = F.Success;
  return R;
}

/// The same over source text, written to a temporary .c file.
inline FileResult analyzeSource(const std::string &Source,
                                const std::vector<std::string> &Args = {}) {
  llvm::SmallString<128> Path;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("stencilcc-test", "c", FD, Path))
    return {};
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Source;
  }
  FileResult R = analyzeFile(std::string(Path), Args);
  llvm::sys::fs::remove(Path);
  return R;
}

} // namespace stencilcc::test

#endif
