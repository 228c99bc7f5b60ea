//===- unit/TuningTest.cpp - Plans as text, the plan cache, candidates ----===//
//
// What the empirical search relies on without a GPU: plan options read
// back from text rebuild the same plan (the cache and the tuning manifest
// store nothing else), --max-registers' blocks per SM, the plan cache's
// file and lookup rules, the stencil fingerprint that keys it, and the
// candidate set the runner times.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"

#include "stencilcc/Planner/DefaultPlan.h"
#include "stencilcc/Planner/PerformanceModel.h"
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Planner/ShapeKey.h"
#include "stencilcc/Planner/PlanFlags.h"
#include "stencilcc/Planner/TuningCandidates.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <set>

using namespace stencilcc;
using namespace stencilcc::test;

namespace {

const std::string SourceDir = STENCILCC_SOURCE_DIR;

const GpuParameters &h100() { return *gpuParameters("h100"); }

struct Stencil {
  FileResult File;
  const StencilProgram &program(size_t I = 0) const {
    return File.Regions[I].Program;
  }
  const StencilAnalysis &analysis(size_t I = 0) const {
    return *File.Regions[I].Analysis;
  }
  std::optional<TemporalBlockingPlan> tryPlan(const PlanRequest &R,
                                              std::string &Error) const {
    return makePlan(program(), analysis(), R, Error, h100().limits());
  }
  TemporalBlockingPlan plan(const PlanRequest &R = {}) const {
    std::string Error;
    std::optional<TemporalBlockingPlan> P = tryPlan(R, Error);
    EXPECT_TRUE(P) << Error;
    return P ? *P : TemporalBlockingPlan();
  }
  std::string fingerprint(size_t I = 0) const {
    return stencilFingerprint(program(I), analysis(I));
  }
};

Stencil analyzed(FileResult F, size_t Regions = 1) {
  Stencil S{std::move(F)};
  EXPECT_TRUE(S.File.Success) << S.File.Diagnostics;
  EXPECT_EQ(S.File.Regions.size(), Regions);
  for (const AnalyzedRegion &R : S.File.Regions)
    EXPECT_TRUE(R.Analysis);
  return S;
}

Stencil load(const std::string &Name, const std::string &Real = "float") {
  return analyzed(analyzeFile(SourceDir + "/benchmarks/stencils/" + Name +
                                  ".c",
                              {"-DREAL=" + Real}));
}

/// Why makePlan rejects \p Q for \p S (a test failure if it does not).
std::string planError(const Stencil &S, const PlanRequest &Q) {
  std::string Error;
  EXPECT_FALSE(S.tryPlan(Q, Error));
  return Error;
}

/// planFlags -> parsePlanFlags -> makePlan, as the plan cache does it.
void expectRoundTrip(const Stencil &S, const TemporalBlockingPlan &Plan) {
  std::string Flags = planFlags(Plan);
  SCOPED_TRACE(Flags);
  PlanRequest R;
  bool Naive = false;
  std::string Error;
  ASSERT_TRUE(parsePlanFlags(Flags, R, Naive, Error)) << Error;
  EXPECT_FALSE(Naive);
  TemporalBlockingPlan Again = S.plan(R);
  EXPECT_EQ(planFlags(Again), Flags);
  EXPECT_EQ(Again.summary(), Plan.summary());
  EXPECT_EQ(Again.MaxRegisters, Plan.MaxRegisters);
  EXPECT_EQ(Again.BlocksPerSM, Plan.BlocksPerSM);
}

TEST(PlanFlags, DefaultPlansRoundTrip) {
  for (const char *Name : {"star2d1r", "box2d1r", "star3d1r", "box3d1r"}) {
    SCOPED_TRACE(Name);
    Stencil S = load(Name);
    expectRoundTrip(S, S.plan());
  }
  Stencil D = load("box2d2r", "double");
  expectRoundTrip(D, D.plan());
}

TEST(PlanFlags, ChosenPlansRoundTrip) {
  Stencil Star = load("star2d1r");
  PlanRequest Cap;
  Cap.MaxRegisters = 64;
  TemporalBlockingPlan Capped = Star.plan(Cap);
  EXPECT_NE(planFlags(Capped).find("--max-registers=64"), std::string::npos);
  EXPECT_EQ(planFlags(Capped).find("--blocks-per-sm"), std::string::npos);
  expectRoundTrip(Star, Capped);

  PlanRequest Scr;
  Scr.TemporalDegree = 4;
  Scr.Exchange = ExchangeScheme::SCR;
  Scr.ReuseDegree = 2;
  TemporalBlockingPlan Reuse = Star.plan(Scr);
  EXPECT_EQ(Reuse.ReuseDegree, 2u);
  expectRoundTrip(Star, Reuse);

  Stencil Box = load("box2d1r");
  PlanRequest Assoc;
  Assoc.Variant = OptimizationVariant::Assoc;
  TemporalBlockingPlan Sums = Box.plan(Assoc);
  EXPECT_EQ(Sums.Variant, OptimizationVariant::Assoc);
  expectRoundTrip(Box, Sums);

  Stencil Box3 = load("box3d1r", "double");
  PlanRequest Slots;
  Slots.TemporalDegree = 2;
  Slots.BlockSizes = {16, 16};
  Slots.SharedSlots = 2;
  expectRoundTrip(Box3, Box3.plan(Slots));
}

// Disabled until planFlags() (PerformanceModel.cpp) writes --prefetch: it
// leaves it out, so a plan of --prefetch=1 comes back with the default of
// 2. No tuning candidate varies the prefetch yet, so the cache is not
// affected; --plan-only's flags of such a plan are.
TEST(PlanFlags, PrefetchRoundTrips) {
  Stencil S = load("star2d1r");
  PlanRequest R;
  R.Prefetch = 1;
  expectRoundTrip(S, S.plan(R));
}

TEST(PlanFlags, NaiveAndEmpty) {
  PlanRequest R;
  bool Naive = false;
  std::string Error;
  EXPECT_TRUE(parsePlanFlags("", R, Naive, Error));
  EXPECT_FALSE(Naive);
  EXPECT_FALSE(R.TemporalDegree);
  EXPECT_TRUE(parsePlanFlags("--naive", R, Naive, Error));
  EXPECT_TRUE(Naive);
  // Runs of spaces are not empty options.
  EXPECT_TRUE(parsePlanFlags("  --bt=3   --bs=16x32 ", R, Naive, Error))
      << Error;
  EXPECT_EQ(R.TemporalDegree, 3u);
  EXPECT_EQ(R.BlockSizes, (std::vector<unsigned>{16, 32}));
}

TEST(PlanFlags, StreamSumsRoundTripsAndIsChecked) {
  Stencil Box = load("box3d2r", "double");
  PlanRequest R;
  R.StreamSumRows = 2;
  TemporalBlockingPlan Plan = Box.plan(R);
  EXPECT_EQ(Plan.StreamSumRows, 2u);
  EXPECT_EQ(Plan.TemporalDegree, 1u);
  EXPECT_EQ(Plan.threadsPerBlock(), 128u);
  EXPECT_EQ(planFlags(Plan), "--stream-sums=2");
  EXPECT_EQ(Plan.summary().rfind("stream-sums rows=2 bS=4x32 hSN=64", 0), 0u)
      << Plan.summary();
  expectRoundTrip(Box, Plan);

  PlanRequest Three = R;
  Three.StreamSumRows = 3;
  EXPECT_NE(planError(Box, Three).find("1, 2 or 4"), std::string::npos);
  PlanRequest WithBT = R;
  WithBT.TemporalDegree = 1;
  EXPECT_NE(planError(Box, WithBT).find("replaces the blocked plan"),
            std::string::npos);
  EXPECT_NE(planError(load("box2d1r"), R).find("outermost of three dimensions"),
            std::string::npos);
  EXPECT_NE(planError(load("gradient2d"), R).find("three dimensions"),
            std::string::npos);
}

// --stage-layout=plane: the stage's ring outlives level 1's reads (a copy
// may overwrite a slot only a barrier after the column that read it last),
// level 1 writes no exchange location, and the option round-trips.
TEST(PlanFlags, StageLayoutRoundTripsAndIsChecked) {
  Stencil Star = load("star3d1r");
  PlanRequest R;
  R.StagedExchange = true;
  TemporalBlockingPlan Plan = Star.plan(R);
  ASSERT_TRUE(Plan.StagedExchange);
  ASSERT_EQ(Plan.Exchange, ExchangeScheme::SCR);
  ASSERT_EQ(Plan.ExchangedOffsets, std::vector<int64_t>{0});
  // Level 1 reads plane x in column x + Prefetch + Lag; the copy of plane
  // x + ring is issued AsyncDepth columns before its own column.
  EXPECT_GE(int64_t(Plan.AsyncRing),
            int64_t(Plan.AsyncDepth) + 2 + Plan.Prefetch + Plan.Lag);
  EXPECT_EQ(Plan.UnrollPeriod % Plan.AsyncRing, 0u);
  EXPECT_EQ(Plan.scrWrittenLocations(Plan.TemporalDegree),
            Plan.TemporalDegree - 1);
  EXPECT_NE(planFlags(Plan).find(" --stage-layout=plane"), std::string::npos);
  EXPECT_NE(Plan.summary().find(" stage=plane"), std::string::npos);
  expectRoundTrip(Star, Plan);
  // Shared memory: two sets of bT - 1 exchange planes, the ring's planes.
  TemporalBlockingPlan Thread = Star.plan();
  ASSERT_FALSE(Thread.StagedExchange);
  uint64_t PlaneBytes = 4;
  for (size_t I = 0; I < Plan.BlockSizes.size(); ++I)
    PlaneBytes *= Plan.BlockSizes[I] + 2;
  EXPECT_EQ(Plan.sharedBytes(),
            (2 * (Plan.TemporalDegree - 1) + Plan.AsyncRing) * PlaneBytes);
  EXPECT_EQ(Thread.sharedBytes(),
            2 * Thread.TemporalDegree * PlaneBytes +
                uint64_t(Thread.AsyncRing) * Thread.cellsPerBlock() * 4);
  // Reuse degree 2 at bT=4: two rounds of two levels; round 0 writes only
  // level 2's location, round 1 both of its levels'.
  PlanRequest Reuse = R;
  Reuse.TemporalDegree = 4;
  Reuse.ReuseDegree = 2;
  EXPECT_EQ(Star.plan(Reuse).scrWrittenLocations(4), 2u);
  EXPECT_EQ(Star.plan(Reuse).scrWrittenLocations(3), 1u);
  // The thread layout spelled out is the default.
  PlanRequest Off;
  Off.StagedExchange = false;
  EXPECT_EQ(planFlags(Star.plan(Off)), planFlags(Thread));

  // Errors: no copies, another exchange, partial sums, nothing exchanged,
  // the shuffle exchange and the streaming kernel.
  PlanRequest NoCopies = R;
  NoCopies.AsyncCopy = 0;
  EXPECT_NE(planError(Star, NoCopies).find("without --async-copy"),
            std::string::npos);
  PlanRequest Cached = R;
  Cached.Exchange = ExchangeScheme::Cached;
  EXPECT_NE(planError(Star, Cached).find("uses --exchange=cached"),
            std::string::npos);
  PlanRequest Sums = R;
  Sums.Variant = OptimizationVariant::Assoc;
  Sums.AsyncCopy = 4;
  EXPECT_NE(planError(load("box3d1r"), Sums).find("(--opt=assoc)"),
            std::string::npos);
  PlanRequest Shuffle = R;
  Shuffle.Exchange = ExchangeScheme::Shuffle;
  EXPECT_NE(planError(load("star2d1r"), Shuffle).find("--stage-layout"),
            std::string::npos);
  PlanRequest Stream = R;
  Stream.StreamSumRows = 1;
  EXPECT_NE(planError(load("box3d1r"), Stream).find("--stage-layout"),
            std::string::npos);
  PlanRequest Bad;
  bool Naive = false;
  std::string Error;
  EXPECT_FALSE(parsePlanFlags("--stage-layout=rows", Bad, Naive, Error));
  ASSERT_TRUE(parsePlanFlags("--stage-layout=thread", Bad, Naive, Error));
  EXPECT_EQ(Bad.StagedExchange, false);
}

TEST(ShufflePlan, DefaultsRoundTripAndModel) {
  Stencil Star = load("star2d1r");
  PlanRequest R;
  R.Exchange = ExchangeScheme::Shuffle;
  TemporalBlockingPlan Plan = Star.plan(R);
  // 4 cells per lane, 128 threads, 256-row segments; bT=12: the halo of
  // 3 + 3 lanes keeps 26 of 32 computing and the queues 12 x 4 rows x 4
  // cells = 192 registers.
  EXPECT_EQ(Plan.Exchange, ExchangeScheme::Shuffle);
  EXPECT_EQ(Plan.WarpCells, 4u);
  EXPECT_EQ(Plan.TemporalDegree, 12u);
  EXPECT_EQ(Plan.threadsPerBlock(), 128u);
  EXPECT_EQ(Plan.StreamLength, 256u);
  EXPECT_EQ(Plan.Lag, 2);
  EXPECT_EQ(Plan.QueueLength, 4u);
  EXPECT_EQ(Plan.shuffleHaloLanes(false), 3u);
  EXPECT_EQ(Plan.shuffleHaloLanes(true), 3u);
  EXPECT_EQ(Plan.computeWidth(0), 4 * 26 * 4);
  EXPECT_EQ(Plan.sharedBytes(), 0u);
  EXPECT_EQ(Plan.Variant, OptimizationVariant::Star);
  EXPECT_EQ(Plan.summary(), "bT=12 bS=128 hSN=256 shuffle(cells=4) opt=star");
  EXPECT_EQ(planFlags(Plan), "--bt=12 --bs=128 --sl=256 --exchange=shuffle "
                             "--cells=4 --opt=star --blocks-per-sm=1");
  expectRoundTrip(Star, Plan);
  // --cells alone asks for the exchange too; the double queue takes two
  // registers a value, so the default bT halves.
  PlanRequest Two;
  Two.WarpCells = 2;
  EXPECT_EQ(Star.plan(Two).Exchange, ExchangeScheme::Shuffle);
  EXPECT_EQ(load("star2d1r", "double").plan(R).TemporalDegree, 6u);
  // A box of radius 2: a queue of 3 + 2 + 1 rows, halo lanes from
  // ceil(bT * 2 / 4).
  TemporalBlockingPlan Box = load("box2d2r").plan(R);
  EXPECT_EQ(Box.QueueLength, 6u);
  EXPECT_EQ(Box.Variant, OptimizationVariant::General);
  EXPECT_LE(Box.shuffleHaloLanes(false) + Box.shuffleHaloLanes(true), 8u);
  expectRoundTrip(load("box2d2r"), Box);

  // The model: no shared memory, no barrier; the shuffles count against
  // the shared-memory pipe, two words per row of star2d1r and level.
  ModelInput In =
      modelInput(Star.program(), Star.analysis(), {16384, 16384});
  Prediction P = predictPlan(In, Plan, h100());
  EXPECT_TRUE(P.Feasible) << P.Why;
  EXPECT_GT(P.GCellsPerSecond, 0.0);
  EXPECT_EQ(P.BarriersPerColumn, 0.0);
  EXPECT_EQ(P.SharedBytesPerBlock, 0u);
  // Per useful update: 2 shuffles of 4 bytes for 4 cells, times the
  // redundancy of the halo lanes and segment ends.
  EXPECT_NEAR(P.SharedBytes / P.Redundancy, 2.0, 0.1);
}

TEST(ShufflePlan, Errors) {
  Stencil Star = load("star2d1r");
  PlanRequest R;
  R.Exchange = ExchangeScheme::Shuffle;
  EXPECT_NE(planError(load("star3d1r"), R).find("implemented for 2D"),
            std::string::npos);
  PlanRequest Three = R;
  Three.WarpCells = 3;
  EXPECT_NE(planError(Star, Three).find("1, 2, 4 or 8"), std::string::npos);
  PlanRequest Slots = R;
  Slots.SharedSlots = 1;
  EXPECT_NE(planError(Star, Slots).find("keeps every queue in registers"),
            std::string::npos);
  PlanRequest Odd = R;
  Odd.BlockSizes = {100};
  EXPECT_NE(planError(Star, Odd).find("whole warps"), std::string::npos);
  PlanRequest Assoc = R;
  Assoc.Variant = OptimizationVariant::Assoc;
  EXPECT_NE(planError(load("box2d1r"), Assoc).find("--opt=assoc"),
            std::string::npos);
  PlanRequest Deep = R;
  Deep.WarpCells = 1;
  Deep.TemporalDegree = 16;
  EXPECT_NE(planError(Star, Deep).find("no output lane"), std::string::npos);
  PlanRequest Scr;
  Scr.Exchange = ExchangeScheme::SCR;
  Scr.WarpCells = 4;
  EXPECT_NE(planError(Star, Scr).find("does not apply to --exchange=scr"),
            std::string::npos);
}

TEST(PlanFlags, BadInputsAreErrors) {
  for (const char *Bad : {"--bt=x", "--frob=1", "--exchange=foo", "--bs=0",
                          "--bt=", "--opt=fast", "--bs=16x", "bt=4"}) {
    SCOPED_TRACE(Bad);
    PlanRequest R;
    bool Naive = false;
    std::string Error;
    EXPECT_FALSE(parsePlanFlags(std::string("--sl=0 ") + Bad, R, Naive, Error));
    EXPECT_NE(Error.find(Bad), std::string::npos) << Error;
  }
  PlanRequest R;
  bool Naive = false;
  std::string Error;
  parsePlanFlags("--frob=1", R, Naive, Error);
  EXPECT_EQ(Error, "'--frob=1' is not a plan option");
  parsePlanFlags("--bt=x", R, Naive, Error);
  EXPECT_EQ(Error, "'--bt=x' has an invalid value");
}

TEST(MaxRegisters, CapSetsBlocksPerSM) {
  Stencil S = load("star2d1r");
  ASSERT_EQ(S.plan().threadsPerBlock(), 256u);
  // 65536 registers / (256 threads x cap), at most 8 blocks (2048 threads).
  for (auto [Cap, Blocks] : std::vector<std::pair<unsigned, unsigned>>{
           {32, 8}, {64, 4}, {96, 2}, {128, 2}, {255, 1}}) {
    SCOPED_TRACE(Cap);
    PlanRequest R;
    R.MaxRegisters = Cap;
    TemporalBlockingPlan P = S.plan(R);
    EXPECT_EQ(P.MaxRegisters, Cap);
    EXPECT_EQ(P.BlocksPerSM, Blocks);
    EXPECT_NE(P.summary().find("maxreg=" + std::to_string(Cap)),
              std::string::npos)
        << P.summary();
  }
  // ptxas allocates in units of 8: a cap of 60 holds what 64 does.
  PlanRequest R;
  R.MaxRegisters = 60;
  EXPECT_EQ(S.plan(R).BlocksPerSM, 4u);
  // Without a cap the plan has none.
  EXPECT_EQ(S.plan().MaxRegisters, 0u);
}

TEST(MaxRegisters, Errors) {
  Stencil S = load("star2d1r");
  for (unsigned Cap : {8u, 300u}) {
    PlanRequest R;
    R.MaxRegisters = Cap;
    std::string Error;
    EXPECT_FALSE(S.tryPlan(R, Error));
    EXPECT_NE(Error.find("--max-registers=" + std::to_string(Cap) +
                         " is outside 16..255"),
              std::string::npos)
        << Error;
  }
  PlanRequest Both;
  Both.MaxRegisters = 64;
  Both.BlocksPerSM = 2;
  std::string Error;
  EXPECT_FALSE(S.tryPlan(Both, Error));
  EXPECT_NE(Error.find("--max-registers and --blocks-per-sm"),
            std::string::npos)
      << Error;
}

// ---------------------------------------------------------------- plan cache

struct TempFile {
  llvm::SmallString<128> Path;
  explicit TempFile(const std::string &Text = "", bool Create = true) {
    int FD;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("stencilcc-cache", "json",
                                                    FD, Path));
    {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << Text;
    }
    if (!Create)
      llvm::sys::fs::remove(Path);
  }
  ~TempFile() { llvm::sys::fs::remove(Path); }
  std::string str() const { return std::string(Path); }
};

PlanCacheEntry entry(const std::string &Gpu, const std::string &Nvcc,
                     const std::string &Flags,
                     const std::string &Fingerprint = "0123456789abcdef",
                     const std::string &Element = "float") {
  PlanCacheEntry E;
  E.Fingerprint = Fingerprint;
  E.Element = Element;
  E.Gpu = Gpu;
  E.Nvcc = Nvcc;
  E.Flags = Flags;
  E.Summary = "summary of " + Flags;
  E.Stencil = "in.c:f";
  E.MeasuredGCells = 1234.5;
  E.PredictedGCells = 2000.25;
  E.Size = "n=16384 steps=100";
  E.Date = "2025-01-02T03:04:05Z";
  return E;
}

const char *const H100Name = "NVIDIA H100 80GB HBM3";
const char *const H200Name = "NVIDIA H200";

TEST(PlanCache, SaveLoadRoundTrip) {
  PlanCache C;
  C.insert(entry(H100Name, "13.0", "--bt=4"));
  C.insert(entry(H200Name, "12.8", "--bt=8", "fedcba9876543210", "double"));
  TempFile F;
  ASSERT_FALSE(bool(C.save(F.str())));
  llvm::Expected<PlanCache> L = PlanCache::load(F.str(), false);
  ASSERT_TRUE(bool(L)) << llvm::toString(L.takeError());
  ASSERT_EQ(L->entries().size(), 2u);
  for (size_t I = 0; I < 2; ++I) {
    const PlanCacheEntry &A = C.entries()[I], &B = L->entries()[I];
    EXPECT_EQ(A.Fingerprint, B.Fingerprint);
    EXPECT_EQ(A.Element, B.Element);
    EXPECT_EQ(A.Gpu, B.Gpu);
    EXPECT_EQ(A.Nvcc, B.Nvcc);
    EXPECT_EQ(A.Flags, B.Flags);
    EXPECT_EQ(A.Summary, B.Summary);
    EXPECT_EQ(A.Stencil, B.Stencil);
    EXPECT_DOUBLE_EQ(A.MeasuredGCells, B.MeasuredGCells);
    EXPECT_DOUBLE_EQ(A.PredictedGCells, B.PredictedGCells);
    EXPECT_EQ(A.Size, B.Size);
    EXPECT_EQ(A.Date, B.Date);
  }
}

TEST(PlanCache, InsertReplacesTheSameKey) {
  PlanCache C;
  C.insert(entry(H100Name, "13.0", "--bt=4"));
  // Another H100 model is the same GPU key.
  C.insert(entry("NVIDIA H100 PCIe", "13.0", "--bt=6"));
  ASSERT_EQ(C.entries().size(), 1u);
  EXPECT_EQ(C.entries()[0].Flags, "--bt=6");
  // Another nvcc, GPU, element or stencil is another entry.
  C.insert(entry(H100Name, "12.8", "--bt=2"));
  C.insert(entry(H200Name, "13.0", "--bt=3"));
  C.insert(entry(H100Name, "13.0", "--bt=5", "0123456789abcdef", "double"));
  C.insert(entry(H100Name, "13.0", "--bt=7", "1111111111111111"));
  EXPECT_EQ(C.entries().size(), 5u);
}

TEST(PlanCache, LookupPrefersTheSameNvcc) {
  PlanCache C;
  C.insert(entry(H100Name, "12.8", "--bt=2"));
  C.insert(entry(H100Name, "13.0", "--bt=4"));
  const std::string FP = "0123456789abcdef";
  std::string Note;
  const PlanCacheEntry *E = C.lookup(FP, "", "float", "h100", "13.0", Note);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=4");
  EXPECT_EQ(Note, "");
  E = C.lookup(FP, "", "float", "h100", "12.8", Note);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=2");
  EXPECT_EQ(Note, "");
  // Another nvcc here: the latest the cache has, with a note.
  E = C.lookup(FP, "", "float", "h100", "12.4", Note);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=4");
  EXPECT_NE(Note.find("tuned with nvcc 13.0"), std::string::npos) << Note;
  EXPECT_NE(Note.find("12.4"), std::string::npos) << Note;
  Note.clear();
  E = C.lookup(FP, "", "float", "h100", "", Note);
  ASSERT_TRUE(E);
  EXPECT_NE(Note.find("no nvcc found"), std::string::npos) << Note;
}

TEST(PlanCache, LookupByGpu) {
  const std::string FP = "0123456789abcdef";
  PlanCache One;
  One.insert(entry(H100Name, "13.0", "--bt=4"));
  std::string Note;
  // No --gpu: the only GPU the cache has.
  const PlanCacheEntry *E = One.lookup(FP, "", "float", "", "13.0", Note);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=4");
  E = One.lookup(FP, "", "float", "h200", "13.0", Note);
  EXPECT_FALSE(E);
  EXPECT_NE(Note.find("only for NVIDIA H100 80GB HBM3"), std::string::npos)
      << Note;
  EXPECT_NE(Note.find("--gpu=h200"), std::string::npos) << Note;

  PlanCache Two = One;
  Two.insert(entry(H200Name, "13.0", "--bt=8"));
  Note.clear();
  E = Two.lookup(FP, "", "float", "h200", "13.0", Note);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=8");
  EXPECT_EQ(Note, "");
  E = Two.lookup(FP, "", "float", "h100", "13.0", Note);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=4");
  // No --gpu and two GPUs: neither, and why.
  E = Two.lookup(FP, "", "float", "", "13.0", Note);
  EXPECT_FALSE(E);
  EXPECT_NE(Note.find("several GPUs"), std::string::npos) << Note;
  EXPECT_NE(Note.find("--gpu"), std::string::npos) << Note;
}

TEST(PlanCache, LookupMisses) {
  PlanCache C;
  C.insert(entry(H100Name, "13.0", "--bt=4"));
  std::string Note;
  EXPECT_FALSE(
      C.lookup("0123456789abcdef", "", "double", "h100", "13.0", Note));
  EXPECT_FALSE(
      C.lookup("ffffffffffffffff", "", "float", "h100", "13.0", Note));
  // A stencil the cache does not know is no news.
  EXPECT_EQ(Note, "");
}

TEST(PlanCache, LookupByShape) {
  PlanCache C;
  PlanCacheEntry Tuned = entry(H100Name, "13.0", "--bt=4");
  Tuned.Shape = "shape-00000000000000aa";
  C.insert(Tuned);
  PlanCacheEntry Other = entry(H100Name, "13.0", "--bt=6", "1111111111111111");
  Other.Shape = "shape-00000000000000bb";
  C.insert(Other);
  std::string Note;
  bool ByShape = true;
  // The same stencil: by its fingerprint, whatever the shape says.
  const PlanCacheEntry *E = C.lookup("1111111111111111", "shape-00000000000000aa",
                                     "float", "h100", "13.0", Note, &ByShape);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=6");
  EXPECT_FALSE(ByShape);
  // Another stencil of a tuned one's shape: that one's plan.
  E = C.lookup("2222222222222222", "shape-00000000000000aa", "float", "h100",
               "13.0", Note, &ByShape);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=4");
  EXPECT_TRUE(ByShape);
  // Neither fingerprint nor shape, or the shape in the other precision.
  EXPECT_FALSE(C.lookup("2222222222222222", "shape-00000000000000cc", "float",
                        "h100", "13.0", Note, &ByShape));
  EXPECT_FALSE(ByShape);
  EXPECT_FALSE(C.lookup("2222222222222222", "shape-00000000000000aa", "double",
                        "h100", "13.0", Note, &ByShape));
  // The shape survives the file.
  TempFile F("");
  ASSERT_FALSE(bool(C.save(F.str())));
  llvm::Expected<PlanCache> Back = PlanCache::load(F.str(), false);
  ASSERT_TRUE(bool(Back));
  EXPECT_EQ(Back->entries()[0].Shape, "shape-00000000000000aa");
}

TEST(PlanCache, NearestShape) {
  PlanCache C;
  PlanCacheEntry Sum = entry(H100Name, "13.0", "--bt=8", "1111111111111111");
  Sum.Family = "family-00000000000000aa";
  Sum.Operations = "*:floatx5 +:floatx4 sum-of-productsx1";
  C.insert(Sum);
  PlanCacheEntry Divided =
      entry(H100Name, "13.0", "--bt=6", "2222222222222222");
  Divided.Family = "family-00000000000000aa";
  Divided.Operations = "*:floatx5 +:floatx4 /:float,by-constantx1";
  C.insert(Divided);
  PlanCacheEntry Elsewhere =
      entry(H100Name, "13.0", "--bt=2", "3333333333333333");
  Elsewhere.Family = "family-00000000000000bb";
  Elsewhere.Operations = "*:floatx6 +:floatx4";
  C.insert(Elsewhere);
  std::string Note;
  unsigned Distance = 99;
  // A divided sum written as a multiplication by the reciprocal: one
  // multiply more than the sum, two operations from the divided one.
  const PlanCacheEntry *E =
      C.nearest("family-00000000000000aa", "*:floatx6 +:floatx4", "float",
                "h100", "13.0", Note, &Distance);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=8");
  EXPECT_EQ(Distance, 2u); // one multiply more, no sum-of-products mark
  E = C.nearest("family-00000000000000aa",
                "*:floatx5 +:floatx4 /:float,by-constantx1", "float", "h100",
                "13.0", Note, &Distance);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Flags, "--bt=6");
  EXPECT_EQ(Distance, 0u);
  // No entry of the family, or of the element type: none.
  EXPECT_FALSE(C.nearest("family-00000000000000cc", "*:floatx6 +:floatx4",
                         "float", "h100", "13.0", Note));
  EXPECT_FALSE(C.nearest("family-00000000000000aa", "*:floatx6 +:floatx4",
                         "double", "h100", "13.0", Note));
  EXPECT_FALSE(C.nearest("", "", "float", "h100", "13.0", Note));
  EXPECT_EQ(operationMixDistance("a:floatx2 b:floatx1", "a:floatx5 c:intx2"),
            6u);
  // The family survives the file.
  TempFile F("");
  ASSERT_FALSE(bool(C.save(F.str())));
  llvm::Expected<PlanCache> Back = PlanCache::load(F.str(), false);
  ASSERT_TRUE(bool(Back));
  EXPECT_EQ(Back->entries()[1].Family, "family-00000000000000aa");
  EXPECT_EQ(Back->entries()[1].Operations, Divided.Operations);
}

TEST(PlanCache, LoadErrors) {
  auto LoadError = [](const std::string &Text) {
    TempFile F(Text);
    llvm::Expected<PlanCache> C = PlanCache::load(F.str(), true);
    EXPECT_FALSE(bool(C)) << Text;
    return C ? std::string() : llvm::toString(C.takeError());
  };
  EXPECT_NE(LoadError("{\"plans\": [").find("is not JSON"), std::string::npos);
  EXPECT_NE(LoadError("{\"format\": \"x\"}").find("no \"plans\" array"),
            std::string::npos);
  EXPECT_NE(LoadError("[]").find("no \"plans\" array"), std::string::npos);
  std::string NoFlags =
      LoadError(R"({"plans": [{"fingerprint": "0123456789abcdef", )"
                R"("element": "float", "gpu": "NVIDIA H100", "nvcc": "13.0"}]})");
  EXPECT_NE(NoFlags.find("entry 0 lacks"), std::string::npos) << NoFlags;
  EXPECT_NE(LoadError(R"({"plans": [42]})").find("entry 0 lacks"),
            std::string::npos);

  // The fields for people are optional.
  TempFile Minimal(R"({"plans": [{"fingerprint": "0123456789abcdef", )"
                   R"("element": "float", "gpu": "NVIDIA H100", )"
                   R"("nvcc": "13.0", "flags": "--bt=4"}]})");
  llvm::Expected<PlanCache> M = PlanCache::load(Minimal.str(), false);
  ASSERT_TRUE(bool(M)) << llvm::toString(M.takeError());
  ASSERT_EQ(M->entries().size(), 1u);
  EXPECT_EQ(M->entries()[0].Flags, "--bt=4");
  EXPECT_EQ(M->entries()[0].MeasuredGCells, 0);
}

TEST(PlanCache, MissingFile) {
  TempFile Gone("", /*Create=*/false);
  ASSERT_FALSE(llvm::sys::fs::exists(Gone.Path));
  llvm::Expected<PlanCache> Empty = PlanCache::load(Gone.str(), true);
  ASSERT_TRUE(bool(Empty)) << llvm::toString(Empty.takeError());
  EXPECT_TRUE(Empty->entries().empty());
  llvm::Expected<PlanCache> Missing = PlanCache::load(Gone.str(), false);
  ASSERT_FALSE(bool(Missing));
  EXPECT_NE(llvm::toString(Missing.takeError()).find("cannot read plan cache"),
            std::string::npos);
}

// ---------------------------------------------------------------- fingerprint

std::string heatSource(const std::string &Function, const std::string &Coef,
                       const std::string &Real = "float") {
  return "void " + Function + "(int n, int steps, " + Real + " *A1)\n{\n  " +
         Real + " (*A)[n] = (" + Real + " (*)[n])A1;\n#pragma scop\n"
         "  for (int t = 0; t < steps; t++)\n"
         "    for (int i = 1; i < n - 1; i++)\n"
         "      A[(t+1)%2][i] = " + Coef + " * A[t%2][i-1] + 0.45f * "
         "A[t%2][i] + 0.25f * A[t%2][i+1];\n#pragma endscop\n}\n";
}

TEST(Fingerprint, NamesAndPlacesDoNotCount) {
  // Two functions of one file, the second further down and named otherwise.
  Stencil Two = analyzed(
      analyzeSource(heatSource("first", "0.3f") + "\n\n/* spacer */\n" +
                    heatSource("second_one", "0.3f")),
      2);
  EXPECT_EQ(Two.fingerprint(0), Two.fingerprint(1));
  EXPECT_EQ(Two.fingerprint(0).size(), 16u);
  Stencil Alone = analyzed(analyzeSource(heatSource("third", "0.3f")));
  EXPECT_EQ(Alone.fingerprint(), Two.fingerprint(0));
}

TEST(Fingerprint, WhatItComputesCounts) {
  Stencil Base = analyzed(analyzeSource(heatSource("f", "0.3f")));
  Stencil Coef = analyzed(analyzeSource(heatSource("f", "0.31f")));
  EXPECT_NE(Base.fingerprint(), Coef.fingerprint());
  Stencil Float = load("star2d1r", "float");
  Stencil Double = load("star2d1r", "double");
  EXPECT_NE(Float.fingerprint(), Double.fingerprint());
  // And it is stable: the same file analyzed twice.
  EXPECT_EQ(Float.fingerprint(), load("star2d1r", "float").fingerprint());
}

TEST(GpuKey, ForName) {
  EXPECT_EQ(gpuKeyForName("NVIDIA H100 80GB HBM3"), "h100");
  EXPECT_EQ(gpuKeyForName("NVIDIA H100 PCIe"), "h100");
  EXPECT_EQ(gpuKeyForName("NVIDIA H200"), "h200");
  EXPECT_EQ(gpuKeyForName("NVIDIA H200 NVL"), "h200");
  EXPECT_EQ(gpuKeyForName("Tesla V100-SXM2-16GB"), "tesla v100-sxm2-16gb");
  EXPECT_EQ(gpuKeyForName("CPU emulation"), "cpu emulation");
}

// ---------------------------------------------------------------- candidates

bool isBaseRole(CandidateRole R) {
  return R == CandidateRole::Default || R == CandidateRole::Neighbour ||
         R == CandidateRole::Specialization || R == CandidateRole::Model ||
         R == CandidateRole::Naive || R == CandidateRole::StreamSums ||
         R == CandidateRole::WarpShuffle || R == CandidateRole::Cached;
}

std::vector<TuningCandidate> candidates(const Stencil &S, unsigned TopK,
                                        unsigned VariantBases) {
  ModelInput In = modelInput(S.program(), S.analysis(),
                             benchmarkExtents(S.analysis().NumDims));
  return tuningCandidates(S.program(), S.analysis(), In, h100(), TopK,
                          VariantBases);
}

void checkCandidates(const Stencil &S, unsigned TopK, unsigned VariantBases) {
  std::vector<TuningCandidate> Cands = candidates(S, TopK, VariantBases);
  ASSERT_FALSE(Cands.empty());
  EXPECT_EQ(Cands[0].Role, CandidateRole::Default);
  EXPECT_EQ(Cands[0].Base, 0u);
  // The default is the plan stencilcc compiles without options, or the
  // blocked plan a one-step default replaced.
  DefaultPlanChoice Default = modelDefaultPlan(
      S.program(), S.analysis(),
      modelInput(S.program(), S.analysis(),
                 benchmarkExtents(S.analysis().NumDims)),
      h100());
  if (Default.OneStepWhy.empty() && !Default.ShuffleRule) {
    EXPECT_EQ(Cands[0].Flags, planFlags(Default.Plan));
  } else if (Default.ReplacedBlocked) {
    EXPECT_EQ(Cands[0].Flags, planFlags(*Default.ReplacedBlocked));
  }

  std::set<std::string> Flags;
  unsigned Models = 0, Naives = 0, StreamSums = 0, AsyncCopies = 0,
           InteriorLoops = 0, CachedSides = 0, BlockedBases = 0,
           Shuffles = 0, Rows = 0,
           Orders = 0, OffsetsStores = 0, StageLayouts = 0;
  bool SeenVariant = false;
  for (size_t I = 0; I < Cands.size(); ++I) {
    const TuningCandidate &C = Cands[I];
    SCOPED_TRACE(std::to_string(I) + " " + candidateRoleName(C.Role) + " " +
                 C.Flags);
    EXPECT_TRUE(Flags.insert(C.Flags).second) << "duplicate";
    EXPECT_EQ(C.Naive, C.Role == CandidateRole::Naive);
    if (C.Naive) {
      // The naive kernel: the last base but the streaming partial-sums
      // kernels, not modelled.
      ++Naives;
      EXPECT_EQ(C.Flags, "--naive");
      EXPECT_EQ(C.Predicted.GCellsPerSecond, 0.0);
      EXPECT_TRUE(I + 1 == Cands.size() || !isBaseRole(Cands[I + 1].Role) ||
                  Cands[I + 1].Role == CandidateRole::StreamSums ||
                  Cands[I + 1].Role == CandidateRole::WarpShuffle);
    } else {
      EXPECT_EQ(C.Flags, planFlags(C.Plan));
      expectRoundTrip(S, C.Plan);
    }
    if (C.Role == CandidateRole::Specialization) {
      EXPECT_NE(C.Plan.Variant, Cands[0].Plan.Variant);
      EXPECT_EQ(C.Plan.TemporalDegree, Cands[0].Plan.TemporalDegree);
      EXPECT_EQ(C.Plan.BlockSizes, Cands[0].Plan.BlockSizes);
    }
    // The streaming partial-sums kernel: after the naive kernel, 1 and 2
    // rows, each plane by plane and value by value, for 3D sums of
    // products, not modelled.
    EXPECT_EQ(C.Role == CandidateRole::StreamSums, C.Plan.StreamSumRows > 0);
    if (C.Role == CandidateRole::StreamSums) {
      EXPECT_EQ(S.analysis().NumDims, 3u);
      EXPECT_TRUE(S.analysis().SumOfProducts);
      EXPECT_EQ(C.Flags, "--stream-sums=" + std::to_string(1 + StreamSums / 2) +
                             (StreamSums % 2 ? " --sum-order=value" : ""));
      ++StreamSums;
      EXPECT_EQ(C.Predicted.GCellsPerSecond, 0.0);
      ASSERT_GT(I, 0u);
      EXPECT_TRUE(Cands[I - 1].Role == CandidateRole::Naive ||
                  Cands[I - 1].Role == CandidateRole::StreamSums);
    }
    // The warp-shuffle exchange: 2D only, after the naive kernel, its own
    // base, modelled.
    EXPECT_EQ(C.Role == CandidateRole::WarpShuffle,
              C.Plan.Exchange == ExchangeScheme::Shuffle);
    if (C.Role == CandidateRole::WarpShuffle) {
      ++Shuffles;
      EXPECT_EQ(S.analysis().NumDims, 2u);
      EXPECT_TRUE(C.Plan.WarpCells == 4 || C.Plan.WarpCells == 2);
      EXPECT_GT(C.Predicted.GCellsPerSecond, 0.0);
      ASSERT_GT(I, 0u);
      EXPECT_TRUE(Cands[I - 1].Role == CandidateRole::Naive ||
                  Cands[I - 1].Role == CandidateRole::WarpShuffle);
    }
    Models += C.Role == CandidateRole::Model;
    if (isBaseRole(C.Role)) {
      // The bases come first, each its own base.
      EXPECT_FALSE(SeenVariant);
      EXPECT_EQ(AsyncCopies, 0u);
      BlockedBases += C.modelled();
      EXPECT_EQ(C.Base, I);
      EXPECT_NE(C.Role == CandidateRole::Default, I > 0);
    } else if (C.Role == CandidateRole::AsyncCopy) {
      // Every blocked base with its loads the other way, whatever
      // VariantBases says; only that (and the prefetch that goes with it)
      // differs from its base.
      ASSERT_LT(C.Base, I);
      const TuningCandidate &B = Cands[C.Base];
      EXPECT_TRUE(isBaseRole(B.Role));
      EXPECT_TRUE(B.modelled());
      // Or, for a base with them, the same copies without register
      // prefetch.
      if (B.Plan.AsyncDepth && C.Plan.AsyncDepth) {
        EXPECT_EQ(C.Plan.AsyncDepth, B.Plan.AsyncDepth);
        EXPECT_EQ(C.Plan.Prefetch, 0);
        EXPECT_NE(B.Plan.Prefetch, 0);
      } else {
        EXPECT_EQ(C.Plan.AsyncDepth, B.Plan.AsyncDepth ? 0u : 4u);
        EXPECT_EQ(C.Plan.Prefetch, C.Plan.AsyncDepth ? 1 : 2);
      }
      EXPECT_EQ(C.Plan.TemporalDegree, B.Plan.TemporalDegree);
      EXPECT_EQ(C.Plan.BlockSizes, B.Plan.BlockSizes);
      EXPECT_EQ(C.Plan.Variant, B.Plan.Variant);
      EXPECT_EQ(C.Plan.Exchange, B.Plan.Exchange);
      EXPECT_EQ(InteriorLoops, 0u);
      EXPECT_EQ(Rows, 0u);
      ++AsyncCopies;
    } else if (C.Role == CandidateRole::RowsPerThread) {
      // Every 3D blocked base of SCR or partial sums (and the cached
      // plan) with two rows per thread, in its tile or one twice as tall,
      // after the asynchronous copies and before the interior loops;
      // nothing else differs but the blocks per SM, which the rule
      // chooses. A base of its own (timed even if it spills).
      EXPECT_EQ(C.Base, I);
      size_t From = 0;
      while (From < I && !(isBaseRole(Cands[From].Role) &&
                           !Cands[From].Naive &&
                           Cands[From].Plan.TemporalDegree ==
                               C.Plan.TemporalDegree &&
                           Cands[From].Plan.Variant == C.Plan.Variant &&
                           Cands[From].Plan.Exchange == C.Plan.Exchange &&
                           Cands[From].Plan.AsyncDepth == C.Plan.AsyncDepth &&
                           Cands[From].Plan.BlockSizes[1] ==
                               C.Plan.BlockSizes[1] &&
                           (Cands[From].Plan.BlockSizes[0] ==
                                C.Plan.BlockSizes[0] ||
                            2 * Cands[From].Plan.BlockSizes[0] ==
                                C.Plan.BlockSizes[0])))
        ++From;
      ASSERT_LT(From, I);
      const TuningCandidate &B = Cands[From];
      EXPECT_EQ(S.analysis().NumDims, 3u);
      EXPECT_EQ(B.Plan.RowsPerThread, 1u);
      EXPECT_EQ(C.Plan.RowsPerThread, 2u);
      EXPECT_TRUE(B.Plan.Exchange == ExchangeScheme::SCR ||
                  B.Plan.Variant == OptimizationVariant::Assoc);
      EXPECT_TRUE(C.Plan.BlockSizes[0] == B.Plan.BlockSizes[0] ||
                  C.Plan.BlockSizes[0] == 2 * B.Plan.BlockSizes[0]);
      EXPECT_EQ(C.Plan.BlockSizes[1], B.Plan.BlockSizes[1]);
      EXPECT_EQ(C.Plan.AsyncDepth, B.Plan.AsyncDepth);
      EXPECT_EQ(C.Plan.TemporalDegree, B.Plan.TemporalDegree);
      EXPECT_EQ(C.Plan.Variant, B.Plan.Variant);
      EXPECT_EQ(C.Plan.Exchange, B.Plan.Exchange);
      EXPECT_GT(C.Predicted.GCellsPerSecond, 0.0);
      EXPECT_EQ(InteriorLoops, 0u);
      ++Rows;
    } else if (C.Role == CandidateRole::Order) {
      // Every candidate with partial sums before it (a base, the cached
      // plan, a rows candidate) with the other order; nothing else
      // differs.
      ASSERT_LT(C.Base, I);
      const TuningCandidate &B = Cands[C.Base];
      EXPECT_TRUE(isBaseRole(B.Role) ||
                  B.Role == CandidateRole::RowsPerThread);
      EXPECT_EQ(B.Plan.Variant, OptimizationVariant::Assoc);
      EXPECT_NE(C.Plan.Order, B.Plan.Order);
      EXPECT_EQ(C.Plan.TemporalDegree, B.Plan.TemporalDegree);
      EXPECT_EQ(C.Plan.BlockSizes, B.Plan.BlockSizes);
      EXPECT_EQ(C.Plan.RowsPerThread, B.Plan.RowsPerThread);
      EXPECT_EQ(C.Plan.AsyncDepth, B.Plan.AsyncDepth);
      EXPECT_EQ(InteriorLoops, 0u);
      ++Orders;
    } else if (C.Role == CandidateRole::InteriorLoop) {
      // Every blocked base of bT > 1 with the interior loop the other way,
      // after the asynchronous copies; nothing else differs, but that a
      // cached base's sides-loop candidate may hold a block more per SM.
      ASSERT_LT(C.Base, I);
      const TuningCandidate &B = Cands[C.Base];
      EXPECT_TRUE(isBaseRole(B.Role));
      EXPECT_GT(B.Plan.TemporalDegree, 1u);
      EXPECT_NE(C.Plan.InteriorLoop, B.Plan.InteriorLoop);
      EXPECT_EQ(C.Plan.AsyncDepth, B.Plan.AsyncDepth);
      EXPECT_EQ(C.Plan.TemporalDegree, B.Plan.TemporalDegree);
      EXPECT_EQ(C.Plan.BlockSizes, B.Plan.BlockSizes);
      EXPECT_EQ(C.Plan.Variant, B.Plan.Variant);
      EXPECT_EQ(C.Plan.Exchange, B.Plan.Exchange);
      if (C.Plan.InteriorLoop == 2 &&
          B.Plan.Exchange == ExchangeScheme::Cached) {
        EXPECT_EQ(B.Plan.InteriorLoop, 1u);
        EXPECT_GE(C.Plan.BlocksPerSM, B.Plan.BlocksPerSM);
        EXPECT_LE(C.Plan.BlocksPerSM, B.Plan.BlocksPerSM + 1);
        ++CachedSides;
      } else {
        EXPECT_EQ(C.Plan.BlocksPerSM, B.Plan.BlocksPerSM);
      }
      EXPECT_FALSE(SeenVariant);
      ++InteriorLoops;
    } else if (C.Role == CandidateRole::OffsetsStore) {
      // The first bases, the rows candidates and the cached plan (blocked,
      // not warp-shuffle) with 32-bit offsets, alone and with the
      // predicated store, after the interior loops; nothing else differs.
      ASSERT_LT(C.Base, I);
      const TuningCandidate &B = Cands[C.Base];
      EXPECT_EQ(B.Base, C.Base);
      EXPECT_TRUE(C.Base < VariantBases || B.Role == CandidateRole::Cached ||
                  B.Role == CandidateRole::RowsPerThread);
      EXPECT_FALSE(B.Naive);
      EXPECT_EQ(B.Plan.StreamSumRows, 0u);
      EXPECT_NE(B.Plan.Exchange, ExchangeScheme::Shuffle);
      EXPECT_TRUE(C.Plan.NarrowOffsets != B.Plan.NarrowOffsets ||
                  C.Plan.PredicatedStore != B.Plan.PredicatedStore);
      EXPECT_TRUE(C.Plan.NarrowOffsets || !C.Plan.PredicatedStore);
      TemporalBlockingPlan Same = C.Plan;
      Same.NarrowOffsets = B.Plan.NarrowOffsets;
      Same.PredicatedStore = B.Plan.PredicatedStore;
      EXPECT_EQ(planFlags(Same), B.Flags);
      EXPECT_FALSE(SeenVariant);
      ++OffsetsStores;
    } else if (C.Role == CandidateRole::StageLayout) {
      // The first bases, the rows candidates and the cached plan that
      // stage SCR copies, with the other stage layout (the plane layout
      // also one plane shallower), after the rows candidates and before
      // the sum orders; nothing else differs.
      ASSERT_LT(C.Base, I);
      const TuningCandidate &B = Cands[C.Base];
      EXPECT_EQ(B.Base, C.Base);
      EXPECT_TRUE(C.Base < VariantBases || B.Role == CandidateRole::Cached ||
                  B.Role == CandidateRole::RowsPerThread);
      EXPECT_EQ(B.Plan.Exchange, ExchangeScheme::SCR);
      EXPECT_NE(B.Plan.Variant, OptimizationVariant::Assoc);
      EXPECT_GT(B.Plan.AsyncDepth, 0u);
      EXPECT_NE(C.Plan.StagedExchange, B.Plan.StagedExchange);
      EXPECT_TRUE(C.Plan.AsyncDepth == B.Plan.AsyncDepth ||
                  (C.Plan.StagedExchange &&
                   C.Plan.AsyncDepth + 1 == B.Plan.AsyncDepth));
      TemporalBlockingPlan Same = C.Plan;
      Same.StagedExchange = B.Plan.StagedExchange;
      Same.AsyncDepth = B.Plan.AsyncDepth;
      EXPECT_EQ(planFlags(Same), B.Flags);
      EXPECT_EQ(Orders, 0u);
      EXPECT_EQ(InteriorLoops, 0u);
      EXPECT_FALSE(SeenVariant);
      ++StageLayouts;
    } else {
      SeenVariant = true;
      ASSERT_LT(C.Base, I);
      EXPECT_TRUE(isBaseRole(Cands[C.Base].Role));
      EXPECT_LT(C.Base, VariantBases);
    }
    if (C.Role == CandidateRole::RegisterCap) {
      EXPECT_TRUE(C.Plan.MaxRegisters == 32 || C.Plan.MaxRegisters == 64 ||
                  C.Plan.MaxRegisters == 96 || C.Plan.MaxRegisters == 128)
          << C.Plan.MaxRegisters;
      EXPECT_EQ(C.Plan.summary(), [&] {
        // A cap changes nothing else of its base.
        PlanRequest R;
        bool Naive = false;
        std::string Error;
        parsePlanFlags(Cands[C.Base].Flags, R, Naive, Error);
        R.BlocksPerSM.reset();
        R.MaxRegisters = C.Plan.MaxRegisters;
        return S.plan(R).summary();
      }());
    } else {
      EXPECT_EQ(C.Plan.MaxRegisters, 0u);
    }
  }
  // The top K, and the best of each specialization they lack.
  EXPECT_LE(Models, TopK + 2);
  EXPECT_EQ(Naives, 1u);
  // One per blocked base but those whose variant duplicates a base.
  EXPECT_GT(AsyncCopies, 0u);
  EXPECT_LE(AsyncCopies, 2 * BlockedBases);
  EXPECT_GT(InteriorLoops, 0u);
  EXPECT_LE(InteriorLoops - CachedSides, BlockedBases);
  EXPECT_LE(CachedSides, BlockedBases);
  // 1 and 2 rows, plane by plane and value by value.
  EXPECT_EQ(StreamSums, S.analysis().NumDims == 3 && S.analysis().SumOfProducts
                            ? 4u
                            : 0u);
  EXPECT_EQ(Shuffles, S.analysis().NumDims == 2 ? 3u : 0u);
  EXPECT_EQ(Rows > 0, S.analysis().NumDims == 3);
  EXPECT_EQ(Orders > 0, S.analysis().SumOfProducts);
  EXPECT_EQ(OffsetsStores > 0, VariantBases > 0 || Rows > 0);
  // 2D plans have no copies by default; 3D stars do (and the rows
  // candidates of their SCR bases).
  bool Star3 = S.analysis().NumDims == 3 &&
               Cands[0].Plan.Exchange == ExchangeScheme::SCR &&
               Cands[0].Plan.AsyncDepth > 0;
  EXPECT_EQ(StageLayouts > 0, Star3);
  if (VariantBases == 0) {
    EXPECT_FALSE(SeenVariant);
  }
}

TEST(TuningCandidates, Invariants) {
  for (const char *Name : {"star2d1r", "box2d1r", "star3d1r", "j2d9pt"}) {
    SCOPED_TRACE(Name);
    Stencil S = load(Name);
    checkCandidates(S, 4, 4);
    checkCandidates(S, 1, 1);
    checkCandidates(S, 2, 0);
  }
  Stencil D = load("box3d1r", "double");
  checkCandidates(D, 4, 4);
}

// The plan cache's plan is timed beside the candidates: a base of its own,
// right after the naive kernel, unless another candidate is that plan.
TEST(TuningCandidates, TheCachedPlanIsACandidate) {
  Stencil S = load("star2d1r");
  ModelInput In = modelInput(S.program(), S.analysis(),
                             benchmarkExtents(S.analysis().NumDims));
  std::vector<TuningCandidate> Plain = candidates(S, 1, 1);
  PlanRequest Cached;
  bool Naive = false;
  std::string Error;
  ASSERT_TRUE(parsePlanFlags("--bt=5 --bs=512 --sl=1024 --exchange=scr --rd=1 "
                             "--opt=star",
                             Cached, Naive, Error))
      << Error;
  std::vector<TuningCandidate> With = tuningCandidates(
      S.program(), S.analysis(), In, h100(), 1, 1, Cached);
  // The cached plan and its two offsets-store variants.
  ASSERT_EQ(With.size(), Plain.size() + 3);
  size_t NaiveAt = 0;
  while (NaiveAt < With.size() && With[NaiveAt].Role != CandidateRole::Naive)
    ++NaiveAt;
  ASSERT_LT(NaiveAt + 1, With.size());
  const TuningCandidate &C = With[NaiveAt + 1];
  EXPECT_EQ(C.Role, CandidateRole::Cached);
  EXPECT_STREQ(candidateRoleName(C.Role), "cached");
  EXPECT_EQ(C.Base, NaiveAt + 1);
  EXPECT_EQ(C.Plan.TemporalDegree, 5u);
  EXPECT_EQ(C.Plan.BlockSizes, std::vector<unsigned>{512});
  EXPECT_TRUE(C.modelled());
  // The default plan cached: nothing new to time.
  PlanRequest Default;
  ASSERT_TRUE(parsePlanFlags(Plain[0].Flags, Default, Naive, Error)) << Error;
  EXPECT_EQ(tuningCandidates(S.program(), S.analysis(), In, h100(), 1, 1,
                             Default)
                .size(),
            Plain.size());
}

// --tune-roles: the chosen roles and the bases their variants name, in
// their order, every Base pointing at its base in the narrower list.
TEST(TuningCandidates, KeepRoles) {
  Stencil S = load("star3d1r");
  std::vector<TuningCandidate> All = candidates(S, 4, 4);
  std::set<CandidateRole> Roles = {CandidateRole::OffsetsStore,
                                   CandidateRole::InteriorLoop};
  std::vector<TuningCandidate> Kept = keepCandidateRoles(All, Roles);
  std::set<std::string> Expected;
  for (const TuningCandidate &C : All)
    if (Roles.count(C.Role)) {
      Expected.insert(C.Flags);
      Expected.insert(All[C.Base].Flags);
    }
  ASSERT_FALSE(Kept.empty());
  EXPECT_LT(Kept.size(), All.size());
  std::set<std::string> Got;
  size_t Variants = 0;
  for (size_t I = 0; I < Kept.size(); ++I) {
    const TuningCandidate &C = Kept[I];
    Got.insert(C.Flags);
    ASSERT_LT(C.Base, Kept.size());
    EXPECT_EQ(Kept[C.Base].Base, C.Base) << "a base varies itself";
    if (C.Base != I) {
      ++Variants;
      EXPECT_TRUE(Roles.count(C.Role));
      EXPECT_LT(C.Base, I);
    }
  }
  EXPECT_GT(Variants, 0u);
  EXPECT_EQ(Got, Expected);
  EXPECT_TRUE(keepCandidateRoles(All, {CandidateRole::WarpShuffle}).empty());
}

TEST(TuningCandidates, RoleNamesParseBack) {
  for (int R = 0; R <= int(CandidateRole::StageLayout); ++R)
    EXPECT_EQ(parseCandidateRole(candidateRoleName(CandidateRole(R))),
              CandidateRole(R));
  EXPECT_EQ(parseCandidateRole("bogus"), std::nullopt);
  EXPECT_EQ(parseCandidateRole("?"), std::nullopt);
}

TEST(TuningCandidates, TheSetOfStar2d1r) {
  Stencil S = load("star2d1r");
  std::vector<TuningCandidate> Cands = candidates(S, 1, 1);
  // The default (bT=8), its bT neighbours, one model plan.
  ASSERT_GE(Cands.size(), 4u);
  EXPECT_EQ(Cands[1].Role, CandidateRole::Neighbour);
  EXPECT_EQ(Cands[1].Plan.TemporalDegree, Cands[0].Plan.TemporalDegree - 1);
  EXPECT_EQ(Cands[2].Role, CandidateRole::Neighbour);
  EXPECT_EQ(Cands[2].Plan.TemporalDegree, Cands[0].Plan.TemporalDegree + 1);
  EXPECT_EQ(Cands[3].Role, CandidateRole::Model);
  // The model's best plan of the specialization the top plan lacks (the
  // top one is opt=star: an assoc plan; the model ranks no opt=none one).
  EXPECT_EQ(Cands[4].Role, CandidateRole::Model);
  EXPECT_EQ(Cands[4].Plan.Variant, OptimizationVariant::Assoc);
  EXPECT_EQ(Cands[3].Plan.Variant, OptimizationVariant::Star);
  // Then the default with the other specializations (star2d1r's default
  // is opt=star: assoc and none), the default at bT=1, the naive kernel.
  ASSERT_GE(Cands.size(), 9u);
  EXPECT_EQ(Cands[5].Role, CandidateRole::Specialization);
  EXPECT_EQ(Cands[5].Plan.Variant, OptimizationVariant::Assoc);
  EXPECT_EQ(Cands[6].Role, CandidateRole::Specialization);
  EXPECT_EQ(Cands[6].Plan.Variant, OptimizationVariant::General);
  EXPECT_EQ(Cands[7].Role, CandidateRole::Neighbour);
  EXPECT_EQ(Cands[7].Plan.TemporalDegree, 1u);
  EXPECT_EQ(Cands[7].Plan.Variant, Cands[0].Plan.Variant);
  EXPECT_EQ(Cands[8].Role, CandidateRole::Naive);
  // The warp-shuffle exchange: 4 cells per lane at bT=12 and 8, 2 cells.
  ASSERT_GE(Cands.size(), 12u);
  for (unsigned I = 9; I < 12; ++I)
    EXPECT_EQ(Cands[I].Role, CandidateRole::WarpShuffle);
  EXPECT_EQ(Cands[9].Flags, "--bt=12 --bs=128 --sl=256 --exchange=shuffle "
                            "--cells=4 --opt=star --blocks-per-sm=1");
  EXPECT_EQ(Cands[10].Plan.TemporalDegree, 8u);
  EXPECT_EQ(Cands[11].Plan.WarpCells, 2u);
  // Variants of the default only: all four caps fit a block of 256 threads.
  std::vector<unsigned> Caps;
  unsigned Variants = 0;
  for (const TuningCandidate &C : Cands) {
    if (isBaseRole(C.Role) || C.Role == CandidateRole::AsyncCopy ||
        C.Role == CandidateRole::InteriorLoop ||
        C.Role == CandidateRole::Order)
      continue;
    ++Variants;
    EXPECT_EQ(C.Base, 0u);
    if (C.Role == CandidateRole::RegisterCap)
      Caps.push_back(C.Plan.MaxRegisters);
  }
  EXPECT_EQ(Caps, (std::vector<unsigned>{32, 64, 96, 128}));
  // And each of the 8 blocked bases with asynchronous copies (a 2D star
  // has none by default), right after the shuffle plans.
  for (unsigned I = 0; I < 8; ++I) {
    ASSERT_LT(12 + I, Cands.size());
    EXPECT_EQ(Cands[12 + I].Role, CandidateRole::AsyncCopy);
    EXPECT_EQ(Cands[12 + I].Base, I);
    EXPECT_EQ(Cands[12 + I].Plan.AsyncDepth, 4u);
  }
  // The two partial-sums bases with their sums added value by value.
  ASSERT_LT(21u, Cands.size());
  for (unsigned I = 0; I < 2; ++I) {
    EXPECT_EQ(Cands[20 + I].Role, CandidateRole::Order);
    EXPECT_EQ(Cands[20 + I].Base, 4u + I);
    EXPECT_EQ(Cands[20 + I].Plan.Order, SumOrder::Value);
  }
  // Then those of bT > 1 (all but the default at bT=1) with the interior
  // loop off (on by default for a star of radius 1), and the partial-sums
  // bases (cached exchange, interior loop 1) also with the sides loop and
  // a block more per SM.
  std::vector<std::pair<size_t, unsigned>> Loops;
  for (unsigned K = 0; K < 9; ++K) {
    ASSERT_LT(22 + K, Cands.size());
    EXPECT_EQ(Cands[22 + K].Role, CandidateRole::InteriorLoop);
    Loops.push_back({Cands[22 + K].Base, Cands[22 + K].Plan.InteriorLoop});
  }
  EXPECT_EQ(Loops, (std::vector<std::pair<size_t, unsigned>>{
                       {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {4, 2}, {5, 0},
                       {5, 2}, {6, 0}}));
  EXPECT_EQ(Cands[27].Plan.BlocksPerSM, Cands[4].Plan.BlocksPerSM + 1);
  EXPECT_EQ(Cands[29].Plan.BlocksPerSM, Cands[5].Plan.BlocksPerSM + 1);
  EXPECT_EQ(Cands.size(), 31u + Variants);
  EXPECT_TRUE(candidates(S, 0, 0).size() >= 1);
  for (const TuningCandidate &C : candidates(S, 0, 0))
    EXPECT_NE(C.Role, CandidateRole::Model);
}

} // namespace
