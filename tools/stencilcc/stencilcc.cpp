//===- tools/stencilcc/stencilcc.cpp - The stencilcc driver ---------------===//
//
// A thin driver: options, the compilation database, then the stages in
// order (Frontend -> Analysis -> Planner -> Emitter) and the output,
// written atomically so a failed run never leaves a partial file.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/AnalysisPrinter.h"
#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/Emitter/SelfCheckEmitter.h"
#include "stencilcc/Frontend/FrontendAction.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"
#include "stencilcc/Support/Config.h"
#include "stencilcc/Support/DependencyFile.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <isl/version.h>

#include <cstring>
#include <deque>

using namespace llvm;
using namespace stencilcc;

namespace {

cl::OptionCategory Category("stencilcc options");

cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input.c>"),
                               cl::Required, cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the output to <file> "
                                              "(default: standard output)"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<bool> Analyze("analyze",
                      cl::desc("Print the analysis of each #pragma scop "
                               "region (dimensions, radius, shape, FLOPs, "
                               "dependences)"),
                      cl::cat(Category));
cl::opt<bool> EmitTest(
    "emit-test",
    cl::desc("Write a self-checking program instead: the generated code of "
             "every region run against the region's own C code on random "
             "input, cell by cell (builds with nvcc, or on the CPU with "
             "include/stencilcc/Runtime/CudaEmulation.h; see "
             "docs/self-check.md)"),
    cl::cat(Category));
cl::OptionCategory PlanCategory(
    "Plan options (apply to every region; see docs/plans.md)");
cl::opt<unsigned> TemporalDegree("bt", cl::desc("Temporal blocking degree: "
                                                "time steps per kernel, "
                                                "1..32 (default: 1D/2D 8 "
                                                "at radius 1, else 4, "
                                                "lowered to fit the cached "
                                                "exchange; 3D 4 for float "
                                                "radius-1 stars, else 3 at "
                                                "radius 1, 2 at radius 2, "
                                                "else 1)"),
                                 cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<std::string> BlockSizes(
    "bs", cl::desc("Threads per block along the tiled dimensions, halo "
                   "included: N (1D/2D) or NxM (3D, fastest last) "
                   "(default: 256; 3D 32x32 for float radius-1 star "
                   "stencils, else 16x32)"),
    cl::value_desc("size"), cl::cat(PlanCategory));
cl::opt<unsigned> StreamLength("sl", cl::desc("Stream block length h_SN: "
                                              "output planes per block along "
                                              "the streaming dimension, 0 = "
                                              "whole (default: 2D 512, 3D "
                                              "128, 1D 0)"),
                               cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> SharedSlots("ns", cl::desc("Circular-queue slots placed in "
                                             "shared memory instead of "
                                             "registers (default: 0)"),
                              cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<ExchangeScheme> Exchange(
    "exchange",
    cl::desc("In-plane neighbour exchange through shared memory (default: "
             "cached for box-like stencils whose registers allow it, else "
             "scr)"),
    cl::values(clEnumValN(ExchangeScheme::SCR, "scr",
                          "single column reuse, with --rd"),
               clEnumValN(ExchangeScheme::MCR, "mcr",
                          "multiple column reuse (values written once)"),
               clEnumValN(ExchangeScheme::Cached, "cached",
                          "each plane written once, neighbour values kept "
                          "in registers")),
    cl::cat(PlanCategory));
cl::opt<unsigned> BlocksPerSM(
    "blocks-per-sm",
    cl::desc("Blocks an SM must hold at once (1..8): caps registers per "
             "thread at 65536 / (threads x n) through __launch_bounds__ "
             "(default: up to 3, as the queues allow)"),
    cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> ReuseDegree("rd", cl::desc("SCR reuse degree: levels "
                                             "sharing one exchange location "
                                             "(1..bT, default: 1)"),
                              cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<OptimizationVariant> Variant(
    "opt", cl::desc("Kernel specialization (default: star for star "
                    "stencils, none otherwise; never assoc)"),
    cl::values(clEnumValN(OptimizationVariant::Star, "star",
                          "diagonal-access-free: streaming neighbours from "
                          "registers"),
               clEnumValN(OptimizationVariant::General, "none",
                          "none: every neighbour through shared memory"),
               clEnumValN(OptimizationVariant::Assoc, "assoc",
                          "associative (sum-of-products) updates: each "
                          "plane added once to per-plane partial sums")),
    cl::cat(PlanCategory));
cl::opt<unsigned> Prefetch("prefetch",
                           cl::desc("Planes the loads run ahead of the first "
                                    "level, hiding global-memory latency "
                                    "(0..8, default: 2)"),
                           cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<bool> Naive("naive",
                    cl::desc("Emit the naive baseline instead: one kernel "
                             "per time step, one thread per cell, global "
                             "memory only"),
                    cl::cat(PlanCategory));

enum class OutputFormat { Text, JSON };
cl::opt<OutputFormat> Format(
    "format", cl::desc("Format of --analyze output (default: text)"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "readable text"),
               clEnumValN(OutputFormat::JSON, "json", "JSON (llvm::json)")),
    cl::init(OutputFormat::Text), cl::cat(Category));
cl::opt<std::string> BuildPath(
    "p", cl::desc("Build directory holding compile_commands.json; the "
                  "input's flags are read from it"),
    cl::value_desc("build-dir"), cl::cat(Category));
cl::list<std::string> IncludeDirs("I", cl::Prefix,
                                  cl::desc("Add <dir> to the include path "
                                         "(repeatable)"),
                                  cl::value_desc("dir"), cl::cat(Category));
cl::list<std::string> Defines("D", cl::Prefix,
                              cl::desc("Define <macro> (as in the C "
                                       "compiler: NAME or NAME=VALUE; "
                                       "repeatable)"),
                              cl::value_desc("macro"), cl::cat(Category));
cl::list<std::string> ExtraArgs("extra-arg",
                                cl::desc("Append <arg> to the Clang command "
                                         "line (repeatable)"),
                                cl::value_desc("arg"), cl::cat(Category));

// The dependency-file options of C compilers, so build systems track the
// headers a stencil includes the way they do for a compiled C file.
cl::OptionCategory DepCategory("Dependency file options (for build "
                               "systems; need -o <file>)");
cl::opt<bool> WriteDeps("MD",
                        cl::desc("Also write a Make-format dependency file: "
                                 "the -o file depends on the input and every "
                                 "header read"),
                        cl::cat(DepCategory));
cl::opt<std::string> DepFile("MF",
                             cl::desc("Write the dependency file to <file> "
                                      "(default: the -o file with its "
                                      "extension replaced by .d)"),
                             cl::value_desc("file"), cl::Prefix,
                             cl::cat(DepCategory));
cl::list<std::string> DepTargets("MT",
                                 cl::desc("Name the rule's target <target> "
                                          "instead of the -o file "
                                          "(repeatable)"),
                                 cl::value_desc("target"), cl::Prefix,
                                 cl::cat(DepCategory));
cl::opt<bool> DepPhony("MP",
                       cl::desc("Add an empty rule for each header, so Make "
                                "does not fail once one is deleted"),
                       cl::cat(DepCategory));

void printVersion(raw_ostream &OS) {
  OS << "stencilcc version " << STENCILCC_VERSION << "\n"
     << "  built with LLVM/Clang " << STENCILCC_LLVM_VERSION << " and "
     << isl_version() << "\n";
}

int fail(const Twine &Msg) {
  WithColor::error(errs(), "stencilcc") << Msg << "\n";
  return 1;
}

} // namespace

int main(int Argc, const char **Argv) {
  cl::SetVersionPrinter(printVersion);
  // LLVM's own --color (auto/always/never through WithColor) serves the
  // diagnostics too; list it with stencilcc's options.
  if (cl::Option *C = cl::getRegisteredOptions().lookup("color"))
    C->Categories.assign({&Category}); // listed once, not also on its own
  cl::HideUnrelatedOptions({&Category, &PlanCategory, &DepCategory});

  // The compilation database, the way Clang tools take it: the arguments
  // after `--` (cut from argv here), else `-p`, else no flags at all. There
  // is no search for a compile_commands.json above the input: flags guessed
  // from another file's entry would change what the stencil means.
  std::string Err;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, Argv,
                                                                    Err);
  if (!Err.empty())
    return fail(Err);
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "stencilcc: annotated C stencils to CUDA\n\n"
          "  stencilcc input.c -o out.cu [plan options] [-- <clang args>]\n"
          "  stencilcc --emit-test input.c -o check.cu [plan options]\n"
          "  stencilcc --analyze input.c [--format=json] [-o out]\n"
          "  stencilcc input.c -o out.cu -MD [-MF out.d]  (for build "
          "systems)\n\n"
          "Compiles the '#pragma scop' regions of a C file into CUDA with "
          "N.5D\ntemporal blocking (or, with --analyze, prints the analysis "
          "of each\nstencil; with --emit-test, writes a program that checks "
          "the generated\ncode against the C loop). Compiler flags for the "
          "input come from -I/-D, "
          "from\n'-- <clang args>', or from a compilation database found "
          "with -p.\n",
          &errs()))
    return 1;

  if (EmitTest && Analyze)
    return fail("--emit-test and --analyze exclude each other");

  PlanRequest Request;
  if (TemporalDegree.getNumOccurrences())
    Request.TemporalDegree = TemporalDegree;
  if (!BlockSizes.empty()) {
    SmallVector<StringRef, 3> Parts;
    StringRef(BlockSizes).split(Parts, 'x');
    for (StringRef Part : Parts) {
      unsigned V;
      if (Part.getAsInteger(10, V) || V == 0)
        return fail("--bs='" + BlockSizes + "' is not N or NxM with "
                    "positive N, M");
      Request.BlockSizes.push_back(V);
    }
  }
  if (StreamLength.getNumOccurrences())
    Request.StreamLength = StreamLength;
  if (SharedSlots.getNumOccurrences())
    Request.SharedSlots = SharedSlots;
  if (Exchange.getNumOccurrences())
    Request.Exchange = Exchange;
  if (BlocksPerSM.getNumOccurrences())
    Request.BlocksPerSM = BlocksPerSM;
  if (ReuseDegree.getNumOccurrences())
    Request.ReuseDegree = ReuseDegree;
  if (Variant.getNumOccurrences())
    Request.Variant = Variant;
  if (Prefetch.getNumOccurrences())
    Request.Prefetch = Prefetch;

  // A depfile names the file it describes, so there must be one; checked
  // before any work so a bad command line writes nothing.
  bool ToFile = !OutputFile.empty() && OutputFile != "-";
  if (WriteDeps && !ToFile)
    return fail("-MD needs an output file (-o <file>): the dependency file "
                "names it as the target");
  if (!WriteDeps && (DepFile.getNumOccurrences() ||
                     DepTargets.getNumOccurrences() || DepPhony))
    return fail("-MF, -MT and -MP only apply with -MD");
  std::string DepPath = DepFile;
  if (WriteDeps && DepPath.empty()) {
    SmallString<256> P(OutputFile);
    sys::path::replace_extension(P, "d");
    DepPath = std::string(P);
  }

  if (!sys::fs::exists(InputFile))
    return fail("no such file: '" + InputFile + "'");
  if (!OutputFile.empty() && OutputFile != "-") {
    sys::fs::UniqueID In, Out;
    if (!sys::fs::getUniqueID(InputFile, In) &&
        !sys::fs::getUniqueID(OutputFile, Out) && In == Out)
      return fail("output file '" + OutputFile + "' is the input file");
  }
  if (WriteDeps) {
    // Written last, it would replace the output or the input.
    sys::fs::UniqueID Dep, Other;
    bool Clash = DepPath == OutputFile;
    for (const std::string &F : {InputFile.getValue(), OutputFile.getValue()})
      Clash |= !sys::fs::getUniqueID(DepPath, Dep) &&
               !sys::fs::getUniqueID(F, Other) && Dep == Other;
    if (Clash)
      return fail("dependency file '" + DepPath +
                  "' is the input or the output file");
  }

  if (!DB && !BuildPath.empty()) {
    DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(
        BuildPath, Err);
    if (!DB)
      return fail("cannot load a compilation database from '" + BuildPath +
                  "': " + Err);
  }
  if (!DB)
    DB = std::make_unique<clang::tooling::FixedCompilationDatabase>(
        ".", std::vector<std::string>());

  std::vector<std::string> Extra;
  for (const std::string &I : IncludeDirs)
    Extra.push_back("-I" + I);
  for (const std::string &D : Defines)
    Extra.push_back("-D" + D);
  Extra.insert(Extra.end(), ExtraArgs.begin(), ExtraArgs.end());

  bool Colors = WithColor(errs()).colorsEnabled();

  std::string Text;
  raw_string_ostream OS(Text);
  json::Array Regions;
  unsigned Index = 0;
  // Programs keep their addresses: the emitter refers to them.
  std::deque<StencilProgram> Programs;
  std::deque<StencilAnalysis> Analyses;
  std::vector<RegionToEmit> ToEmit;
  FrontendResult R = runFrontend(
      *DB, InputFile, Extra,
      [&](StencilProgram &P, DiagnosticSink &Diags) {
        std::optional<StencilAnalysis> A = analyzeStencil(P, Diags);
        if (!A)
          return;
        if (Analyze) {
          if (Format == OutputFormat::JSON)
            Regions.push_back(analysisToJSON(P, *A));
          else
            printAnalysis(OS, P, *A, Index);
          ++Index;
          return;
        }
        if (EmitTest) {
          std::string Why = selfCheckObstacle(P);
          if (!Why.empty()) {
            Diags.error(P.TimeLoop.Loc,
                        "cannot emit a self-check for this region: " + Why);
            return;
          }
        }
        std::string Error;
        std::optional<TemporalBlockingPlan> Plan =
            makePlan(P, *A, Request, Error);
        if (!Plan) {
          Diags.error(P.ScopLoc, "invalid plan for this region: " + Error);
          return;
        }
        Programs.push_back(std::move(P));
        Analyses.push_back(std::move(*A));
        ToEmit.push_back(
            {&Programs.back(), &Analyses.back(), std::move(*Plan), Naive});
      },
      errs(), Colors);
  if (!R.Success)
    return 1;

  if (!Analyze) {
    auto Source = MemoryBuffer::getFile(InputFile);
    if (!Source)
      return fail("cannot read '" + InputFile + "'");
    if (!EmitTest) {
      OS << emitCudaTranslationUnit((*Source)->getBuffer().str(), ToEmit);
    } else {
      std::vector<std::string> Defs;
      for (const std::string &A : Extra)
        if (StringRef(A).startswith("-D"))
          Defs.push_back(A.substr(2));
      OS << emitSelfCheckProgram((*Source)->getBuffer().str(), ToEmit, Defs);
    }
  }

  if (Format == OutputFormat::JSON) {
    json::Object Top{{"file", InputFile},
                     {"stencilcc_version", STENCILCC_VERSION},
                     {"regions", std::move(Regions)}};
    OS << formatv("{0:2}", json::Value(std::move(Top))) << "\n";
  }
  OS.flush();

  if (OutputFile.empty() || OutputFile == "-") {
    outs() << Text;
    return 0;
  }
  // Temporary file, then rename: an interrupted run leaves no partial file.
  if (Error E = writeToOutput(OutputFile, [&](raw_ostream &Out) {
        Out << Text;
        return Error::success();
      }))
    return fail("cannot write '" + OutputFile + "': " + toString(std::move(E)));
  // After the output, so a run that fails leaves no depfile either.
  if (WriteDeps) {
    std::vector<std::string> Targets(DepTargets.begin(), DepTargets.end());
    if (Targets.empty())
      Targets.push_back(OutputFile);
    if (Error E = writeToOutput(DepPath, [&](raw_ostream &Out) {
          Out << formatMakeDependencies(Targets, R.Dependencies, DepPhony);
          return Error::success();
        }))
      return fail("cannot write '" + DepPath + "': " + toString(std::move(E)));
  }
  return 0;
}
