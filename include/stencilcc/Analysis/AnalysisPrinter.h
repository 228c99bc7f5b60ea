//===- Analysis/AnalysisPrinter.h - `--analyze` output ----------*- C++ -*-===//
//
// The analysis of each region, as readable text and as JSON. The JSON is the
// contract between stencilcc and the tools around it (tests, the planner of
// a later stage, scripts): field names are stable and documented in
// docs/analysis-json.md.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_ANALYSIS_ANALYSISPRINTER_H
#define STENCILCC_ANALYSIS_ANALYSISPRINTER_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace stencilcc {

/// One region as a JSON object.
llvm::json::Object analysisToJSON(const StencilProgram &P,
                                  const StencilAnalysis &A);

/// One region as text; \p Index numbers regions from 0 in source order.
void printAnalysis(llvm::raw_ostream &OS, const StencilProgram &P,
                   const StencilAnalysis &A, unsigned Index);

} // namespace stencilcc

#endif
