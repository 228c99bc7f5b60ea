//===- Frontend/StencilExtractor.h - Clang AST to StencilProgram -*- C++ -*-===//
//
// Turns the statements of one `#pragma scop` region into a StencilProgram,
// checking the input contract of SPEC §1 on the way. Every construct outside
// the contract is reported at the offending expression with a note saying
// what would be accepted; the extractor never guesses.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_FRONTEND_STENCILEXTRACTOR_H
#define STENCILCC_FRONTEND_STENCILEXTRACTOR_H

#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Support/Diagnostic.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace stencilcc {

/// Where a region is: its markers and the top-level statements between
/// them, inside function \p Function.
struct ScopRegion {
  const clang::FunctionDecl *Function = nullptr;
  clang::SourceLocation Begin; ///< `#` of `#pragma scop`
  clang::SourceLocation End;   ///< `#` of `#pragma endscop`
  std::vector<const clang::Stmt *> Stmts;
};

/// Builds the StencilProgram of \p Region, or reports why it cannot and
/// returns nullopt.
std::optional<StencilProgram> extractStencilProgram(clang::ASTContext &Ctx,
                                                    const ScopRegion &Region,
                                                    DiagnosticSink &Diags);

/// The SourceRef of a Clang location (caret) and range (highlight).
SourceRef makeSourceRef(const clang::SourceManager &SM,
                        clang::SourceLocation Loc,
                        clang::SourceRange Range = {});

} // namespace stencilcc

#endif
