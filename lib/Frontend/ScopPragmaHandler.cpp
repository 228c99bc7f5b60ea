//===- Frontend/ScopPragmaHandler.cpp -------------------------------------===//
#include "stencilcc/Frontend/ScopPragmaHandler.h"

#include "clang/Basic/DiagnosticLex.h"
#include "clang/Lex/Preprocessor.h"

namespace stencilcc {

ScopPragmaHandler::ScopPragmaHandler(bool IsBegin,
                                     std::vector<ScopMarker> &Markers)
    : clang::PragmaHandler(IsBegin ? "scop" : "endscop"), IsBegin(IsBegin),
      Markers(Markers) {}

void ScopPragmaHandler::HandlePragma(clang::Preprocessor &PP,
                                     clang::PragmaIntroducer Intro,
                                     clang::Token &FirstToken) {
  Markers.push_back({Intro.Loc, IsBegin});
  // The markers take no arguments; anything after them is ignored the way
  // other tools of the polyhedral ecosystem ignore it, but said.
  clang::Token Tok;
  PP.Lex(Tok);
  if (Tok.isNot(clang::tok::eod)) {
    PP.Diag(Tok, clang::diag::ext_pp_extra_tokens_at_eol)
        << (IsBegin ? "pragma scop" : "pragma endscop");
    while (Tok.isNot(clang::tok::eod))
      PP.Lex(Tok);
  }
}

} // namespace stencilcc
