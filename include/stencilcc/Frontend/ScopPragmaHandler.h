//===- Frontend/ScopPragmaHandler.h - Find #pragma scop regions -*- C++ -*-===//
//
// Clang drops pragmas it does not know before building the AST, so the
// markers of a stencil region would be lost. ScopPragmaHandler registers
// `#pragma scop` and `#pragma endscop` with the preprocessor and records
// where each appeared; pairing them into regions happens after parsing,
// against the AST (see StencilExtractor.h).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_FRONTEND_SCOPPRAGMAHANDLER_H
#define STENCILCC_FRONTEND_SCOPPRAGMAHANDLER_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Pragma.h"

#include <vector>

namespace stencilcc {

/// One scop marker: where its `#` stands and whether it opens a region.
struct ScopMarker {
  clang::SourceLocation Loc;
  bool IsBegin;
};

class ScopPragmaHandler : public clang::PragmaHandler {
public:
  /// \p IsBegin selects `scop` or `endscop`; both handlers append to
  /// \p Markers so that their relative order is kept.
  ScopPragmaHandler(bool IsBegin, std::vector<ScopMarker> &Markers);
  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Intro,
                    clang::Token &FirstToken) override;

private:
  bool IsBegin;
  std::vector<ScopMarker> &Markers;
};

} // namespace stencilcc

#endif
