//===- Frontend/FrontendAction.cpp - Run Clang over one input file --------===//
//
// Regions are paired and located after the whole translation unit is
// parsed: pragmas arrive during lexing, before the statements they enclose
// exist. A file with syntax errors is not looked at further; Clang has
// already said what is wrong with it.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Frontend/FrontendAction.h"
#include "stencilcc/Frontend/CxxCompatibility.h"
#include "stencilcc/Frontend/ScopPragmaHandler.h"
#include "stencilcc/Frontend/StencilExtractor.h"
#include "stencilcc/Support/Config.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;

namespace stencilcc {
namespace {

/// Reports stage diagnostics through Clang, so they print exactly like
/// Clang's own (file:line:col, source line, caret, range highlight).
class ClangDiagnosticSink : public DiagnosticSink {
public:
  explicit ClangDiagnosticSink(DiagnosticsEngine &DE) : DE(DE) {}

  void report(const Diagnostic &D) override {
    DiagnosticsEngine::Level L = D.Severity == DiagnosticSeverity::Error
                                     ? DiagnosticsEngine::Error
                                 : D.Severity == DiagnosticSeverity::Warning
                                     ? DiagnosticsEngine::Warning
                                     : DiagnosticsEngine::Note;
    emit(L, D.Loc, D.Message);
    // A note without a place of its own explains the error above it; it is
    // printed without a location so the source excerpt is not repeated.
    for (const auto &[Loc, Msg] : D.Notes)
      emit(DiagnosticsEngine::Note, Loc, Msg);
  }
  unsigned numErrors() const override {
    return DE.getClient() ? DE.getClient()->getNumErrors() : 0;
  }

private:
  DiagnosticsEngine &DE;

  void emit(DiagnosticsEngine::Level L, SourceRef Loc, const std::string &M) {
    unsigned ID = DE.getCustomDiagID(L, "%0");
    SourceLocation B = SourceLocation::getFromRawEncoding(Loc.Raw);
    auto Builder = Loc.isValid() ? DE.Report(B, ID) : DE.Report(ID);
    Builder << M;
    if (Loc.RawEnd)
      Builder << SourceRange(B, SourceLocation::getFromRawEncoding(Loc.RawEnd));
  }
};

/// Finds, for each region, the function holding it and the outermost
/// statements between its markers.
class RegionLocator : public RecursiveASTVisitor<RegionLocator> {
public:
  RegionLocator(const SourceManager &SM, std::vector<ScopRegion> &Regions)
      : SM(SM), Regions(Regions) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->hasBody() || !F->doesThisDeclarationHaveABody())
      return true;
    SourceRange R = F->getBody()->getSourceRange();
    for (ScopRegion &Reg : Regions)
      if (!Reg.Function && inside(Reg.Begin, R))
        Reg.Function = F;
    Current = F;
    bool Ok = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Current = nullptr;
    return Ok;
  }

  bool VisitCompoundStmt(CompoundStmt *CS) {
    for (ScopRegion &Reg : Regions) {
      if (Reg.Function != Current || !Reg.Stmts.empty())
        continue;
      for (Stmt *S : CS->body())
        if (SM.isBeforeInTranslationUnit(Reg.Begin, S->getBeginLoc()) &&
            SM.isBeforeInTranslationUnit(S->getEndLoc(), Reg.End))
          Reg.Stmts.push_back(S);
    }
    return true;
  }

private:
  const SourceManager &SM;
  std::vector<ScopRegion> &Regions;
  const FunctionDecl *Current = nullptr;

  bool inside(SourceLocation L, SourceRange R) const {
    return SM.isBeforeInTranslationUnit(R.getBegin(), L) &&
           SM.isBeforeInTranslationUnit(L, R.getEnd());
  }
};

class ScopConsumer : public ASTConsumer {
public:
  ScopConsumer(CompilerInstance &CI, std::vector<ScopMarker> &Markers,
               const RegionCallback &OnRegion, FrontendResult &Result)
      : CI(CI), Markers(Markers), OnRegion(OnRegion), Result(Result) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &DE = CI.getDiagnostics();
    if (DE.hasErrorOccurred())
      return;
    ClangDiagnosticSink Sink(DE);
    const SourceManager &SM = Ctx.getSourceManager();

    std::vector<ScopRegion> Regions;
    std::optional<SourceLocation> Open;
    for (const ScopMarker &M : Markers) {
      if (!SM.isInMainFile(SM.getExpansionLoc(M.Loc))) {
        Sink.error(makeSourceRef(SM, M.Loc),
                   "'#pragma " + std::string(M.IsBegin ? "scop" : "endscop") +
                       "' in an included file",
                   "stencil regions must be in the file given to stencilcc");
        continue;
      }
      if (M.IsBegin) {
        if (Open) {
          Sink.error(makeSourceRef(SM, M.Loc),
                     "'#pragma scop' inside another scop region",
                     "close the previous region with '#pragma endscop' "
                     "first");
          continue;
        }
        Open = M.Loc;
      } else {
        if (!Open) {
          Sink.error(makeSourceRef(SM, M.Loc),
                     "'#pragma endscop' without a matching '#pragma scop'");
          continue;
        }
        ScopRegion R;
        R.Begin = *Open;
        R.End = M.Loc;
        Regions.push_back(R);
        Open.reset();
      }
    }
    if (Open)
      Sink.error(makeSourceRef(SM, *Open),
                 "'#pragma scop' has no matching '#pragma endscop'",
                 "end the region with '#pragma endscop' after its loop nest");
    if (Regions.empty() && !Open && Sink.numErrors() == 0)
      Sink.error(makeSourceRef(SM, SM.getLocForStartOfFile(SM.getMainFileID())),
                 "no '#pragma scop' region in this file",
                 "mark the stencil's loop nest with '#pragma scop' before it "
                 "and '#pragma endscop' after it");

    RegionLocator(SM, Regions).TraverseDecl(Ctx.getTranslationUnitDecl());
    // C the generated C++ cannot keep: rewritten outside the regions; a
    // C++ keyword named inside one is an error (it would reach the host
    // code as written).
    std::vector<std::pair<SourceLocation, SourceLocation>> Spans;
    for (const ScopRegion &R : Regions)
      Spans.push_back({R.Begin, R.End});
    std::vector<std::pair<SourceLocation, std::string>> Keywords;
    Result.CxxEdits = cxxCompatibilityEdits(Ctx, Spans, Keywords);
    for (const auto &[Loc, Name] : Keywords)
      Sink.error(makeSourceRef(SM, Loc),
                 "'" + Name + "' is a keyword of C++, the language of the "
                 "generated file",
                 "rename it in the C source; outside the regions stencilcc "
                 "renames such names itself, inside one it cannot");
    if (!Keywords.empty())
      return;
    for (ScopRegion &R : Regions) {
      if (!R.Function) {
        Sink.error(makeSourceRef(SM, R.Begin),
                   "'#pragma scop' outside a function body",
                   "put the region inside the function that runs the "
                   "stencil");
        continue;
      }
      std::optional<StencilProgram> P =
          extractStencilProgram(Ctx, R, Sink);
      if (!P)
        continue;
      ++Result.NumRegions;
      OnRegion(*P, Sink);
    }
  }

private:
  CompilerInstance &CI;
  std::vector<ScopMarker> &Markers;
  const RegionCallback &OnRegion;
  FrontendResult &Result;
};

class ScopAction : public ASTFrontendAction {
public:
  ScopAction(const RegionCallback &OnRegion, FrontendResult &Result)
      : OnRegion(OnRegion), Result(Result) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    Preprocessor &PP = CI.getPreprocessor();
    PP.AddPragmaHandler(new ScopPragmaHandler(true, Markers));
    PP.AddPragmaHandler(new ScopPragmaHandler(false, Markers));
    return std::make_unique<ScopConsumer>(CI, Markers, OnRegion, Result);
  }

  void EndSourceFileAction() override {
    const SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It)
      Result.Dependencies.push_back(It->first->getName().str());
    // The input first, the rest in a stable order.
    std::string Main;
    if (auto FE = SM.getFileEntryRefForID(SM.getMainFileID()))
      Main = FE->getName().str();
    std::sort(Result.Dependencies.begin(), Result.Dependencies.end());
    auto It = std::find(Result.Dependencies.begin(),
                        Result.Dependencies.end(), Main);
    if (It != Result.Dependencies.end())
      std::rotate(Result.Dependencies.begin(), It, It + 1);
  }

private:
  const RegionCallback &OnRegion;
  FrontendResult &Result;
  std::vector<ScopMarker> Markers;
};

class ScopActionFactory : public tooling::FrontendActionFactory {
public:
  ScopActionFactory(const RegionCallback &OnRegion, FrontendResult &Result)
      : OnRegion(OnRegion), Result(Result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ScopAction>(OnRegion, Result);
  }

private:
  const RegionCallback &OnRegion;
  FrontendResult &Result;
};

/// runFrontend, with \p Code (where given) as the text of \p File.
FrontendResult runOnFile(const tooling::CompilationDatabase &DB,
                         const std::string &File, const std::string *Code,
                         const std::vector<std::string> &ExtraArgs,
                         const RegionCallback &OnRegion,
                         llvm::raw_ostream &DiagOS, bool Colors) {
  FrontendResult Result;
  tooling::ClangTool Tool(DB, {File});
  if (Code)
    Tool.mapVirtualFile(File, *Code);
  // Clang's builtin headers come from the resource directory found at
  // build time, not from a path relative to this executable.
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      "-resource-dir=" STENCILCC_CLANG_RESOURCE_DIR,
      tooling::ArgumentInsertPosition::BEGIN));
  // The input is C whatever its extension says (a .cu or .h file given by
  // mistake still parses as the C the contract describes).
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      {"-x", "c"}, tooling::ArgumentInsertPosition::BEGIN));
  if (!ExtraArgs.empty())
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        ExtraArgs, tooling::ArgumentInsertPosition::END));
  Tool.setPrintErrorMessage(false);

  IntrusiveRefCntPtr<DiagnosticOptions> Opts = new DiagnosticOptions();
  Opts->ShowColors = Colors;
  TextDiagnosticPrinter Printer(DiagOS, Opts.get());
  Tool.setDiagnosticConsumer(&Printer);

  ScopActionFactory Factory(OnRegion, Result);
  int RC = Tool.run(&Factory);
  Result.Success = RC == 0 && Printer.getNumErrors() == 0;
  return Result;
}

} // namespace

FrontendResult runFrontend(const tooling::CompilationDatabase &DB,
                           const std::string &File,
                           const std::vector<std::string> &ExtraArgs,
                           const RegionCallback &OnRegion,
                           llvm::raw_ostream &DiagOS, bool Colors) {
  return runOnFile(DB, File, nullptr, ExtraArgs, OnRegion, DiagOS, Colors);
}

FrontendResult runFrontend(const std::string &File,
                           const std::vector<std::string> &ClangArgs,
                           const RegionCallback &OnRegion,
                           llvm::raw_ostream &DiagOS, bool Colors) {
  tooling::FixedCompilationDatabase DB(".", ClangArgs);
  return runFrontend(DB, File, {}, OnRegion, DiagOS, Colors);
}

FrontendResult runFrontendOnCode(const std::string &Code,
                                 const std::string &File,
                                 const std::vector<std::string> &ClangArgs,
                                 const RegionCallback &OnRegion,
                                 llvm::raw_ostream &DiagOS) {
  tooling::FixedCompilationDatabase DB(".", ClangArgs);
  return runOnFile(DB, File, &Code, {}, OnRegion, DiagOS, /*Colors=*/false);
}

} // namespace stencilcc
