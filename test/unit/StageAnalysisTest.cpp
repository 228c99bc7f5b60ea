//===- unit/StageAnalysisTest.cpp - analyzeStages on hand-built IR --------===//
//
// Stage-form programs built here by hand (as HandBuiltPrograms.h does for
// the single-update form), so the analysis is tested without the frontend.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Analysis/StageAnalysis.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace stencilcc;

namespace {

AffineExpr sym(const std::string &S, int64_t C = 0) {
  return AffineExpr::symbol(S) + AffineExpr::constant(C);
}
AffineExpr num(int64_t C) { return AffineExpr::constant(C); }
/// Subscript `Var + Off`.
IndexExpr at(const std::string &Var, int64_t Off = 0) {
  return IndexExpr::affine(sym(Var, Off));
}

/// A region `for (t = 0; t < T; t++)` over integer parameters n and T.
StencilProgram region() {
  StencilProgram P;
  P.FileName = "hand.c";
  P.FunctionName = "kernel";
  P.Parameters.push_back({"n", ScalarType::Int, {}});
  P.Parameters.push_back({"T", ScalarType::Int, {}});
  P.TimeLoop.Var = "t";
  P.TimeLoop.Lower = num(0);
  P.TimeLoop.Upper = sym("T");
  P.ScopLoc = {1, 0, 1, 1};
  return P;
}

/// An array of extents n x .. x n (Rank of them).
unsigned addArray(StencilProgram &P, const std::string &Name, ArrayRole Role,
                  unsigned Rank, int64_t Levels = 0,
                  ElementType Elem = ElementType::Float) {
  StencilArray A;
  A.Name = Name;
  A.Role = Role;
  A.Levels = Levels;
  A.Element = Elem;
  for (unsigned D = 0; D < Rank; ++D) {
    A.Extents.push_back(sym("n"));
    A.ExtentSpellings.push_back("n");
  }
  if (Role == ArrayRole::TimeIndexed) {
    A.TimeExtentExpr = sym("T");
    A.TimeExtentSpelling = "T";
  }
  A.Loc = {unsigned(2 + P.Arrays.size()), 0, 2, 1};
  P.Arrays.push_back(A);
  return P.Arrays.size() - 1;
}

Loop loop(const std::string &Var, AffineExpr Lower, AffineExpr Upper) {
  Loop L;
  L.Var = Var;
  L.Lower = std::move(Lower);
  L.Upper = std::move(Upper);
  return L;
}

/// A read; each gets its own location (Raw = 1000 + count) so tests can
/// tell which read a diagnostic points at.
ExprPtr rd(unsigned ArrayId, std::vector<IndexExpr> Index,
           int64_t TimeShift = 0) {
  static unsigned Count = 0;
  ++Count;
  ArrayAccess A;
  A.ArrayId = ArrayId;
  A.TimeShift = TimeShift;
  A.Index = std::move(Index);
  ExprPtr E = Expr::access(std::move(A), ScalarType::Float);
  E->Loc = {1000 + Count, 0, 50, Count};
  return E;
}

ExprPtr lit(double V) {
  return Expr::floatLiteral(std::to_string(V) + "f", V, ScalarType::Float);
}
ExprPtr bin(const std::string &Op, ExprPtr L, ExprPtr R) {
  return Expr::binary(Op, std::move(L), std::move(R), ScalarType::Float);
}

/// A stage writing ArrayId at its loop point (Loops in grid order), or at
/// the subscripts \p Write following loops \p WriteLoop when given.
void addStage(StencilProgram &P, unsigned ArrayId, std::vector<Loop> Loops,
              ExprPtr Rhs, int64_t WriteShift = 0,
              std::vector<IndexExpr> Write = {},
              std::vector<int> WriteLoop = {}) {
  Stage S;
  S.ArrayId = ArrayId;
  S.WriteShift = WriteShift;
  if (Write.empty())
    for (unsigned L = 0; L < Loops.size(); ++L) {
      Write.push_back(at(Loops[L].Var));
      WriteLoop.push_back(L);
    }
  S.Loops = std::move(Loops);
  S.WriteIndex = std::move(Write);
  S.WriteLoop = std::move(WriteLoop);
  S.Rhs = std::move(Rhs);
  S.Loc = {unsigned(100 + P.Stages.size()), 0, 10 + unsigned(P.Stages.size()),
           3};
  P.Stages.push_back(std::move(S));
}

/// i in [1, n - 1).
Loop interior(const std::string &Var = "i") {
  return loop(Var, num(1), sym("n", -1));
}

StageAnalysis analyzeOk(const StencilProgram &P) {
  CollectingDiagnosticSink Diags;
  std::optional<StageAnalysis> A = analyzeStages(P, Diags);
  EXPECT_TRUE(A.has_value());
  for (const Diagnostic &D : Diags.diagnostics())
    ADD_FAILURE() << "unexpected diagnostic: " << D.Message
                  << (D.Notes.empty() ? "" : " / " + D.Notes[0].second);
  return A ? *A : StageAnalysis();
}

std::vector<Diagnostic> rejected(const StencilProgram &P) {
  CollectingDiagnosticSink Diags;
  EXPECT_FALSE(analyzeStages(P, Diags).has_value());
  EXPECT_GT(Diags.numErrors(), 0u);
  return Diags.diagnostics();
}

/// The location of the \p N-th read of stage \p S, in walk order.
SourceRef readLoc(const StencilProgram &P, unsigned S, unsigned N) {
  std::vector<SourceRef> Locs;
  P.Stages[S].Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      Locs.push_back(E.Loc);
  });
  return Locs.at(N);
}

void expectRadius(const DimensionRadius &R, int64_t Neg, int64_t Pos,
                  const std::string &What) {
  EXPECT_EQ(R.Negative, Neg) << What;
  EXPECT_EQ(R.Positive, Pos) << What;
}

std::vector<StageReadSource> sources(std::vector<StageReadSource> V) {
  return V;
}

/// PolyBench jacobi-1d: B = f(A); A = f(B), both over [1, n-1).
StencilProgram jacobi1d() {
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  for (auto [From, To] : {std::pair{A, B}, std::pair{B, A}}) {
    ExprPtr Sum =
        bin("+", bin("+", rd(From, {at("i", -1)}), rd(From, {at("i")})),
            rd(From, {at("i", 1)}));
    addStage(P, To, {interior()}, bin("*", lit(0.33333), std::move(Sum)));
  }
  return P;
}

TEST(StageAnalysisTest, PingPongJacobi1d) {
  StencilProgram P = jacobi1d();
  StageAnalysis A = analyzeOk(P);
  EXPECT_EQ(A.NumDims, 1u);
  EXPECT_EQ(A.Element, ElementType::Float);
  ASSERT_EQ(A.Stages.size(), 2u);
  for (const StageFacts &F : A.Stages) {
    expectRadius(F.Radius[0], 1, 1, "stage radius");
    EXPECT_EQ(F.Flops.total(), 3u);
    EXPECT_FALSE(F.Boundary);
    ASSERT_EQ(F.Reads.size(), 1u);
    EXPECT_TRUE(F.Reads[0].Bounded);
  }
  ASSERT_EQ(A.HaloPerStep.size(), 1u);
  EXPECT_EQ(A.HaloPerStep[0].LoopVar, "i");
  expectRadius(A.HaloPerStep[0], 2, 2, "halo");
  EXPECT_EQ(A.FlopsPerStep, 6u);
  EXPECT_FALSE(A.Periodic);
  EXPECT_TRUE(A.Bounded);
  EXPECT_EQ(A.WarmUpSteps, 1);

  // Stage 0 reads A as stage 1 left it a step earlier; stage 1 reads B
  // from stage 0 of the same step.
  for (const StageAccessFacts &F : A.Stages[0].Accesses) {
    EXPECT_EQ(F.Sources, sources({{1, 1}}));
    EXPECT_TRUE(F.ReadsInitial); // at t = 0
  }
  for (const StageAccessFacts &F : A.Stages[1].Accesses) {
    EXPECT_EQ(F.Sources, sources({{0, 0}}));
  }
  // A[i - 1] at i = 1 reads A[0], which no stage writes; A[i] does not.
  EXPECT_TRUE(A.Stages[0].Accesses[0].ReadsUnwritten);
  EXPECT_FALSE(A.Stages[0].Accesses[1].ReadsUnwritten);
  EXPECT_FALSE(A.Stages[1].Accesses[1].ReadsInitial);
  EXPECT_TRUE(A.Stages[1].Accesses[2].ReadsUnwritten);
}

TEST(StageAnalysisTest, PrintsTextAndJSON) {
  StencilProgram P = jacobi1d();
  StageAnalysis A = analyzeOk(P);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  printStageAnalysis(OS, P, A, 0);
  OS.flush();
  EXPECT_NE(Text.find("halo/step    i -2/+2"), std::string::npos) << Text;
  EXPECT_NE(Text.find("array 1      B: state"), std::string::npos) << Text;
  EXPECT_NE(Text.find("A[i - 1] <- stage 1 at distance 1; initial values "
                      "(cells no stage writes)"),
            std::string::npos)
      << Text;

  llvm::json::Object J = stageAnalysisToJSON(P, A);
  EXPECT_EQ(J.getString("form"), "stages");
  EXPECT_EQ(J.getInteger("flops_per_step"), 6);
  const llvm::json::Array *Stages = J.getArray("stages");
  ASSERT_TRUE(Stages && Stages->size() == 2);
  const llvm::json::Object *S1 = (*Stages)[1].getAsObject();
  EXPECT_EQ(S1->getString("write"), "A[i]");
  const llvm::json::Array *Acc = S1->getArray("accesses");
  ASSERT_TRUE(Acc && Acc->size() == 3);
  const llvm::json::Array *Src = (*Acc)[0].getAsObject()->getArray("sources");
  ASSERT_TRUE(Src && Src->size() == 1);
  EXPECT_EQ((*Src)[0].getAsObject()->getInteger("stage"), 0);
  EXPECT_EQ((*Src)[0].getAsObject()->getInteger("distance"), 0);
}

TEST(StageAnalysisTest, ThreeLevelWave1d) {
  // U[(t+2)%3][i] = 2*U[(t+1)%3][i] - U[t%3][i]
  //               + V[i] * (U[(t+1)%3][i-1] + U[(t+1)%3][i+1]);
  StencilProgram P = region();
  unsigned U = addArray(P, "U", ArrayRole::State, 1, 3);
  unsigned V = addArray(P, "V", ArrayRole::ReadOnly, 1);
  ExprPtr Lap = bin("+", rd(U, {at("i", -1)}, 1), rd(U, {at("i", 1)}, 1));
  ExprPtr Rhs = bin(
      "+", bin("-", bin("*", lit(2), rd(U, {at("i")}, 1)), rd(U, {at("i")}, 0)),
      bin("*", rd(V, {at("i")}), std::move(Lap)));
  addStage(P, U, {interior()}, std::move(Rhs), 2);
  StageAnalysis A = analyzeOk(P);
  const StageFacts &F = A.Stages[0];
  expectRadius(F.Radius[0], 1, 1, "stage");
  expectRadius(A.HaloPerStep[0], 1, 1, "halo");
  EXPECT_EQ(A.WarmUpSteps, 2);
  // Walk order: U[(t+1)%3][i], U[t%3][i], V[i], U[(t+1)%3][i-1], ..
  ASSERT_EQ(F.Accesses.size(), 5u);
  EXPECT_EQ(F.Accesses[0].Sources, sources({{0, 1}}));
  EXPECT_EQ(F.Accesses[1].Sources, sources({{0, 2}}));
  EXPECT_TRUE(F.Accesses[2].Sources.empty());
  EXPECT_FALSE(F.Accesses[2].ReadsInitial); // read-only: not tracked
  EXPECT_EQ(F.Accesses[3].Sources, sources({{0, 1}}));
  EXPECT_FALSE(F.Accesses[1].ReadsUnwritten);
  EXPECT_TRUE(F.Accesses[3].ReadsUnwritten); // U[..][0]
  ASSERT_EQ(F.Reads.size(), 2u);
  EXPECT_EQ(F.Reads[1].ArrayId, V);
  expectRadius(F.Reads[1].Radius[0], 0, 0, "V");
  EXPECT_EQ(F.Flops.total(), 5u);
}

TEST(StageAnalysisTest, PipelineReadsEarlierStages) {
  // B[i] = A[i-1] + A[i+1]; C[i] = B[i] + B[i+2]; A[i] = 0.5*C[i-1] + A[i]
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  unsigned C = addArray(P, "C", ArrayRole::State, 1);
  Loop L = loop("i", num(2), sym("n", -2));
  addStage(P, B, {L}, bin("+", rd(A, {at("i", -1)}), rd(A, {at("i", 1)})));
  addStage(P, C, {L}, bin("+", rd(B, {at("i")}), rd(B, {at("i", 2)})));
  addStage(
      P, A, {L},
      bin("+", bin("*", lit(0.5), rd(C, {at("i", -1)})), rd(A, {at("i")})));
  StageAnalysis R = analyzeOk(P);
  expectRadius(R.Stages[0].Radius[0], 1, 1, "stage 0");
  expectRadius(R.Stages[1].Radius[0], 0, 2, "stage 1");
  expectRadius(R.Stages[2].Radius[0], 1, 0, "stage 2");
  expectRadius(R.HaloPerStep[0], 2, 3, "halo");
  EXPECT_EQ(R.Stages[1].Accesses[0].Sources, sources({{0, 0}}));
  EXPECT_EQ(R.Stages[2].Accesses[0].Sources, sources({{1, 0}}));
  EXPECT_EQ(R.Stages[2].Accesses[1].Sources, sources({{2, 1}}));
  EXPECT_EQ(R.Stages[0].Accesses[0].Sources, sources({{2, 1}}));
}

TEST(StageAnalysisTest, ClampedSubscript) {
  // B[i] = A[i < n-1 ? i+1 : i] + A[i]; A[i] = B[i], over [0, n).
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  Loop All = loop("i", num(0), sym("n"));
  IndexExpr Clamp =
      IndexExpr::select(sym("i"), "<", sym("n", -1), at("i", 1), at("i"));
  addStage(P, B, {All}, bin("+", rd(A, {Clamp}), rd(A, {at("i")})));
  addStage(P, A, {All}, rd(B, {at("i")}));
  StageAnalysis R = analyzeOk(P);
  const StageAccessFacts &F = R.Stages[0].Accesses[0];
  EXPECT_TRUE(F.Bounded);
  EXPECT_FALSE(F.Wraps);
  expectRadius(F.Radius[0], 0, 1, "clamped");
  expectRadius(R.HaloPerStep[0], 0, 1, "halo");
  EXPECT_FALSE(R.Periodic);
  // Every cell is written: after the first step nothing is initial.
  EXPECT_FALSE(F.ReadsUnwritten);
}

TEST(StageAnalysisTest, PeriodicSubscriptIsNotBounded) {
  // B[i] = A[(i+1)%n] + A[(i+n-1)%n]; A[i] = B[i], over [0, n).
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  Loop All = loop("i", num(0), sym("n"));
  addStage(P, B, {All},
           bin("+", rd(A, {IndexExpr::mod(at("i", 1), sym("n"))}),
               rd(A, {IndexExpr::mod(IndexExpr::affine(sym("i", -1) + sym("n")),
                                     sym("n"))})));
  addStage(P, A, {All}, rd(B, {at("i")}));
  StageAnalysis R = analyzeOk(P);
  for (const StageAccessFacts &F : R.Stages[0].Accesses) {
    EXPECT_FALSE(F.Bounded);
    EXPECT_TRUE(F.Wraps);
    EXPECT_EQ(F.Sources, sources({{1, 1}}));
  }
  // The near neighbours still give the local reach.
  expectRadius(R.Stages[0].Radius[0], 1, 1, "stage 0");
  EXPECT_FALSE(R.Stages[0].Reads[0].Bounded);
  EXPECT_TRUE(R.Periodic);
  EXPECT_FALSE(R.Bounded);
}

/// fdtd-2d: a boundary stage, a time-indexed array, several sources.
TEST(StageAnalysisTest, Fdtd2d) {
  StencilProgram P = region();
  unsigned Ex = addArray(P, "ex", ArrayRole::State, 2);
  unsigned Ey = addArray(P, "ey", ArrayRole::State, 2);
  unsigned Hz = addArray(P, "hz", ArrayRole::State, 2);
  unsigned Fict = addArray(P, "fict", ArrayRole::TimeIndexed, 0);
  Loop I0 = loop("i", num(0), sym("n")), J0 = loop("j", num(0), sym("n"));
  Loop I1 = loop("i", num(1), sym("n")), J1 = loop("j", num(1), sym("n"));
  Loop Im = loop("i", num(0), sym("n", -1)),
       Jm = loop("j", num(0), sym("n", -1));
  // ey[0][j] = fict[t];
  addStage(P, Ey, {J0}, rd(Fict, {}), 0, {IndexExpr::affine(num(0)), at("j")},
           {-1, 0});
  auto Update = [&](unsigned A, IndexExpr Di, IndexExpr Dj) {
    std::vector<IndexExpr> Prev{Di, Dj};
    return bin(
        "-", rd(A == Ey ? Ey : Ex, {at("i"), at("j")}),
        bin("*", lit(0.5), bin("-", rd(Hz, {at("i"), at("j")}), rd(Hz, Prev))));
  };
  addStage(P, Ey, {I1, J0}, Update(Ey, at("i", -1), at("j")));
  addStage(P, Ex, {I0, J1}, Update(Ex, at("i"), at("j", -1)));
  ExprPtr Curl = bin(
      "-",
      bin("+",
          bin("-", rd(Ex, {at("i"), at("j", 1)}), rd(Ex, {at("i"), at("j")})),
          rd(Ey, {at("i", 1), at("j")})),
      rd(Ey, {at("i"), at("j")}));
  addStage(P, Hz, {Im, Jm},
           bin("-", rd(Hz, {at("i"), at("j")}),
               bin("*", lit(0.7), std::move(Curl))));
  StageAnalysis A = analyzeOk(P);
  EXPECT_EQ(A.NumDims, 2u);
  EXPECT_TRUE(A.Stages[0].Boundary);
  EXPECT_EQ(A.Stages[0].Radius[0].LoopVar, "");
  EXPECT_EQ(A.Stages[0].Radius[1].LoopVar, "j");
  EXPECT_EQ(A.FlopsPerStep, 11u);
  expectRadius(A.HaloPerStep[0], 1, 1, "halo i");
  expectRadius(A.HaloPerStep[1], 1, 1, "halo j");
  const StageFacts &H = A.Stages[3];
  // Walk order: hz[i][j], ex[i][j+1], ex[i][j], ey[i+1][j], ey[i][j].
  EXPECT_EQ(H.Accesses[0].Sources, sources({{3, 1}}));
  EXPECT_EQ(H.Accesses[1].Sources, sources({{2, 0}}));
  EXPECT_EQ(H.Accesses[3].Sources, sources({{1, 0}}));
  EXPECT_EQ(H.Accesses[4].Sources, sources({{0, 0}, {1, 0}}));
  EXPECT_FALSE(H.Accesses[4].ReadsInitial);
  // Per array, each from its own accesses only.
  ASSERT_EQ(H.Reads.size(), 3u);
  EXPECT_EQ(H.Reads[1].ArrayId, Ey);
  expectRadius(H.Reads[1].Radius[0], 0, 1, "ey along i");
  expectRadius(H.Reads[1].Radius[1], 0, 0, "ey along j");
  expectRadius(H.Reads[0].Radius[1], 0, 1, "ex along j");
  expectRadius(H.Radius[0], 0, 1, "hz stage along i");
  EXPECT_TRUE(H.Accesses[1].ReadsUnwritten == false);
}

/// PolyBench heat-3d (ping-pong, 7-point star, 10 reads a stage), with a
/// per-plane coefficient c[k + 1] of lower rank.
TEST(StageAnalysisTest, Heat3dWithLowerRankCoefficient) {
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 3);
  unsigned B = addArray(P, "B", ArrayRole::State, 3);
  unsigned C = addArray(P, "c", ArrayRole::ReadOnly, 1);
  P.Arrays[C].Extents = {sym("n", 1)};
  auto Star = [&](unsigned From) {
    std::vector<IndexExpr> Center{at("i"), at("j"), at("k")};
    ExprPtr Sum = rd(From, Center);
    for (unsigned D = 0; D < 3; ++D) {
      std::vector<IndexExpr> Lo = Center, Hi = Center;
      Lo[D] = at(D == 0 ? "i" : D == 1 ? "j" : "k", -1);
      Hi[D] = at(D == 0 ? "i" : D == 1 ? "j" : "k", 1);
      ExprPtr Second =
          bin("+", bin("-", rd(From, Hi), bin("*", lit(2), rd(From, Center))),
              rd(From, Lo));
      Sum = bin("+", std::move(Sum), bin("*", lit(0.125), std::move(Second)));
    }
    return bin("*", rd(C, {at("k", 1)}), std::move(Sum));
  };
  addStage(P, B, {interior("i"), interior("j"), interior("k")}, Star(A));
  addStage(P, A, {interior("i"), interior("j"), interior("k")}, Star(B));
  StageAnalysis R = analyzeOk(P);
  for (unsigned D = 0; D < 3; ++D)
    expectRadius(R.HaloPerStep[D], 2, 2, "halo");
  const StageFacts &F = R.Stages[0];
  ASSERT_EQ(F.Reads.size(), 2u);
  EXPECT_EQ(F.Reads[1].ArrayId, C);
  expectRadius(F.Reads[1].Radius[0], 0, 0, "c along i");
  expectRadius(F.Reads[1].Radius[2], 0, 1, "c along k");
  EXPECT_EQ(F.Accesses.size(), 11u);
  EXPECT_EQ(F.Flops.total(), 16u); // 5 per axis, 1 for c
}

TEST(StageAnalysisTest, RejectsGaussSeidel) {
  // A[i] = (A[i-1] + A[i] + A[i+1]) / 3 in place.
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  ExprPtr Sum = bin("+", bin("+", rd(A, {at("i", -1)}), rd(A, {at("i")})),
                    rd(A, {at("i", 1)}));
  addStage(P, A, {interior()}, bin("/", std::move(Sum), lit(3)));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 0, 0).Raw);
  EXPECT_EQ(D[0].Message, "read 'A[i - 1]' reads a value this statement "
                          "writes in the same sweep");
  ASSERT_EQ(D[0].Notes.size(), 1u);
  EXPECT_NE(D[0].Notes[0].second.find("each statement is a data-parallel "
                                      "sweep"),
            std::string::npos);
  EXPECT_NE(D[0].Notes[0].second.find("reads the value written by iteration"),
            std::string::npos)
      << D[0].Notes[0].second;
  EXPECT_EQ(D[1].Loc.Raw, readLoc(P, 0, 2).Raw);
  EXPECT_EQ(D[1].Message, "read 'A[i + 1]' reads a cell another point of "
                          "this statement overwrites in the same sweep");
}

TEST(StageAnalysisTest, OneErrorNamesEveryOffendingRead) {
  // A[i] = A[i-2] + A[i-1]: both see this sweep's writes.
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  Loop L = loop("i", num(2), sym("n"));
  addStage(P, A, {L}, bin("+", rd(A, {at("i", -2)}), rd(A, {at("i", -1)})));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 0, 0).Raw);
  EXPECT_NE(D[0].Notes[0].second.find("; so do 'A[i - 1]'"), std::string::npos)
      << D[0].Notes[0].second;
}

TEST(StageAnalysisTest, RejectsReadingTheLevelBeingWritten) {
  // U[(t+1)%2][i] = U[(t+1)%2][i-1] (flow) and = U[(t+3)%2][i+1] (anti).
  for (int64_t Shift : {1, 3}) {
    StencilProgram P = region();
    unsigned U = addArray(P, "U", ArrayRole::State, 1, 2);
    addStage(P, U, {interior()}, rd(U, {at("i", Shift == 1 ? -1 : 1)}, Shift),
             1);
    std::vector<Diagnostic> D = rejected(P);
    ASSERT_EQ(D.size(), 1u);
    EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 0, 0).Raw);
    EXPECT_NE(D[0].Message.find(Shift == 1 ? "reads a value this statement "
                                             "writes in the same sweep"
                                           : "reads a cell another point"),
              std::string::npos)
        << D[0].Message;
  }
}

TEST(StageAnalysisTest, ReadingOwnCellIsLegal) {
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  addStage(P, A, {interior()}, bin("+", rd(A, {at("i")}), lit(1)));
  StageAnalysis R = analyzeOk(P);
  EXPECT_EQ(R.Stages[0].Accesses[0].Sources, sources({{0, 1}}));
}

TEST(StageAnalysisTest, RejectsSeveralWritesOfOneCell) {
  // for (i = 0; i < n; i++) B[0] = A[i];
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  addStage(P, B, {loop("i", num(0), sym("n"))}, rd(A, {at("i")}), 0,
           {IndexExpr::affine(num(0))}, {-1});
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loc.Raw, P.Stages[0].Loc.Raw);
  EXPECT_EQ(D[0].Message, "statement writes the same element of 'B' from "
                          "several iterations");
}

TEST(StageAnalysisTest, RejectsReadOutsideTheArray) {
  // B[i] = A[i + 1] over [0, n) reads A[n].
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  addStage(P, B, {loop("i", num(0), sym("n"))}, rd(A, {at("i", 1)}));
  addStage(P, A, {interior()}, rd(B, {at("i")}));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0].Loc.Raw, readLoc(P, 0, 0).Raw);
  EXPECT_EQ(D[0].Message,
            "read of 'A' leaves the array: A[i + 1] may fall outside A[n]");
  ASSERT_EQ(D[0].Notes.size(), 1u);
  // e.g. "for example with n = 1, T = 1, iteration (t = 0, i = 0)
  // accesses A[1], outside A[n]; ..."
  EXPECT_NE(D[0].Notes[0].second.find("for example with n = "),
            std::string::npos)
      << D[0].Notes[0].second;
  EXPECT_NE(D[0].Notes[0].second.find("outside A[n]"), std::string::npos);
}

TEST(StageAnalysisTest, RejectsWriteOutsideTheArrayAndTimeIndex) {
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned W = addArray(P, "W", ArrayRole::TimeIndexed, 1);
  // A[i] = W[t + 1][i] over [0, n + 1): both leave their arrays.
  addStage(P, A, {loop("i", num(0), sym("n", 1))}, rd(W, {at("i")}, 1));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 2u);
  EXPECT_EQ(D[0].Message, "write of 'A' leaves the array: A[i] may fall "
                          "outside A[n]");
  EXPECT_EQ(D[0].Loc.Raw, P.Stages[0].Loc.Raw);
  EXPECT_EQ(D[1].Message, "read of 'W' leaves the array: W[t + 1][i] may "
                          "fall outside W[T][n]");
}

TEST(StageAnalysisTest, RejectsUncoveredRemainder) {
  // (i + 5) % n is modelled only for dividends below 2n.
  StencilProgram P = region();
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  Loop All = loop("i", num(0), sym("n"));
  addStage(P, B, {All}, rd(A, {IndexExpr::mod(at("i", 5), sym("n"))}));
  addStage(P, A, {All}, rd(B, {at("i")}));
  std::vector<Diagnostic> D = rejected(P);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_NE(D[0].Message.find("cannot follow the subscripts of read"),
            std::string::npos)
      << D[0].Message;
}

TEST(StageAnalysisTest, MixedStateElementTypesTakeTheWidest) {
  // Each buffer keeps its own type; the model counts the widest one's bytes.
  StencilProgram P = jacobi1d();
  P.Arrays[0].Element = ElementType::Int;
  P.Arrays[1].Element = ElementType::Double;
  EXPECT_EQ(analyzeOk(P).Element, ElementType::Double);
  P.Arrays[0].Element = ElementType::UChar;
  P.Arrays[1].Element = ElementType::Short;
  EXPECT_EQ(analyzeOk(P).Element, ElementType::Short);
}

TEST(StageAnalysisTest, RejectsMalformedIRWithoutCrashing) {
  StencilProgram P = jacobi1d();
  P.Stages[0].Rhs->walk([](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      const_cast<Expr &>(E).Access.Index.clear();
  });
  std::vector<Diagnostic> D = rejected(P);
  EXPECT_NE(D[0].Message.find("spatial subscripts, expected 1"),
            std::string::npos);
}

TEST(StageAnalysisTest, IslKeywordsAsNames) {
  // Parameter `max`, loop variable `min`: isl reserves both words.
  StencilProgram P = region();
  P.Parameters[0].Name = "max";
  unsigned A = addArray(P, "A", ArrayRole::State, 1);
  unsigned B = addArray(P, "B", ArrayRole::State, 1);
  P.Arrays[A].Extents = {sym("max")};
  P.Arrays[B].Extents = {sym("max")};
  Loop L = loop("min", num(1), sym("max", -1));
  addStage(P, B, {L}, rd(A, {at("min", -1)}));
  addStage(P, A, {L}, rd(B, {at("min", 1)}));
  StageAnalysis R = analyzeOk(P);
  expectRadius(R.HaloPerStep[0], 1, 1, "halo");
}

} // namespace
