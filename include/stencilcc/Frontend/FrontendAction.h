//===- Frontend/FrontendAction.h - Run Clang over one input file -*- C++ -*-===//
//
// The entry point of the frontend: parses a C file with Clang (arguments
// from a compilation database, as every Clang tool does), finds its
// `#pragma scop` regions and hands each one's StencilProgram to a callback
// while the source manager is still alive, so later stages can report
// errors at source locations in Clang's format.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_FRONTEND_FRONTENDACTION_H
#define STENCILCC_FRONTEND_FRONTENDACTION_H

#include "stencilcc/IR/SourceEdit.h"
#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Support/Diagnostic.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace stencilcc {

/// Called once per region, in source order. \p Diags reports at source
/// locations of the file being parsed.
using RegionCallback =
    std::function<void(StencilProgram &Program, DiagnosticSink &Diags)>;

struct FrontendResult {
  bool Success = false;     ///< no error was reported by any stage
  unsigned NumRegions = 0;  ///< regions handed to the callback
  /// Every file the preprocessor read (the input first), for depfiles.
  std::vector<std::string> Dependencies;
  /// What makes the input's own text valid C++ where it is C
  /// (Frontend/CxxCompatibility.h), for the emitter.
  std::vector<SourceEdit> CxxEdits;
};

/// Parses \p File and runs \p OnRegion on each region. \p ExtraArgs are
/// appended to the database's command line (the user's -I/-D given to
/// stencilcc itself). Diagnostics are printed to \p DiagOS (with colors if
/// \p Colors).
FrontendResult runFrontend(const clang::tooling::CompilationDatabase &DB,
                           const std::string &File,
                           const std::vector<std::string> &ExtraArgs,
                           const RegionCallback &OnRegion,
                           llvm::raw_ostream &DiagOS, bool Colors = false);

/// The same with a fixed command line (`ClangArgs` as after `--`).
FrontendResult runFrontend(const std::string &File,
                           const std::vector<std::string> &ClangArgs,
                           const RegionCallback &OnRegion,
                           llvm::raw_ostream &DiagOS, bool Colors = false);

/// The same over \p Code, the text of \p File held in memory (\p File
/// need not exist; files it includes are read from disk): the fuzz target
/// (test/fuzz) parses each input this way.
FrontendResult runFrontendOnCode(const std::string &Code,
                                 const std::string &File,
                                 const std::vector<std::string> &ClangArgs,
                                 const RegionCallback &OnRegion,
                                 llvm::raw_ostream &DiagOS);

} // namespace stencilcc

#endif
