//===- Support/Diagnostic.cpp ---------------------------------------------===//
#include "stencilcc/Support/Diagnostic.h"

namespace stencilcc {

DiagnosticSink::~DiagnosticSink() = default;

static Diagnostic make(DiagnosticSeverity S, SourceRef Loc, std::string Msg,
                       std::string Note) {
  Diagnostic D;
  D.Severity = S;
  D.Loc = Loc;
  D.Message = std::move(Msg);
  if (!Note.empty())
    D.Notes.emplace_back(SourceRef(), std::move(Note));
  return D;
}

void DiagnosticSink::error(SourceRef Loc, std::string Message,
                           std::string Note) {
  report(make(DiagnosticSeverity::Error, Loc, std::move(Message),
              std::move(Note)));
}

void DiagnosticSink::warning(SourceRef Loc, std::string Message,
                             std::string Note) {
  report(make(DiagnosticSeverity::Warning, Loc, std::move(Message),
              std::move(Note)));
}

void CollectingDiagnosticSink::report(const Diagnostic &D) {
  if (D.Severity == DiagnosticSeverity::Error)
    ++Errors;
  Diags.push_back(D);
}

} // namespace stencilcc
