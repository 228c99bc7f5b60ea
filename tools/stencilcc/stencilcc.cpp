//===- tools/stencilcc/stencilcc.cpp - The stencilcc driver ---------------===//
//
// A thin driver: options, the compilation database, then the stages in
// order (Frontend -> Analysis -> Planner -> Emitter) and the output,
// written atomically so a failed run never leaves a partial file. What
// happens to each region between the frontend and the emitter is
// RegionDriver's.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/CLaunchers.h"
#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/Emitter/SelfCheckEmitter.h"
#include "stencilcc/Frontend/FrontendAction.h"
#include "stencilcc/Planner/PerformanceModel.h"
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"
#include "stencilcc/Planner/TuningCandidates.h"
#include "stencilcc/Support/Config.h"
#include "stencilcc/Support/DependencyFile.h"

#include "CachedPlanLookup.h"
#include "PlanSearchReport.h"
#include "RegionDriver.h"
#include "TuningRun.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/thread.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <isl/version.h>

#include <optional>
#include <set>

using namespace llvm;
using namespace stencilcc;

namespace {

cl::OptionCategory Category("stencilcc options");

cl::opt<std::string> InputFile(cl::Positional, cl::desc("<input.c>"),
                               cl::Required, cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write the output to <file> "
                                              "(default: standard output)"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> COutput(
    "c-output",
    cl::desc("Keep the C file C: write the input to <file>, each region "
             "replaced by a call to an extern \"C\" launcher (prototypes "
             "included), and the regions' kernels with the launchers' "
             "definitions to the -o file, a .cu that needs none of the "
             "input's headers or macros. Build <file> with the C compiler, "
             "the .cu with nvcc, and link both (see "
             "docs/build-integration.md)"),
    cl::value_desc("file.c"), cl::cat(Category));
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
cl::opt<bool> Mpi(
    "mpi",
    cl::desc("Run each region over the ranks of an MPI communicator, one GPU "
             "per rank: a slab of the outermost dimension each, with ghost "
             "rows for the steps between two exchanges (a multiple of one "
             "launch's, chosen at run time by the exchange model); the "
             "arrays live on rank 0 before and after (scattered and "
             "gathered). Ghost rows move by NCCL where nccl.h is found at "
             "build time (link -lnccl), else through host memory. Build with "
             "mpicxx or nvcc -lmpi; single-update regions. With --plan-only: "
             "the model's compute and exchange time per step at 2 and 4 "
             "ranks (see docs/user-guide.md, Several GPUs)"),
    cl::cat(Category));
cl::opt<bool> MpiLocal(
    "mpi-local",
    cl::desc("As --mpi (which it implies), for MPI programs that own their "
             "decomposition: each rank's arrays hold its own rows of the "
             "outermost dimension within the loop bounds and its "
             "neighbours' rows outside them (the first and last rank: the "
             "grid's edge); no scatter or gather, and the rows outside the "
             "bounds end as the neighbours' (see docs/user-guide.md, "
             "Several GPUs)"),
    cl::cat(Category));
cl::opt<bool> PlanOnly(
    "plan-only",
    cl::desc("Print, per region, the candidate plans ranked by the "
             "performance model (predicted GCells/s, GFLOP/s, bottleneck, "
             "occupancy) and where the default plan ranks; writes no CUDA. "
             "Without plan options the default plan is the model's best of "
             "the rules' plans at each bT and tile (the rules of "
             "docs/plans.md choose exchange and blocks per SM for them; see "
             "docs/performance-model.md), unless --plan-cache has one"),
    cl::cat(Category));
cl::opt<unsigned> Top("top",
                      cl::desc("Candidate plans --plan-only prints per "
                               "region (default: 10)"),
                      cl::value_desc("n"), cl::init(10), cl::cat(Category));
cl::opt<std::string> Gpu(
    "gpu",
    cl::desc("GPU whose parameters the performance model uses: h100 or "
             "h200 (default: h100)"),
    cl::value_desc("name"), cl::init("h100"), cl::cat(Category));
cl::opt<std::string> Grid(
    "grid",
    cl::desc("Domain the performance model assumes, cells per spatial "
             "dimension, outermost first: N, NxM or NxMxK (default: the "
             "benchmark sizes, 16384x16384 in 2D, 512x512x512 in 3D); the "
             "default plan's bT and tile are chosen for it"),
    cl::value_desc("size"), cl::cat(Category));
cl::OptionCategory TuneCategory(
    "Tuning options (the empirical plan search; see docs/tuning.md)");
cl::opt<std::string> PlanCacheFile(
    "plan-cache",
    cl::desc("Plan cache (JSON): regions without plan options compile the "
             "plan tuned on --gpu's GPU for them or for a stencil of their "
             "shape, where the cache has one, else where stencilcc's "
             "built-in database of tuned plans has one; --tune and "
             "--tune-ingest add to it; --tune and --tune-emit time its plan "
             "among the candidates. 'none': no cached plan at all, not even "
             "the built-in database's"),
    cl::value_desc("file"), cl::cat(TuneCategory));
cl::opt<bool> Tune(
    "tune",
    cl::desc("Search for each region's fastest plan on this machine's GPU: "
             "--tune-emit into --tune-dir, run its run.sh, then "
             "--tune-ingest into --plan-cache"),
    cl::cat(TuneCategory));
cl::opt<std::string> TuneEmit(
    "tune-emit",
    cl::desc("Write the candidate plans of every region to <dir> as "
             "self-checking programs, with run.sh, which builds, times and "
             "checks them on a GPU machine without stencilcc"),
    cl::value_desc("dir"), cl::cat(TuneCategory));
cl::opt<std::string> TuneIngest(
    "tune-ingest",
    cl::desc("Read <dir>/results.tsv (written by <dir>/run.sh) and add each "
             "region's fastest candidate that passed the CPU-reference "
             "check to --plan-cache"),
    cl::value_desc("dir"), cl::cat(TuneCategory));
cl::opt<std::string> TuneDir(
    "tune-dir",
    cl::desc("Where --tune writes its candidates (default: a new "
             "temporary directory, removed afterwards)"),
    cl::value_desc("dir"), cl::cat(TuneCategory));
cl::opt<unsigned> TuneSize(
    "tune-size",
    cl::desc("n of the timed runs: every size parameter of the region "
             "(default: the benchmark size, 16384 in 1D/2D, 512 in 3D)"),
    cl::value_desc("n"), cl::cat(TuneCategory));
cl::opt<unsigned> TuneSteps("tune-steps",
                            cl::desc("Time steps of a timed run (default: "
                                     "100)"),
                            cl::value_desc("n"), cl::init(100),
                            cl::cat(TuneCategory));
cl::opt<unsigned> TuneTop(
    "tune-top",
    cl::desc("Model-ranked base plans per region (and the model's best of "
             "each specialization they lack), beside the default, its "
             "bT neighbours, its other specializations, bT=1, the naive "
             "kernel and (3D sums of products) the streaming partial-sums "
             "kernel (default: 4)"),
    cl::value_desc("k"), cl::init(4), cl::cat(TuneCategory));
cl::opt<unsigned> TuneVariants(
    "tune-variants",
    cl::desc("Bases, in order (default, bT-1, bT+1, model), whose register "
             "caps, shared-memory slots and reuse degrees are also "
             "candidates (default: 4)"),
    cl::value_desc("n"), cl::init(4), cl::cat(TuneCategory));
cl::list<std::string> TuneRoles(
    "tune-roles", cl::CommaSeparated,
    cl::desc("Only the candidates of these roles, and the bases they vary "
             "(default, bt-neighbour, specialization, model, naive, "
             "stream-sums, cap, shared-slots, reuse, async-copy, "
             "interior-loop, shuffle, cached, rows, sum-order, "
             "offsets-store, stage-layout; for a region of several "
             "statements: default, sweeps, tile, naive, cached; default: "
             "all)"),
    cl::value_desc("role,..."), cl::cat(TuneCategory));
cl::opt<std::string> TuneEmulate(
    "tune-emulate",
    cl::desc("--tune only: build and run the candidates on the CPU with "
             "the CUDA emulation of <include-dir> (tests of the search; the "
             "timings mean nothing)"),
    cl::value_desc("include-dir"), cl::Hidden, cl::cat(TuneCategory));

cl::OptionCategory PlanCategory(
    "Plan options (apply to every region; see docs/plans.md)");
cl::opt<unsigned> TemporalDegree("bt", cl::desc("Temporal blocking degree: "
                                                "time steps per kernel, "
                                                "1..32 (default without "
                                                "plan options: the "
                                                "performance model's "
                                                "choice for --grid; with "
                                                "others, 1D/2D 8 at radius "
                                                "1, else 4, lowered to fit "
                                                "the cached exchange; 3D 4 "
                                                "for float radius-1 stars, "
                                                "else 3 at radius 1, 2 at "
                                                "radius 2, else 1; a "
                                                "region of several "
                                                "statements: sweeps, a "
                                                "multiple of its "
                                                "statements per step)"),
                                 cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<std::string> BlockSizes(
    "bs", cl::desc("The tile: cells per block along the tiled "
                   "dimensions, halo included, one thread each (but see "
                   "--rows-per-thread): N (1D/2D) or NxM (3D, fastest "
                   "last) (default without plan options: the performance "
                   "model's choice for --grid, with bT; with others, 256, "
                   "3D 32x32 for float radius-1 star stencils, else "
                   "16x32)"),
    cl::value_desc("size"), cl::cat(PlanCategory));
cl::opt<unsigned> StreamLength("sl", cl::desc("Stream block length h_SN: "
                                              "output planes per block along "
                                              "the streaming dimension, on "
                                              "average (from 48 on, in "
                                              "kernels not capped at 128 "
                                              "registers, the blocks that "
                                              "start first take longer "
                                              "segments, the last shorter "
                                              "ones), 0 = whole "
                                              "(default: 2D 512, 3D 128, 1D "
                                              "0)"),
                               cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> SharedSlots("ns", cl::desc("Circular-queue slots placed in "
                                             "shared memory instead of "
                                             "registers (default: 0)"),
                              cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<ExchangeScheme> Exchange(
    "exchange",
    cl::desc("In-plane neighbour exchange (default: cached for box-like "
             "stencils whose registers allow it and with assoc, else scr; "
             "shuffle only where asked for or tuned)"),
    cl::values(clEnumValN(ExchangeScheme::SCR, "scr",
                          "single column reuse, with --rd"),
               clEnumValN(ExchangeScheme::MCR, "mcr",
                          "multiple column reuse (values written once)"),
               clEnumValN(ExchangeScheme::Cached, "cached",
                          "each plane written once, neighbour values kept "
                          "in registers"),
               clEnumValN(ExchangeScheme::Shuffle, "shuffle",
                          "2D: no shared memory; each warp a tile, each "
                          "lane --cells consecutive cells, other lanes' "
                          "cells through warp shuffles")),
    cl::cat(PlanCategory));
cl::opt<unsigned> WarpCells(
    "cells",
    cl::desc("With --exchange=shuffle: consecutive cells of a row each lane "
             "holds, 1, 2, 4 or 8 (default: 4)"),
    cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> BlocksPerSM(
    "blocks-per-sm",
    cl::desc("Blocks an SM must hold at once (1..8): caps registers per "
             "thread at 65536 / (threads x n) through __launch_bounds__ "
             "(default: up to 3, as the queues allow)"),
    cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> MaxRegisters(
    "max-registers",
    cl::desc("Registers per thread, through __maxnreg__ instead of "
             "__launch_bounds__ (16..65536/threads; excludes "
             "--blocks-per-sm; default: none, the cap --blocks-per-sm "
             "implies)"),
    cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> ReuseDegree("rd", cl::desc("SCR reuse degree: levels "
                                             "sharing one exchange location "
                                             "(1..bT, default: 1)"),
                              cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<OptimizationVariant> Variant(
    "opt", cl::desc("Kernel specialization (default: star for star "
                    "stencils; assoc for other sum-of-products updates, "
                    "except 2D float boxes of radius 1-2 and sparse "
                    "general shapes, where its registers fit; else none)"),
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
                                    "(0..8, default: 2, or 1 with "
                                    "--async-copy)"),
                           cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> AsyncCopy(
    "async-copy",
    cl::desc("Planes whose loads are in flight as asynchronous copies "
             "(cp.async) into a shared-memory stage rather than in "
             "registers: 0..8 planes ahead of their use, 2D and 3D blocked "
             "plans (default: 4 for 3D plans with --opt=star, else 0: loads "
             "into registers)"),
    cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<unsigned> RowsPerThread(
    "rows-per-thread",
    cl::desc("Rows of the tile each thread computes (1, 2, 4 or 8; 3D "
             "blocked plans with --exchange=scr or --opt=assoc): a row's "
             "neighbour values in shared memory are loaded once for all of "
             "the thread's rows, and --bs gives the tile in cells, so the "
             "block has rows/n rows of threads (default: 1)"),
    cl::value_desc("n"), cl::cat(PlanCategory));
cl::opt<SumOrder> SumOrderOpt(
    "sum-order",
    cl::desc("How partial sums (--opt=assoc, --stream-sums) add a plane "
             "(default: plane, except the rule's value order for 3D float "
             "blocked plans with 25 or more values a plane per thread)"),
    cl::values(clEnumValN(SumOrder::Plane, "plane",
                          "load every value of the plane, then add each "
                          "sum's terms"),
               clEnumValN(SumOrder::Value, "value",
                          "paper 004's interleaving: each value added to "
                          "every sum that reads it as soon as it is loaded, "
                          "one value live at a time")),
    cl::cat(PlanCategory));
cl::opt<unsigned> InteriorLoop(
    "interior-loop",
    cl::desc("1: the steady state runs the periods whose planes all lie "
             "inside the domain, in blocks inside it, through a loop "
             "without boundary selects and loads, the others through the "
             "guarded tail; 2: also the sides loop, in which a block "
             "reaching outside the domain runs the periods inside along "
             "the stream with per-thread boundary selects and no guards; "
             "0: one loop with boundary selects (2D and 3D blocked plans; "
             "default: where bT > 1, the plan is not predicted to spill "
             "and not a star of radius 3 or more, 2 in 3D, or 1 in 2D and "
             "with --exchange=cached; else 0)"),
    cl::value_desc("0|1|2"), cl::cat(PlanCategory));
cl::opt<unsigned> OffsetBits(
    "offset-bits",
    cl::desc("Width of the blocked kernels' plane offsets: 32 runs the main "
             "kernel with 32-bit offsets wherever every plane it touches lies "
             "within 2^31 cells (checked at run time; a 64-bit instance runs "
             "otherwise and for the remainder launches), 64 always uses "
             "64-bit ones (default: 32 in the default plan of a 3D stencil "
             "of 4-byte elements, else 64; the tuner times both)"),
    cl::value_desc("32|64"), cl::cat(PlanCategory));
enum class StoreForm { Branch, Predicated };
cl::opt<StoreForm> Store(
    "store",
    cl::desc("How a blocked kernel writes its last level (default: branch; "
             "the tuner times both)"),
    cl::values(clEnumValN(StoreForm::Branch, "branch",
                          "threads outside the block's output skip the "
                          "update"),
               clEnumValN(StoreForm::Predicated, "predicated",
                          "every thread computes, one predicated store "
                          "writes the output cells (no branch to "
                          "reconverge)")),
    cl::cat(PlanCategory));
enum class StageLayoutForm { Thread, Plane };
cl::opt<StageLayoutForm> StageLayout(
    "stage-layout",
    cl::desc("How the --async-copy stage holds a plane (--exchange=scr; "
             "default: thread)"),
    cl::values(clEnumValN(StageLayoutForm::Thread, "thread",
                          "each thread's cells in its own slots; level 0 "
                          "writes the exchange plane level 1 reads"),
               clEnumValN(StageLayoutForm::Plane, "plane",
                          "as a padded exchange plane: level 1 reads its "
                          "in-plane neighbours from the stage and level 0 "
                          "writes no exchange plane (a longer stage ring)")),
    cl::cat(PlanCategory));
cl::opt<bool> FastMath(
    "fast-math",
    cl::desc("Faster, not correctly rounded arithmetic in the update: a "
             "float stencil computes in float (no promotion to double), "
             "c / sqrt(x) is c * rsqrt(x), a division by a constant a "
             "multiplication by its reciprocal, other float divisions "
             "__fdividef. Applies to any plan, the cached one included; "
             "default: off"),
    cl::cat(PlanCategory));
cl::opt<unsigned> StreamSums(
    "stream-sums",
    cl::desc("Emit the streaming partial-sums kernel instead of a blocked "
             "plan (3D sum-of-products updates): one time step per launch, "
             "each thread streams a segment of the outermost dimension, "
             "loading each value once through the L1 cache into a ring of "
             "partial sums per output row; <rows> output rows per thread: "
             "1, 2 or 4 (default: off)"),
    cl::value_desc("rows"), cl::cat(PlanCategory));
cl::opt<bool> Naive("naive",
                    cl::desc("Emit the naive baseline instead: one kernel "
                             "per time step, one thread per cell, global "
                             "memory only"),
                    cl::cat(PlanCategory));

enum class OutputFormat { Text, JSON };
cl::opt<OutputFormat> Format(
    "format",
    cl::desc("Format of --analyze and --plan-only output (default: text)"),
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

/// --help's overview: the usual command lines, then what stencilcc does.
const char *const Overview =
    "stencilcc: annotated C stencils to CUDA\n\n"
    "  stencilcc input.c -o out.cu [plan options] [-- <clang args>]\n"
    "  stencilcc --emit-test input.c -o check.cu [plan options]\n"
    "  stencilcc --analyze input.c [--format=json] [-o out]\n"
    "  stencilcc --plan-only input.c [--top=N] [--gpu=h100|h200] "
    "[--format=json]\n"
    "  stencilcc --tune input.c --plan-cache plans.json   (on a GPU machine)\n"
    "  stencilcc --tune-emit DIR input.c; DIR/run.sh (on the GPU machine);\n"
    "    stencilcc --tune-ingest DIR input.c --plan-cache plans.json\n"
    "  stencilcc input.c -o out.cu --plan-cache plans.json\n"
    "  stencilcc input.c -o out.cu -MD [-MF out.d]  (for build systems)\n"
    "  stencilcc input.c --c-output=out.c -o launchers.cu  (the C file "
    "stays C)\n\n"
    "Compiles the '#pragma scop' regions of a C file into CUDA with N.5D\n"
    "temporal blocking (or, with --analyze, prints the analysis of each\n"
    "stencil; with --emit-test, writes a program that checks the generated\n"
    "code against the C loop). Compiler flags for the input come from "
    "-I/-D, from\n"
    "'-- <clang args>', or from a compilation database found with -p.\n";

void printVersion(raw_ostream &OS) {
  OS << "stencilcc version " << STENCILCC_VERSION << "\n"
     << "  built with LLVM/Clang " << STENCILCC_LLVM_VERSION << " and "
     << isl_version() << "\n";
}

int fail(const Twine &Msg) {
  WithColor::error(errs(), "stencilcc") << Msg << "\n";
  return 1;
}

/// A tuning run: it writes candidates or the plan cache, no -o file.
bool tuning() { return Tune || !TuneEmit.empty() || !TuneIngest.empty(); }

/// Why the output modes given exclude each other, or "".
std::string modeConflict() {
  if (EmitTest && Analyze)
    return "--emit-test and --analyze exclude each other";
  if (PlanOnly && (EmitTest || Analyze))
    return "--plan-only excludes --emit-test and --analyze";
  if (MpiLocal && EmitTest)
    return "--mpi-local takes each rank's arrays as its own part of the "
           "grid, and --emit-test's self-check holds the whole grid on every "
           "rank: check --mpi-local with a program of yours (as "
           "test/mpi/local does), or --emit-test with --mpi";
  if ((Mpi || MpiLocal) && (Analyze || tuning()))
    return "--mpi changes the host code of a compile or --emit-test (and "
           "--plan-only shows its exchange model); --analyze and tuning "
           "runs write no host code";
  if (!COutput.empty() && (Analyze || PlanOnly))
    return "--c-output writes code; --analyze and --plan-only write none";
  if (!COutput.empty() && EmitTest)
    return "--emit-test writes one self-checking program, and --c-output a "
           "C file and its launchers; give one of them (the launchers run "
           "the host code and kernels the self-check of the same plan "
           "checks)";
  return "";
}

/// --grid's extents, outermost first; none without --grid.
Expected<std::vector<int64_t>> gridExtents() {
  std::vector<int64_t> Extents;
  if (Grid.empty())
    return Extents;
  SmallVector<StringRef, 3> Parts;
  StringRef(Grid).split(Parts, 'x');
  for (StringRef Part : Parts) {
    int64_t V;
    if (Part.getAsInteger(10, V) || V <= 0)
      return make_error<StringError>("--grid='" + Grid +
                                         "' is not N, NxM or NxMxK with "
                                         "positive sizes",
                                     inconvertibleErrorCode());
    Extents.push_back(V);
  }
  return Extents;
}

/// The plan options given, as a PlanRequest: an option left out stays
/// unset, for the plan cache, the model or the rules to choose.
Expected<PlanRequest> planRequestFromOptions() {
  PlanRequest Request;
  if (TemporalDegree.getNumOccurrences())
    Request.TemporalDegree = TemporalDegree;
  if (!BlockSizes.empty()) {
    SmallVector<StringRef, 3> Parts;
    StringRef(BlockSizes).split(Parts, 'x');
    for (StringRef Part : Parts) {
      unsigned V;
      if (Part.getAsInteger(10, V) || V == 0)
        return make_error<StringError>("--bs='" + BlockSizes +
                                           "' is not N or NxM with positive "
                                           "N, M",
                                       inconvertibleErrorCode());
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
  if (MaxRegisters.getNumOccurrences())
    Request.MaxRegisters = MaxRegisters;
  if (ReuseDegree.getNumOccurrences())
    Request.ReuseDegree = ReuseDegree;
  if (Variant.getNumOccurrences())
    Request.Variant = Variant;
  if (Prefetch.getNumOccurrences())
    Request.Prefetch = Prefetch;
  if (StreamSums.getNumOccurrences())
    Request.StreamSumRows = StreamSums;
  if (AsyncCopy.getNumOccurrences())
    Request.AsyncCopy = AsyncCopy;
  if (InteriorLoop.getNumOccurrences())
    Request.InteriorLoop = InteriorLoop;
  if (WarpCells.getNumOccurrences())
    Request.WarpCells = WarpCells;
  if (RowsPerThread.getNumOccurrences())
    Request.RowsPerThread = RowsPerThread;
  if (SumOrderOpt.getNumOccurrences())
    Request.Order = SumOrderOpt;
  if (OffsetBits.getNumOccurrences())
    Request.OffsetBits = OffsetBits;
  if (Store.getNumOccurrences())
    Request.PredicatedStore = Store == StoreForm::Predicated;
  if (StageLayout.getNumOccurrences())
    Request.StagedExchange = StageLayout == StageLayoutForm::Plane;
  if (Naive && StreamSums.getNumOccurrences())
    return make_error<StringError>("--naive and --stream-sums each replace "
                                   "the blocked plan; give one of them",
                                   inconvertibleErrorCode());
  return Request;
}

/// Why the tuning options do not go together (with each other, the
/// output modes or \p Request, the plan options), or ""; \p KeptRoles
/// gets --tune-roles.
std::string tuningConflict(const PlanRequest &Request,
                           std::set<CandidateRole> &KeptRoles) {
  const bool Tuning = tuning();
  if (int(Tune) + int(!TuneEmit.empty()) + int(!TuneIngest.empty()) > 1)
    return "--tune, --tune-emit and --tune-ingest exclude each other";
  if (Tuning && (EmitTest || Analyze || PlanOnly))
    return "--tune, --tune-emit and --tune-ingest exclude --emit-test, "
           "--analyze and --plan-only";
  if (Tuning && !COutput.empty())
    return "--tune, --tune-emit and --tune-ingest exclude --c-output (tune, "
           "then compile with --c-output and --plan-cache)";
  if (Tuning && !OutputFile.empty())
    return "--tune, --tune-emit and --tune-ingest write no -o file (the "
           "candidates go to a directory, the winners to --plan-cache)";
  if ((Tune || !TuneIngest.empty()) && PlanCacheFile.empty())
    return std::string(Tune ? "--tune" : "--tune-ingest") +
           " needs --plan-cache <file> to write the tuned plans to";
  if (Tuning && (anyPlanOption(Request) || Naive))
    return "plan options choose one plan and --tune searches for one; give "
           "one or the other";
  if (Tuning && FastMath)
    return "--fast-math applies when compiling a plan: tune without it, "
           "then compile the cached plan with it";
  if (!TuneDir.empty() && !Tune)
    return "--tune-dir only applies with --tune";
  if (Tuning && TuneSteps == 0)
    return "--tune-steps must be at least 1";
  for (const std::string &Name : TuneRoles) {
    std::optional<CandidateRole> Role = parseCandidateRole(Name);
    if (!Role)
      return "--tune-roles: no candidate role '" + Name +
             "' (stencilcc --help lists them)";
    KeptRoles.insert(*Role);
  }
  if (!KeptRoles.empty() && !Tune && TuneEmit.empty())
    return "--tune-roles only applies with --tune or --tune-emit";
  if (PlanCacheFile == "none" && (Tune || !TuneIngest.empty()))
    return std::string(Tune ? "--tune" : "--tune-ingest") +
           " needs a --plan-cache file to write the tuned plans to, not "
           "'none'";
  return "";
}

/// Why the files to write do not go together (with each other or the
/// input), or ""; checked before any work so a bad command line writes
/// nothing. \p DepPath gets the dependency file's path.
std::string outputConflict(std::string &DepPath) {
  // A depfile names the file it describes, so there must be one.
  bool ToFile = !OutputFile.empty() && OutputFile != "-";
  if (WriteDeps && !ToFile)
    return "-MD needs an output file (-o <file>): the dependency file names "
           "it as the target";
  if (!COutput.empty() && !ToFile)
    return "--c-output needs -o <file.cu>: the launchers the C file calls go "
           "there";
  if (!COutput.empty() && COutput == "-")
    return "--c-output needs a file name (the -o file takes the launchers)";
  if (!WriteDeps && (DepFile.getNumOccurrences() ||
                     DepTargets.getNumOccurrences() || DepPhony))
    return "-MF, -MT and -MP only apply with -MD";
  DepPath = DepFile;
  if (WriteDeps && DepPath.empty()) {
    SmallString<256> P(OutputFile);
    sys::path::replace_extension(P, "d");
    DepPath = std::string(P);
  }

  if (!sys::fs::exists(InputFile))
    return "no such file: '" + InputFile + "'";
  if (!OutputFile.empty() && OutputFile != "-") {
    sys::fs::UniqueID In, Out;
    if (!sys::fs::getUniqueID(InputFile, In) &&
        !sys::fs::getUniqueID(OutputFile, Out) && In == Out)
      return "output file '" + OutputFile + "' is the input file";
  }
  if (!COutput.empty()) {
    sys::fs::UniqueID C, Other;
    bool Clash = COutput == OutputFile;
    for (const std::string &F : {InputFile.getValue(), OutputFile.getValue()})
      Clash |= !sys::fs::getUniqueID(COutput, C) &&
               !sys::fs::getUniqueID(F, Other) && C == Other;
    if (Clash)
      return "--c-output file '" + COutput + "' is the input or the -o file";
  }
  if (WriteDeps) {
    // Written last, it would replace the output or the input.
    sys::fs::UniqueID Dep, Other;
    bool Clash = DepPath == OutputFile || DepPath == COutput;
    for (const std::string &F :
         {InputFile.getValue(), OutputFile.getValue(), COutput.getValue()})
      Clash |= !sys::fs::getUniqueID(DepPath, Dep) &&
               !sys::fs::getUniqueID(F, Other) && Dep == Other;
    if (Clash)
      return "dependency file '" + DepPath +
             "' is the input or the output file";
  }
  return "";
}

/// The command line as the tuner needs it.
TuningRunOptions tuningRunOptions() {
  TuningRunOptions O;
  O.InputFile = InputFile;
  O.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  O.PlanCacheFile = PlanCacheFile;
  O.Tune = Tune;
  O.EmitDir = TuneEmit;
  O.IngestDir = TuneIngest;
  O.TuneDir = TuneDir;
  O.Emulate = TuneEmulate;
  O.Steps = TuneSteps;
  return O;
}

/// The per-region options, from the command line main() has checked.
RegionDriverOptions regionDriverOptions(const PlanRequest &Request,
                                        std::set<CandidateRole> KeptRoles,
                                        std::vector<int64_t> GridExtents,
                                        const GpuParameters *GpuParams) {
  RegionDriverOptions O;
  O.Request = Request;
  O.Naive = Naive;
  O.FastMath = FastMath;
  O.Analyze = Analyze;
  O.PlanOnly = PlanOnly;
  O.EmitTest = EmitTest;
  O.Mpi = Mpi || MpiLocal;
  O.MpiLocal = MpiLocal;
  O.JSON = Format == OutputFormat::JSON;
  O.CLaunchers = !COutput.empty();
  O.Tuning = tuning();
  O.Ingest = !TuneIngest.empty();
  O.Top = Top;
  O.TuneSize = TuneSize;
  O.TuneTop = TuneTop;
  O.TuneVariants = TuneVariants;
  O.KeptRoles = std::move(KeptRoles);
  O.RoleNames.assign(TuneRoles.begin(), TuneRoles.end());
  O.GridExtents = std::move(GridExtents);
  O.Gpu = GpuParams;
  return O;
}

/// Writes \p Text (the output), \p CText (--c-output's C file) and the
/// dependency file naming \p Dependencies; the exit status.
int writeOutputs(const std::string &Text, const std::string &CText,
                 const std::vector<std::string> &Dependencies,
                 const std::string &DepPath) {
  if (OutputFile.empty() || OutputFile == "-") {
    outs() << Text;
    return 0;
  }
  // Temporary file, then rename: an interrupted run leaves no partial file.
  if (!COutput.empty())
    if (Error E = writeToOutput(COutput, [&](raw_ostream &Out) {
          Out << CText;
          return Error::success();
        }))
      return fail("cannot write '" + COutput + "': " + toString(std::move(E)));
  if (Error E = writeToOutput(OutputFile, [&](raw_ostream &Out) {
        Out << Text;
        return Error::success();
      })) {
    // A C file without its launchers would not link.
    if (!COutput.empty())
      sys::fs::remove(COutput);
    return fail("cannot write '" + OutputFile + "': " + toString(std::move(E)));
  }
  // After the output, so a run that fails leaves no depfile either.
  if (WriteDeps) {
    std::vector<std::string> Targets(DepTargets.begin(), DepTargets.end());
    if (Targets.empty())
      Targets.push_back(OutputFile);
    if (DepTargets.empty() && !COutput.empty())
      Targets.push_back(COutput);
    if (Error E = writeToOutput(DepPath, [&](raw_ostream &Out) {
          Out << formatMakeDependencies(Targets, Dependencies, DepPhony);
          return Error::success();
        }))
      return fail("cannot write '" + DepPath + "': " + toString(std::move(E)));
  }
  return 0;
}

} // namespace

static int stencilccMain(int Argc, const char **Argv) {
  cl::SetVersionPrinter(printVersion);
  // LLVM's own --color (auto/always/never through WithColor) serves the
  // diagnostics too; list it with stencilcc's options.
  if (cl::Option *C = cl::getRegisteredOptions().lookup("color"))
    C->Categories.assign({&Category}); // listed once, not also on its own
  cl::HideUnrelatedOptions(
      {&Category, &PlanCategory, &TuneCategory, &DepCategory});

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
  if (!cl::ParseCommandLineOptions(Argc, Argv, Overview, &errs()))
    return 1;

  if (std::string Why = modeConflict(); !Why.empty())
    return fail(Why);
  const GpuParameters *GpuParams = gpuParameters(Gpu);
  if (!GpuParams)
    return fail("--gpu='" + Gpu + "' is not one of h100, h200");
  Expected<std::vector<int64_t>> GridExtents = gridExtents();
  if (!GridExtents)
    return fail(toString(GridExtents.takeError()));
  Expected<PlanRequest> Request = planRequestFromOptions();
  if (!Request)
    return fail(toString(Request.takeError()));
  std::set<CandidateRole> KeptRoles;
  if (std::string Why = tuningConflict(*Request, KeptRoles); !Why.empty())
    return fail(Why);
  const bool Tuning = tuning();
  // --plan-cache=none: neither a file nor the built-in database.
  bool NoCachedPlans = PlanCacheFile == "none";
  std::optional<PlanCache> Cache;
  if (!PlanCacheFile.empty() && !NoCachedPlans) {
    Expected<PlanCache> C = PlanCache::load(PlanCacheFile, Tuning);
    if (!C)
      return fail(toString(C.takeError()));
    Cache = std::move(*C);
  }
  // A cache entry is for one GPU; without --gpu, any GPU the cache knows
  // this stencil for, if only one.
  CachedPlanLookup Cached(Cache ? &*Cache : nullptr, !NoCachedPlans,
                          Gpu.getNumOccurrences() ? Gpu.getValue() : "");

  std::string DepPath;
  if (std::string Why = outputConflict(DepPath); !Why.empty())
    return fail(Why);

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
  RegionDriver Driver(regionDriverOptions(*Request, std::move(KeptRoles),
                                          std::move(*GridExtents), GpuParams),
                      Cached);
  FrontendResult R = runFrontend(
      *DB, InputFile, Extra,
      [&](StencilProgram &P, DiagnosticSink &Diags) {
        Driver.handleRegion(P, Diags);
      },
      errs(), Colors);
  if (!R.Success)
    return 1;
  HandledRegions &Handled = Driver.regions();
  if (Tuning) {
    if (Error E =
            runTuning(tuningRunOptions(), Handled.ToEmit, Handled.TuneRegions,
                      Extra, *GpuParams, Cache, R.Dependencies, R.CxxEdits))
      return fail(toString(std::move(E)));
    return 0;
  }
  // The cache chose plans: a build system must redo the output when it
  // changes.
  if (Cache && sys::fs::exists(PlanCacheFile))
    R.Dependencies.push_back(PlanCacheFile);

  // The regions' --analyze or --plan-only text comes first.
  std::string Text = std::move(Handled.Text);
  raw_string_ostream OS(Text);
  std::string CText; // --c-output's C file
  if (!Analyze && !PlanOnly) {
    auto Source = MemoryBuffer::getFile(InputFile);
    if (!Source)
      return fail("cannot read '" + InputFile + "'");
    if (!COutput.empty()) {
      CLauncherFiles F =
          emitCLaunchers((*Source)->getBuffer().str(), Handled.ToEmit,
                         sys::path::filename(OutputFile).str());
      OS << F.Cuda;
      CText = std::move(F.C);
    } else if (!EmitTest) {
      OS << emitCudaTranslationUnit((*Source)->getBuffer().str(),
                                    Handled.ToEmit, R.CxxEdits);
    } else {
      std::vector<std::string> Defs;
      for (const std::string &A : Extra)
        if (StringRef(A).startswith("-D"))
          Defs.push_back(A.substr(2));
      OS << emitSelfCheckProgram((*Source)->getBuffer().str(), Handled.ToEmit,
                                 Defs, R.CxxEdits);
    }
  }

  if (Format == OutputFormat::JSON) {
    json::Object Top{{"file", InputFile},
                     {"stencilcc_version", STENCILCC_VERSION},
                     {"regions", std::move(Handled.Regions)}};
    if (PlanOnly)
      Top["gpu"] = gpuToJSON(*GpuParams);
    OS << formatv("{0:2}", json::Value(std::move(Top))) << "\n";
  }
  OS.flush();
  return writeOutputs(Text, CText, R.Dependencies, DepPath);
}

// A stencil of tens of thousands of terms (a 3D box of radius 16 has
// 35,937) is an expression tree that deep, and the frontend, analysis and
// emitter walk it recursively: stencilcc runs on a thread with a 1 GiB
// stack (address space; only what the recursion touches is used) rather
// than the main thread's 8 MiB.
int main(int Argc, const char **Argv) {
  int Status = 1;
  llvm::thread Compiler(std::optional<unsigned>(1u << 30),
                        [&] { Status = stencilccMain(Argc, Argv); });
  Compiler.join();
  return Status;
}
