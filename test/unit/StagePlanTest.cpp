//===- unit/StagePlanTest.cpp - makeStagePlan on the stage-form corpus ----===//
//
// The blocked plan of stage-form regions (Planner/StagePlan.h) on inputs of
// test/Inputs/stage: how reads resolve to versions, lags and growth, which
// buffers live across launches, which sweeps store, the default plan's
// limits, requests that cannot be met, and the emitted text's shape.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/Emitter/StageBlockedEmitter.h"
#include "stencilcc/Frontend/FrontendAction.h"
#include "stencilcc/Planner/PlanCache.h"
#include "stencilcc/Planner/PlanFlags.h"
#include "stencilcc/Planner/PeriodicDimensions.h"
#include "stencilcc/Planner/StagePlan.h"
#include "stencilcc/Planner/StageTuningCandidates.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>

using namespace stencilcc;

namespace {

struct Region {
  StencilProgram Program;
  std::optional<StageAnalysis> Analysis;
};

/// Frontend and stage analysis of the stage-form region of \p Path (under
/// the source tree), with \p Args on the command line.
Region loadPath(const std::string &Path,
                const std::vector<std::string> &Args = {}) {
  Region R;
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  runFrontend(std::string(STENCILCC_SOURCE_DIR) + "/" + Path, Args,
              [&](StencilProgram &P, DiagnosticSink &D) {
                if (!P.isStageForm())
                  return;
                R.Analysis = analyzeStages(P, D);
                R.Program = std::move(P);
              },
              OS);
  EXPECT_TRUE(R.Analysis) << Path << ": " << OS.str();
  return R;
}

/// test/Inputs/stage/<Name>.c (one region).
Region load(const std::string &Name) {
  return loadPath("test/Inputs/stage/" + Name + ".c");
}

/// benchmarks/stage/<Name>.c with -DREAL=<Real>.
Region loadBenchmark(const std::string &Name, const std::string &Real) {
  return loadPath("benchmarks/stage/" + Name + ".c",
                  {"-DREAL=" + Real, std::string("-I") + STENCILCC_SOURCE_DIR +
                                         "/benchmarks/stage"});
}

std::optional<StagePlan> plan(const Region &R, unsigned Sweeps,
                              std::vector<int64_t> Tile = {},
                              std::string *WhyOut = nullptr) {
  StagePlanRequest Req;
  Req.Sweeps = Sweeps;
  Req.Tile = std::move(Tile);
  std::string Why;
  std::optional<StagePlan> P = makeStagePlan(R.Program, *R.Analysis, Req, Why);
  if (WhyOut)
    *WhyOut = Why;
  else
    EXPECT_TRUE(P) << Why;
  return P;
}

/// The buffer of array \p Name at relative level \p Level.
unsigned bufferOf(const Region &R, const StagePlan &P, const std::string &Name,
                  int64_t Level = 0) {
  for (unsigned B = 0; B < P.Buffers.size(); ++B)
    if (R.Program.Arrays[P.Buffers[B].ArrayId].Name == Name &&
        P.Buffers[B].Level == Level)
      return B;
  ADD_FAILURE() << "no buffer " << Name << " level " << Level;
  return 0;
}

std::vector<bool> bools(std::initializer_list<int> L) {
  return std::vector<bool>(L.begin(), L.end());
}

TEST(StagePlan, PingPongResolvesReadsToTheLatestSweep) {
  Region R = load("polybench_jacobi_2d");
  std::optional<StagePlan> P = plan(R, 4);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Steps, 2u);
  EXPECT_EQ(P->sweeps(), 4u);
  ASSERT_EQ(P->SweepPlans.size(), 4u);
  unsigned A = bufferOf(R, *P, "A"), B = bufferOf(R, *P, "B");
  // B = f(A), A = f(B), twice: each sweep reads the one before it, the first
  // the launch's input of A.
  EXPECT_EQ(P->SweepPlans[0].Buffer, B);
  EXPECT_EQ(P->SweepPlans[1].Buffer, A);
  for (const StageRead &Rd : P->SweepPlans[0].Reads)
    EXPECT_EQ(Rd.Version, A); // input versions come first, one per buffer
  for (unsigned K = 1; K < 4; ++K)
    for (const StageRead &Rd : P->SweepPlans[K].Reads)
      EXPECT_EQ(Rd.Version, P->SweepPlans[K - 1].Version);
  // Single writers keep their input outside the loops.
  for (const StageSweep &Sw : P->SweepPlans)
    EXPECT_EQ(Sw.Previous, -1);
  // Each sweep trails the one before by one plane and covers one cell less.
  for (unsigned K = 0; K < 4; ++K) {
    const StageVersion &V = P->Versions[P->SweepPlans[K].Version];
    EXPECT_EQ(V.Lag, int64_t(K + 1));
    EXPECT_EQ(V.GrowLow, std::vector<int64_t>(2, 3 - K));
    EXPECT_EQ(V.GrowHigh, std::vector<int64_t>(2, 3 - K));
  }
  EXPECT_EQ(P->Versions[A].GrowLow, std::vector<int64_t>(2, 4));
  // The next launch reads A's input and writes B before reading it.
  EXPECT_TRUE(P->LiveAcrossLaunches[A]);
  EXPECT_FALSE(P->LiveAcrossLaunches[B]);
  EXPECT_EQ(stageSweepStores(*P, 2, false), bools({0, 0, 0, 1}));
  EXPECT_EQ(stageSweepStores(*P, 2, true), bools({0, 0, 1, 1}));
  EXPECT_EQ(stageSweepStores(*P, 1, true), bools({1, 1, 0, 0}));
  EXPECT_EQ(stageSweepRuns(*P, 1, true), bools({1, 1, 0, 0}));
  EXPECT_EQ(stageSweepRuns(*P, 2, false), bools({1, 1, 1, 1}));
}

TEST(StagePlan, StarStencilsNeedOneBarrierPerPlane) {
  Region R = load("polybench_jacobi_2d");
  std::optional<StagePlan> P = plan(R, 6);
  ASSERT_TRUE(P);
  for (const StageVersion &V : P->Versions) {
    EXPECT_FALSE(V.BarrierAfter);
    // Neighbours along the stream come from the thread's own registers;
    // across it, from a ring of two planes.
    if (V.RingPlanes) {
      EXPECT_EQ(V.RingPlanes, 2u);
    }
  }
  for (const StageSweep &Sw : P->SweepPlans) {
    unsigned Window = 0, Ring = 0;
    for (const StageRead &Rd : Sw.Reads)
      (Rd.Kind == StageReadKind::Window ? Window : Ring) += 1;
    EXPECT_EQ(Window, 3u);
    EXPECT_EQ(Ring, 2u);
  }
  std::string Text = emitStageBlockedKernels(R.Program, *P, "k", 0);
  size_t Barriers = 0;
  for (size_t At = Text.find("__syncthreads"); At != std::string::npos;
       At = Text.find("__syncthreads", At + 1))
    ++Barriers;
  // One per plane: the plane body is written twice, the steady-state copy
  // (no row checks) and the checked one (the walk's first and last planes).
  EXPECT_EQ(Barriers, 2u);
  EXPECT_NE(Text.find("for (; plane < steady_end; ++plane)"),
            std::string::npos);
  // The steady copy computes every cell of the block (a float update read
  // from registers and rings); the checked copy only the sweep's rows and
  // box. The rings keep a pad of the reach of a ring read (1 cell).
  EXPECT_NE(Text.find("; // every cell: only its box's are read"),
            std::string::npos);
  EXPECT_EQ(Text.find("const bool rows = true;"), std::string::npos);
  EXPECT_NE(Text.find("const bool rows = i >= own0"), std::string::npos);
  EXPECT_EQ(P->RingPadCells, 1);
  EXPECT_NE(Text.find("template <int STEPS, bool FINAL, typename Offset>"),
            std::string::npos);
  EXPECT_NE(Text.find("static void k_run("), std::string::npos);
  EXPECT_NE(Text.find("k_blocked<3, false, Offset>"), std::string::npos);
  // The tail: degree 1 only below 3 (LaunchDegrees.h), in 64-bit indices.
  EXPECT_NE(Text.find("k_blocked<1, true, long>"), std::string::npos);
  EXPECT_EQ(Text.find("k_blocked<2,"), std::string::npos);
  // 32-bit cell indices where the grid's cells fit, else 64-bit; tests can
  // force the latter.
  EXPECT_NE(Text.find("if (!STENCILCC_WIDE_OFFSETS_FORCED && cells <= "
                      "2147483647L)\n    launches(int());\n  else\n    "
                      "launches(long());"),
            std::string::npos);
}

TEST(StagePlan, SteadySweepsComputeEveryCellWhereSafe) {
  // 2D: the rings keep pads of a ring read's reach (the wave: 4 cells).
  Region Wave = load("wave2d_o8");
  std::optional<StagePlan> P = plan(Wave, 3);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->RingPadCells, 4);
  uint64_t Rings = 0;
  for (const StageVersion &V : P->Versions)
    Rings += (uint64_t(V.RingPlanes) * P->Box[0] * elementTypeSize(P->Element) +
              15) /
             16 * 16;
  EXPECT_EQ(P->SharedBytes, Rings + 2 * ((P->RingPadCells * 8 + 15) / 16 * 16));
  std::string Text = emitStageBlockedKernels(Wave.Program, *P, "k", 0);
  EXPECT_NE(Text.find("every cell: only its box's are read"),
            std::string::npos);
  // 3D keeps the guard (whole warps outside the box skip it) and no pads.
  Region Heat = load("polybench_heat_3d");
  std::optional<StagePlan> H = plan(Heat, 4);
  ASSERT_TRUE(H);
  EXPECT_EQ(H->RingPadCells, 0);
  Text = emitStageBlockedKernels(Heat.Program, *H, "k", 0);
  EXPECT_EQ(Text.find("every cell"), std::string::npos);
  // Integer values keep the guards (an arbitrary value's division or
  // conversion is undefined): the float statement reads an int mask and
  // the int counter.
  Region Mixed = load("mixed_int_float");
  std::optional<StagePlan> I = plan(Mixed, 2);
  ASSERT_TRUE(I);
  Text = emitStageBlockedKernels(Mixed.Program, *I, "k", 0);
  EXPECT_EQ(Text.find("every cell"), std::string::npos);
  EXPECT_NE(Text.find("const bool rows = true;"), std::string::npos);
}

TEST(StagePlan, SeveralWritersKeepThePreviousVersion) {
  Region R = load("polybench_fdtd_2d");
  std::optional<StagePlan> P = plan(R, 8);
  ASSERT_TRUE(P);
  unsigned Ey = bufferOf(R, *P, "ey");
  // ey[0][j] = fict[t] keeps the rest of ey; the interior statement keeps
  // row 0 from it.
  EXPECT_EQ(P->SweepPlans[0].Previous, int(Ey));
  EXPECT_EQ(P->SweepPlans[1].Previous, int(P->SweepPlans[0].Version));
  EXPECT_EQ(P->SweepPlans[4].Previous, int(P->SweepPlans[1].Version));
  EXPECT_EQ(P->SweepPlans[2].Previous, -1); // ex: one writer
  EXPECT_EQ(P->SweepPlans[3].Previous, -1); // hz: one writer
  EXPECT_EQ(P->SweepPlans[0].Reads[0].Kind, StageReadKind::Global); // fict[t]
  // Every array reads its own input: all three are live.
  for (bool Live : P->LiveAcrossLaunches)
    EXPECT_TRUE(Live);
  // hz reads ey[i + 1] and ex across the stream (a ring, one plane
  // later); ex reads hz across it: two planes per step.
  EXPECT_EQ(P->Versions[P->SweepPlans[3].Version].Lag, 1);
  EXPECT_EQ(P->Versions[P->SweepPlans[6].Version].Lag, 2);
  EXPECT_EQ(P->Versions[P->SweepPlans[7].Version].Lag, 3);
}

TEST(StagePlan, LevelsAreRelativeToTheLaunch) {
  Region R = load("wave2d_o8");
  std::optional<StagePlan> P = plan(R, 3);
  ASSERT_TRUE(P);
  ASSERT_EQ(P->Buffers.size(), 3u);
  // Step tau writes level tau + 2 from levels tau + 1 and tau.
  for (unsigned K = 0; K < 3; ++K)
    EXPECT_EQ(P->SweepPlans[K].Buffer, bufferOf(R, *P, "U", (K + 2) % 3));
  std::set<unsigned> Step1;
  for (const StageRead &Rd : P->SweepPlans[1].Reads)
    if (Rd.Kind != StageReadKind::Global)
      Step1.insert(Rd.Version);
  EXPECT_EQ(Step1, (std::set<unsigned>{bufferOf(R, *P, "U", 1),
                                       P->SweepPlans[0].Version}));
  // After 3 steps, relative level r is the next launch's level r; it reads
  // levels 0 and 1 and writes 2 first.
  EXPECT_EQ(P->LiveAcrossLaunches,
            (std::vector<bool>{true, true, false}));
  EXPECT_EQ(stageSweepStores(*P, 3, false), bools({0, 1, 1}));
  EXPECT_EQ(stageSweepStores(*P, 1, true), bools({1, 0, 0}));
}

TEST(StagePlan, ClampedSubscriptsAreComputed) {
  Region R = load("hotspot");
  std::optional<StagePlan> P = plan(R, 2);
  ASSERT_TRUE(P);
  unsigned Computed = 0;
  for (const StageRead &Rd : P->SweepPlans[0].Reads)
    if (Rd.Kind == StageReadKind::Ring && Rd.Offsets.empty())
      ++Computed;
  EXPECT_EQ(Computed, 4u); // MIN/MAX in both dimensions
  // Reach one cell per step in every direction.
  EXPECT_EQ(P->Versions[bufferOf(R, *P, "temp", 0)].GrowLow,
            (std::vector<int64_t>{2, 2}));
}

TEST(StagePlan, FieldsReadAtNeighboursAreLoadedOncePerPlane) {
  Region R = load("diffusion3d_varcoef");
  std::optional<StagePlan> P = plan(R, 2);
  ASSERT_TRUE(P);
  // K[z][y][x +- 1] ...: one field version, read from registers along the
  // stream and from shared memory across it.
  const StageVersion &K = P->Versions.back();
  ASSERT_GE(K.Field, 0);
  EXPECT_EQ(R.Program.Arrays[K.Field].Name, "K");
  unsigned FieldReads = 0;
  for (const StageSweep &Sw : P->SweepPlans)
    for (const StageRead &Rd : Sw.Reads) {
      EXPECT_NE(Rd.Kind, StageReadKind::Global);
      FieldReads += Rd.Version == P->Versions.size() - 1;
    }
  EXPECT_EQ(FieldReads, 2u * 12);
  // Two sweeps read its ring one and two planes back: loaded before the
  // barrier, it keeps one plane more, rounded to a power of two.
  EXPECT_EQ(K.RingPlanes, 4u);
  // hotspot's power is read at the cell only: from global memory.
  Region H = load("hotspot");
  std::optional<StagePlan> HP = plan(H, 2);
  ASSERT_TRUE(HP);
  for (const StageVersion &V : HP->Versions)
    EXPECT_LT(V.Field, 0);
}

TEST(StagePlan, OneDimensionHasNoStream) {
  Region R = load("pathfinder");
  std::optional<StagePlan> P = plan(R, 3, {100});
  ASSERT_TRUE(P);
  EXPECT_FALSE(P->streams());
  EXPECT_EQ(P->Tile, std::vector<int64_t>{100});
  EXPECT_GE(P->Box[0], 100 + 6);
  for (const StageSweep &Sw : P->SweepPlans) {
    const StageVersion &V = P->Versions[Sw.Version];
    EXPECT_EQ(V.Lag, 0);
    // Later sweeps read the ring in the same pass.
    if (V.RingPlanes) {
      EXPECT_TRUE(V.BarrierAfter);
    }
  }
}

TEST(StagePlan, PeriodicRegionsBlockAsTori) {
  // Both dimensions wrap; each wrap is its near neighbour: radius 1.
  Region R = load("periodic_2d");
  std::optional<StagePlan> P = plan(R, 2);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Periodic, (std::vector<bool>{true, true}));
  const StageVersion &In = P->Versions[P->SweepPlans[0].Reads[0].Version];
  EXPECT_EQ(In.GrowLow, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(In.GrowHigh, (std::vector<int64_t>{2, 2}));
  // (i + n - 2) % n reaches 2 to the left, (i + 1) % n 1 to the right, per
  // sweep; the walls of the 3D field's dimension 0 do not wrap.
  Region One = load("periodic_1d");
  std::optional<StagePlan> P1 = plan(One, 2);
  ASSERT_TRUE(P1);
  EXPECT_EQ(P1->Periodic, (std::vector<bool>{true}));
  EXPECT_EQ(P1->Versions[1].GrowLow, (std::vector<int64_t>{4})); // A's input
  EXPECT_EQ(P1->Versions[1].GrowHigh, (std::vector<int64_t>{2}));
  Region Three = load("periodic_3d_field");
  std::optional<StagePlan> P3 = plan(Three, 1);
  ASSERT_TRUE(P3);
  EXPECT_EQ(P3->Periodic, (std::vector<bool>{false, true, true}));
}

TEST(StagePlan, PeriodicOffsets) {
  IndexExpr J = IndexExpr::affine(AffineExpr::symbol("j"));
  AffineExpr M = AffineExpr::symbol("m");
  auto Mod = [&](AffineExpr Dividend, AffineExpr Divisor) {
    return IndexExpr::mod(IndexExpr::affine(Dividend), Divisor);
  };
  AffineExpr Jv = AffineExpr::symbol("j");
  EXPECT_EQ(periodicOffset(Mod(Jv + AffineExpr::constant(1), M), "j", M), 1);
  EXPECT_EQ(periodicOffset(Mod(Jv + M - AffineExpr::constant(2), M), "j", M),
            -2);
  EXPECT_EQ(periodicOffset(Mod(Jv + M * 2 - AffineExpr::constant(1), M), "j",
                           M),
            -1);
  // Another divisor, another variable, a scaled variable: not a wrap.
  EXPECT_FALSE(periodicOffset(Mod(Jv + AffineExpr::constant(1),
                                  AffineExpr::symbol("n")),
                              "j", M));
  EXPECT_FALSE(periodicOffset(Mod(Jv + AffineExpr::constant(1), M), "i", M));
  EXPECT_FALSE(periodicOffset(Mod(Jv * 2, M), "j", M));
  EXPECT_FALSE(periodicOffset(J, "j", M));
  // A constant extent: the offset nearest zero.
  AffineExpr N64 = AffineExpr::constant(64);
  EXPECT_EQ(periodicOffset(Mod(Jv + AffineExpr::constant(63), N64), "j", N64),
            -1);
  EXPECT_EQ(periodicOffset(Mod(Jv + AffineExpr::constant(3), N64), "j", N64),
            3);
}

TEST(StagePlan, RequestsThatCannotBeMet) {
  Region R = load("polybench_jacobi_2d");
  std::string Why;
  EXPECT_FALSE(plan(R, 3, {}, &Why));
  EXPECT_NE(Why.find("multiple of 2 stages"), std::string::npos) << Why;
  EXPECT_FALSE(plan(R, 2, {64, 64, 64}, &Why));
  EXPECT_NE(Why.find("2 sizes"), std::string::npos) << Why;
  StagePlanRequest Req;
  Req.Sweeps = 40;
  Req.Threads = {32};
  EXPECT_FALSE(makeStagePlan(R.Program, *R.Analysis, Req, Why));
  EXPECT_NE(Why.find("halo"), std::string::npos) << Why;
}

TEST(StagePlan, ExplicitTileAndBlock) {
  Region R = load("polybench_heat_3d");
  std::optional<StagePlan> P = plan(R, 2, {64, 10, 30});
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Tile, (std::vector<int64_t>{64, 10, 30}));
  // x covers 30 + 2 + 2 cells in whole warps, y the 14 rows.
  EXPECT_EQ(P->Threads, (std::vector<unsigned>{64, 8}));
  EXPECT_EQ(P->CellsPerThread, (std::vector<unsigned>{1, 2}));
}

/// Blocks of the default plan at the benchmark size.
int64_t blocksAtBenchmarkSize(const StagePlan &P) {
  int64_t N = P.NumDims == 1 ? (int64_t(1) << 24) : P.NumDims == 2 ? 16384 : 512;
  int64_t Blocks = 1;
  for (int64_t T : P.Tile)
    Blocks *= (N + T - 1) / T;
  return Blocks;
}

TEST(StagePlan, DefaultPlanKeepsNaiveWhereBlockingDoesNotPay) {
  // Radius 4 in 3D: one step per launch already grows a 32 x 32 box by 8.
  Region R = load("wave3d_o8");
  std::string Why;
  EXPECT_FALSE(plan(R, 0, {}, &Why));
  EXPECT_NE(Why.find("does not pay"), std::string::npos) << Why;
  // An explicit request is honoured.
  EXPECT_TRUE(plan(R, 1, {}, &Why)) << Why;
}

TEST(StagePlan, Default3DPlansBlockRadiusOneStarsOnly) {
  // In 3D the blocked stage kernels beat the naive ones on radius-1 stars
  // only (docs/results/stage-3d-shapes-h100-2026-11-28): the 19-point
  // shape, the 27-point box and the radius-2 star keep the naive kernels,
  // in both precisions, whatever the model predicts for their plans.
  for (const char *Name : {"relax19_3d", "box27_rhs_3d", "star13_rhs_3d"})
    for (const char *Real : {"float", "double"}) {
      std::string Why;
      EXPECT_FALSE(plan(loadBenchmark(Name, Real), 0, {}, &Why))
          << Name << " " << Real;
      EXPECT_NE(Why.find("only where every read is the cell or a face "
                         "neighbour"),
                std::string::npos)
          << Why;
      // An explicit request is honoured.
      EXPECT_TRUE(plan(loadBenchmark(Name, Real), 2)) << Name << " " << Real;
    }
  for (const char *Name : {"diffusion3d_var", "heat7_rhs_3d"})
    for (const char *Real : {"float", "double"})
      EXPECT_TRUE(plan(loadBenchmark(Name, Real), 0)) << Name << " " << Real;
  // A periodic neighbour two cells away is no radius-1 star either.
  std::string Why;
  EXPECT_FALSE(plan(load("periodic_3d_field"), 0, {}, &Why));
  EXPECT_NE(Why.find("face neighbour"), std::string::npos) << Why;
}

TEST(StagePlan, DefaultPlansFitTheDevice) {
  for (const char *Name :
       {"polybench_jacobi_2d", "polybench_heat_3d", "polybench_fdtd_2d",
        "hotspot", "wave2d_o8", "diffusion3d_varcoef", "pathfinder",
        "boundary_slice_3d", "levels4"}) {
    Region R = load(Name);
    std::optional<StagePlan> P = plan(R, 0);
    ASSERT_TRUE(P) << Name;
    EXPECT_EQ(P->sweeps() % R.Program.Stages.size(), 0u) << Name;
    EXPECT_LE(P->SharedBytes, 227u * 1024) << Name;
    EXPECT_GE(P->BlocksPerSM, 1u) << Name;
    EXPECT_LE(P->threadsPerBlock(), 1024u) << Name;
    EXPECT_GE(blocksAtBenchmarkSize(*P), 4 * 132) << Name;
    std::string Text = emitStageBlockedKernels(R.Program, *P, "k", 0);
    EXPECT_NE(Text.find("bT = " + std::to_string(P->sweeps())),
              std::string::npos)
        << Name;
  }
}

} // namespace

// --tune's candidates of a stage region: the default first, every one the
// plan its flags rebuild, no two alike, the naive kernels last.
TEST(StageTuning, CandidatesAreThePlansTheirFlagsRebuild) {
  Region R = load("hotspot");
  std::vector<StageTuningCandidate> C =
      stageTuningCandidates(R.Program, *R.Analysis, std::nullopt);
  ASSERT_GE(C.size(), 5u);
  EXPECT_EQ(C.front().Role, CandidateRole::Default);
  EXPECT_TRUE(C.back().Naive);
  EXPECT_EQ(C.back().Flags, "--naive");
  std::set<std::string> Flags;
  std::set<unsigned> Sweeps;
  bool Tile = false;
  for (const StageTuningCandidate &X : C) {
    EXPECT_TRUE(Flags.insert(X.Flags).second) << X.Flags;
    Tile |= X.Role == CandidateRole::Tile;
    if (X.Naive)
      continue;
    ASSERT_TRUE(X.Plan);
    Sweeps.insert(X.Plan->sweeps());
    PlanRequest Options;
    bool Naive = false;
    std::string Error;
    ASSERT_TRUE(parsePlanFlags(X.Flags, Options, Naive, Error)) << Error;
    EXPECT_FALSE(hasNonStagePlanOptions(Options));
    std::optional<StagePlan> Again = makeStagePlan(
        R.Program, *R.Analysis, stagePlanRequest(Options, 2), Error);
    ASSERT_TRUE(Again) << X.Flags << ": " << Error;
    EXPECT_EQ(describeStagePlan(R.Program, *Again, ""),
              describeStagePlan(R.Program, *X.Plan, ""))
        << X.Flags;
  }
  // Every bT from 1 to 12 sweeps (HotSpot's step is one sweep).
  EXPECT_EQ(Sweeps.size(), 12u);
  EXPECT_TRUE(Tile);
}

// A region whose default keeps the naive kernels still has blocked
// candidates; a cached plan is timed beside them.
TEST(StageTuning, NaiveDefaultsStillTimeBlockedPlans) {
  Region R = load("wave3d_o8");
  std::vector<StageTuningCandidate> C =
      stageTuningCandidates(R.Program, *R.Analysis, std::string("--bt=2"));
  bool Blocked = false, Cached = false;
  for (const StageTuningCandidate &X : C) {
    Blocked |= X.Plan.has_value();
    Cached |= X.Role == CandidateRole::Cached;
  }
  EXPECT_TRUE(Blocked);
  // --bt=2 is among the sweeps candidates already (its default tile).
  EXPECT_FALSE(Cached);
  C = stageTuningCandidates(R.Program, *R.Analysis,
                            std::string("--bt=1 --bs=8x56"));
  Cached = false;
  for (const StageTuningCandidate &X : C)
    Cached |= X.Role == CandidateRole::Cached;
  EXPECT_TRUE(Cached);
}

// The stage fingerprint: stable, prefixed, and not fooled by the function.
TEST(StageTuning, FingerprintNamesWhatTheRegionComputes) {
  Region A = load("hotspot"), B = load("hotspot"), W = load("wave2d_o8");
  std::string FA = stageFingerprint(A.Program, *A.Analysis);
  EXPECT_EQ(FA.rfind("stage-", 0), 0u);
  EXPECT_EQ(FA.size(), 6u + 16u);
  EXPECT_EQ(FA, stageFingerprint(B.Program, *B.Analysis));
  EXPECT_NE(FA, stageFingerprint(W.Program, *W.Analysis));
  B.Program.FunctionName = "renamed";
  EXPECT_EQ(FA, stageFingerprint(B.Program, *B.Analysis));
}
