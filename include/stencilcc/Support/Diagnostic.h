//===- Support/Diagnostic.h - Located diagnostics across stages -*- C++ -*-===//
//
// Stages after the frontend (Analysis, Planner) must report errors at the
// offending source expression, in Clang's format, but must not depend on
// Clang's SourceManager. They report through a DiagnosticSink instead; the
// frontend implements the sink with Clang's DiagnosticsEngine, so every error
// prints as `file:line:col: error: ...` with the source line and a caret.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_SUPPORT_DIAGNOSTIC_H
#define STENCILCC_SUPPORT_DIAGNOSTIC_H

#include <string>
#include <vector>

namespace stencilcc {

/// A position in the input. `Raw` is an opaque handle the frontend can turn
/// back into a clang::SourceLocation (0 means "no location"); Line/Column are
/// the presumed (1-based) position for people and for JSON output.
struct SourceRef {
  unsigned Raw = 0;
  unsigned RawEnd = 0; ///< end of the highlighted range, 0 if none
  unsigned Line = 0;
  unsigned Column = 0;

  bool isValid() const { return Raw != 0; }
};

enum class DiagnosticSeverity { Error, Warning, Note };

struct Diagnostic {
  DiagnosticSeverity Severity = DiagnosticSeverity::Error;
  SourceRef Loc;
  std::string Message;
  /// Notes printed after the main message; a note without a location is
  /// attached to the main one.
  std::vector<std::pair<SourceRef, std::string>> Notes;
};

/// Where stages send diagnostics. Implementations count errors.
class DiagnosticSink {
public:
  virtual ~DiagnosticSink();
  virtual void report(const Diagnostic &D) = 0;
  virtual unsigned numErrors() const = 0;

  void error(SourceRef Loc, std::string Message, std::string Note = {});
  void warning(SourceRef Loc, std::string Message, std::string Note = {});
};

/// A sink that keeps diagnostics in memory (unit tests, and stages run
/// without a source file).
class CollectingDiagnosticSink : public DiagnosticSink {
public:
  void report(const Diagnostic &D) override;
  unsigned numErrors() const override { return Errors; }
  const std::vector<Diagnostic> &diagnostics() const { return Diags; }

private:
  std::vector<Diagnostic> Diags;
  unsigned Errors = 0;
};

} // namespace stencilcc

#endif
