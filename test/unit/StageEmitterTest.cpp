//===- unit/StageEmitterTest.cpp - Naive code of stage-form regions -------===//
//
// The stage-form emitter on IR built by hand (no frontend): a ping-pong 1D
// Jacobi, a three-level 2D wave with a read-only field, and a pipeline
// whose first stage writes a boundary slice from a time-indexed array.
// The emulated self-checks of test/Inputs/stage/ check that the code
// computes what the C does; these tests pin its shape.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/Emitter/SelfCheckEmitter.h"
#include "stencilcc/Emitter/StageEmitter.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace stencilcc;

namespace {

AffineExpr sym(const std::string &N) { return AffineExpr::symbol(N); }
AffineExpr num(int64_t C) { return AffineExpr::constant(C); }

Loop loop(const std::string &Var, AffineExpr Lo, AffineExpr Hi,
          bool Outside = false) {
  Loop L;
  L.Var = Var;
  L.Lower = std::move(Lo);
  L.Upper = std::move(Hi);
  L.VarDeclaredOutside = Outside;
  return L;
}

StencilArray array(const std::string &Name, ArrayRole Role, int64_t Levels,
                   ElementType Elem, std::vector<std::string> Extents) {
  StencilArray A;
  A.Name = Name;
  A.Role = Role;
  A.Levels = Levels;
  A.Element = Elem;
  if (Levels)
    A.TimeExtent = Levels;
  for (const std::string &E : Extents) {
    A.Extents.push_back(sym(E));
    A.ExtentSpellings.push_back(E);
  }
  return A;
}

ScalarType scalar(ElementType E) {
  return E == ElementType::Float ? ScalarType::Float : ScalarType::Double;
}

/// A read of array \p Id at time shift \p Shift, each subscript the loop
/// variable plus an offset.
ExprPtr read(const StencilProgram &P, unsigned Id,
             std::vector<std::pair<std::string, int64_t>> Subs,
             int64_t Shift = 0) {
  ArrayAccess A;
  A.ArrayId = int(Id);
  A.TimeShift = Shift;
  for (const auto &[Var, Off] : Subs)
    A.Index.push_back(IndexExpr::affine(Var.empty() ? num(Off)
                                                    : sym(Var) + num(Off)));
  return Expr::access(A, scalar(P.Arrays[Id].Element));
}

ExprPtr lit(const char *S, double V, ScalarType T = ScalarType::Double) {
  return Expr::floatLiteral(S, V, T);
}

ExprPtr bin(const char *Op, ExprPtr L, ExprPtr R) {
  ScalarType T = L->Type;
  return Expr::binary(Op, std::move(L), std::move(R), T);
}

Stage stage(unsigned Id, int64_t Shift, std::vector<Loop> Loops,
            std::vector<IndexExpr> Write, ExprPtr Rhs, const char *Text) {
  Stage S;
  S.ArrayId = Id;
  S.WriteShift = Shift;
  S.Loops = std::move(Loops);
  S.WriteIndex = std::move(Write);
  S.Rhs = std::move(Rhs);
  S.StatementText = Text;
  return S;
}

StencilProgram base(std::vector<std::string> IntParams) {
  StencilProgram P;
  P.FileName = "hand.c";
  P.FunctionName = "kernel";
  for (const std::string &N : IntParams)
    P.Parameters.push_back({N, ScalarType::Int, {}});
  P.TimeLoop = loop("t", num(0), sym("steps"));
  return P;
}

IndexExpr at(const std::string &Var) { return IndexExpr::affine(sym(Var)); }

/// for (t) { B[i] = f(A); A[i] = f(B); } over i in [1, n-1), double.
StencilProgram pingPong1D() {
  StencilProgram P = base({"n", "steps"});
  P.Arrays.push_back(array("A", ArrayRole::State, 0, ElementType::Double, {"n"}));
  P.Arrays.push_back(array("B", ArrayRole::State, 0, ElementType::Double, {"n"}));
  for (unsigned W : {1u, 0u}) {
    unsigned R = 1 - W;
    ExprPtr Rhs = bin("+",
                      bin("+", bin("*", lit("0.25", 0.25), read(P, R, {{"i", -1}})),
                          bin("*", lit("0.5", 0.5), read(P, R, {{"i", 0}}))),
                      bin("*", lit("0.25", 0.25), read(P, R, {{"i", 1}})));
    P.Stages.push_back(stage(W, 0, {loop("i", num(1), sym("n") - num(1))},
                             {at("i")}, std::move(Rhs), "X[i] = ...;"));
  }
  return P;
}

/// U[(t+2)%3][i][j] = 2*U[(t+1)%3] - U[t%3] + V * (laplacian), float.
StencilProgram wave2D() {
  StencilProgram P = base({"n", "steps"});
  P.Arrays.push_back(array("U", ArrayRole::State, 3, ElementType::Float, {"n", "n"}));
  P.Arrays.push_back(array("V", ArrayRole::ReadOnly, 0, ElementType::Float, {"n", "n"}));
  const ScalarType F = ScalarType::Float;
  auto U1 = [&](int64_t Di, int64_t Dj) {
    return read(P, 0, {{"i", Di}, {"j", Dj}}, 1);
  };
  ExprPtr Lap = bin("-", bin("+", U1(-1, 0), U1(1, 0)),
                    bin("*", lit("2.0f", 2, F), U1(0, 0)));
  ExprPtr Rhs = bin("+",
                    bin("-", bin("*", lit("2.0f", 2, F), U1(0, 0)),
                        read(P, 0, {{"i", 0}, {"j", 0}}, 0)),
                    bin("*", read(P, 1, {{"i", 0}, {"j", 0}}), std::move(Lap)));
  AffineExpr Hi = sym("n") - num(1);
  P.Stages.push_back(stage(0, 2, {loop("i", num(1), Hi), loop("j", num(1), Hi)},
                           {at("i"), at("j")}, std::move(Rhs),
                           "U[(t+2)%3][i][j] = ...;"));
  return P;
}

/// ey[0][j] = fict[t]; ey[i][j] -= 0.5 * (hz[i][j] - hz[i-1][j]);
/// hz[i][j] -= 0.7 * (ey[i+1][j] - ey[i][j]); loop variables declared
/// before the region, fict a pointer of unknown time extent.
StencilProgram pipeline() {
  StencilProgram P = base({"nx", "ny", "steps"});
  P.TimeLoop.VarDeclaredOutside = true;
  P.Arrays.push_back(array("ey", ArrayRole::State, 0, ElementType::Double, {"nx", "ny"}));
  P.Arrays.push_back(array("hz", ArrayRole::State, 0, ElementType::Double, {"nx", "ny"}));
  P.Arrays.push_back(array("fict", ArrayRole::TimeIndexed, 0, ElementType::Double, {}));
  Stage Slice = stage(0, 0, {loop("j", num(0), sym("ny"), true)},
                      {IndexExpr::affine(num(0)), at("j")}, read(P, 2, {}),
                      "ey[0][j] = fict[t];");
  Slice.WriteLoop = {-1, 0};
  P.Stages.push_back(std::move(Slice));
  P.Stages.push_back(stage(
      0, 0, {loop("i", num(1), sym("nx"), true), loop("j", num(0), sym("ny"), true)},
      {at("i"), at("j")},
      bin("-", read(P, 0, {{"i", 0}, {"j", 0}}),
          bin("*", lit("0.5", 0.5),
              bin("-", read(P, 1, {{"i", 0}, {"j", 0}}),
                  read(P, 1, {{"i", -1}, {"j", 0}})))),
      "ey[i][j] = ...;"));
  P.Stages.push_back(stage(
      1, 0,
      {loop("i", num(0), sym("nx") - num(1), true), loop("j", num(0), sym("ny"), true)},
      {at("i"), at("j")},
      bin("-", read(P, 1, {{"i", 0}, {"j", 0}}),
          bin("*", lit("0.7", 0.7),
              bin("-", read(P, 0, {{"i", 1}, {"j", 0}}),
                  read(P, 0, {{"i", 0}, {"j", 0}})))),
      "hz[i][j] = ...;"));
  return P;
}

bool has(const std::string &Text, const std::string &Part) {
  return Text.find(Part) != std::string::npos;
}

size_t count(const std::string &Text, const std::string &Part) {
  size_t N = 0;
  for (size_t At = Text.find(Part); At != std::string::npos;
       At = Text.find(Part, At + 1))
    ++N;
  return N;
}

const std::string Prefix = "stencilcc_kernel_r0";

} // namespace

TEST(StageEmitterTest, PingPongKernelPerStage) {
  StencilProgram P = pingPong1D();
  std::string K = emitStageKernels(P, Prefix, 0);
  EXPECT_TRUE(has(K, "naive: one kernel per stage per time step (2 stages)"));
  // Each stage reads one array and writes the other; the one it only
  // reads is const.
  // Loop variables, parameters and cell indices of type Index: int where
  // every array fits in 31 bits (the run function's narrow), else long.
  EXPECT_TRUE(has(K, "template <typename Index>\n"
                     "static __global__ void stencilcc_kernel_r0_s0(const double "
                     "*__restrict__ A, double *__restrict__ B, const Index p_n)\n"
                     "{\n"
                     "  const Index i = 1 + (Index)blockIdx.x * (Index)blockDim.x + "
                     "(Index)threadIdx.x;\n"
                     "  if (i >= p_n - 1)\n    return;\n"
                     "  B[i] = (double)(0.25 * A[i - 1] + 0.5 * A[i] + 0.25 * "
                     "A[i + 1]);\n}\n"));
  EXPECT_TRUE(has(K, "stencilcc_kernel_r0_s1(double *__restrict__ A, const "
                     "double *__restrict__ B, const Index p_n)"));
  // The host runs both stages, in order, every step: no parity to track.
  size_t S0 = K.find("if (narrow)\n        STENCILCC_LAUNCH(stencilcc_kernel_r0_s0<int>, s0_grid, "
                     "s0_block, 0)(d_A, d_B, p_n);\n      else\n        "
                     "STENCILCC_LAUNCH(stencilcc_kernel_r0_s0<long>, s0_grid, "
                     "s0_block, 0)(d_A, d_B, p_n);");
  size_t S1 = K.find("STENCILCC_LAUNCH(stencilcc_kernel_r0_s1<int>, s1_grid, "
                     "s1_block, 0)(d_A, d_B, p_n);");
  ASSERT_NE(S0, std::string::npos);
  ASSERT_NE(S1, std::string::npos);
  EXPECT_LT(S0, S1);
  EXPECT_LT(K.find("for (long t = t_begin; t < t_begin + steps; ++t)"), S0);
  EXPECT_EQ(count(K, "STENCILCC_CHECK(cudaGetLastError());"), 2u);
  EXPECT_TRUE(has(K, "const dim3 s0_block(256, 1, 1);"));
  EXPECT_TRUE(has(K, "const bool s0_runs = s0_points0 > 0;"));
}

TEST(StageEmitterTest, LevelsAndReadOnlyField) {
  StencilProgram P = wave2D();
  std::string K = emitStageKernels(P, Prefix, 0);
  EXPECT_TRUE(has(K, "(float *__restrict__ U, const float *__restrict__ V, "
                     "const long t, const Index p_n)"));
  // Level (t + shift) % 3 selects a plane of the one buffer.
  EXPECT_TRUE(has(K, "U[(((Index)((t + 2) % 3)) * p_n + i) * p_n + j] = (float)("));
  EXPECT_TRUE(has(K, "U[(((Index)(t % 3)) * p_n + i) * p_n + j]"));
  EXPECT_TRUE(has(K, "U[(((Index)((t + 1) % 3)) * p_n + (i - 1)) * p_n + j]"));
  EXPECT_TRUE(has(K, "V[i * p_n + j]"));
  EXPECT_TRUE(has(K, "const dim3 s0_block(32, 8, 1);"));
  EXPECT_TRUE(has(K, "const Index j = 1 + (Index)blockIdx.x"));
  EXPECT_TRUE(has(K, "const Index i = 1 + (Index)blockIdx.y"));

  std::string H = emitStageHostCode(P, Prefix, 0);
  EXPECT_TRUE(has(H, "const long stencilcc_U_planes = 3;"));
  EXPECT_TRUE(has(H, "const long stencilcc_V_planes = 1;"));
  // Both arrays in, only the state array back (all three levels).
  EXPECT_TRUE(has(H, "cudaMemcpy(stencilcc_V_device, stencilcc_V_host, "
                     "stencilcc_V_bytes, cudaMemcpyHostToDevice)"));
  EXPECT_TRUE(has(H, "cudaMemcpy(stencilcc_U_host, stencilcc_U_device, "
                     "stencilcc_U_bytes, cudaMemcpyDeviceToHost)"));
  EXPECT_FALSE(has(H, "cudaMemcpy(stencilcc_V_host"));
  EXPECT_TRUE(has(H, "cudaFree(stencilcc_V_device)"));
  // Copies, then the hooks around the launches only.
  size_t In = H.rfind("cudaMemcpyHostToDevice");
  size_t Start = H.find("SB_START_INSTRUMENTS;");
  size_t Run = H.find("stencilcc_kernel_r0_run(stencilcc_U_device, "
                      "stencilcc_V_device, stencilcc_t_begin, "
                      "stencilcc_steps, (long)(n), stencilcc_narrow);");
  size_t Stop = H.find("SB_STOP_INSTRUMENTS;");
  size_t Out = H.find("cudaMemcpyDeviceToHost");
  ASSERT_NE(Run, std::string::npos);
  // int cell indices only where every array, all its planes, fits.
  EXPECT_TRUE(has(H, "const bool stencilcc_narrow = !STENCILCC_WIDE_OFFSETS_FORCED && "
                     "stencilcc_U_cells * stencilcc_U_planes <= 2147483647L && "
                     "stencilcc_V_cells * stencilcc_V_planes <= 2147483647L;"));
  EXPECT_LT(In, Start);
  EXPECT_LT(Start, Run);
  EXPECT_LT(Run, Stop);
  EXPECT_LT(Stop, Out);
  // Loop variables declared in the for statements are not assigned.
  EXPECT_FALSE(has(H, " t = "));
  EXPECT_FALSE(has(H, "(void)&"));
}

TEST(StageEmitterTest, BoundarySliceAndTimeIndexedArray) {
  StencilProgram P = pipeline();
  std::string K = emitStageKernels(P, Prefix, 0);
  // The slice's fixed subscript, the time row of a rank-0 array.
  EXPECT_TRUE(has(K, "ey[0 * p_ny + j] = (double)(fict[(Index)t]);"));
  EXPECT_TRUE(has(K, "(double *__restrict__ ey, const double *__restrict__ "
                     "fict, const long t, const Index p_ny)"));
  EXPECT_TRUE(has(K, "hz[(i - 1) * p_ny + j]"));
  EXPECT_TRUE(has(K, "ey[(i + 1) * p_ny + j]"));
  EXPECT_TRUE(has(K, "const Index j = (Index)blockIdx.x"));

  std::string H = emitStageHostCode(P, Prefix, 0);
  // fict's extent is unknown: the rows the time loop reads.
  EXPECT_TRUE(has(H, "const long stencilcc_fict_planes = (stencilcc_steps > 0 "
                     "&& stencilcc_t_end > 0 ? stencilcc_t_end : 0L);"));
  EXPECT_TRUE(has(H, "const long stencilcc_fict_cells = 1L;"));
  EXPECT_TRUE(has(H, "cudaMalloc((void **)&stencilcc_fict_device, "
                     "(stencilcc_fict_bytes ? stencilcc_fict_bytes : 1))"));
  EXPECT_FALSE(has(H, "cudaMemcpy(stencilcc_fict_host"));
  // Final values as the C loops leave them: a later stage's loop over the
  // same variable wins where it ran.
  EXPECT_TRUE(has(H, "    t = stencilcc_steps > 0 ? stencilcc_t_end : "
                     "stencilcc_t_begin;\n"));
  EXPECT_EQ(count(H, " j = (long)(ny) > (long)(0) ? (long)(ny) : (long)(0);"),
            3u);
  EXPECT_TRUE(has(H, "    if (stencilcc_steps > 0 && (long)(nx - 1) > "
                     "(long)(0)) j = (long)(ny)"));
  EXPECT_TRUE(has(H, "    if (stencilcc_steps > 0) i = (long)(nx - 1) > "
                     "(long)(0) ? (long)(nx - 1) : (long)(0);\n"));
  EXPECT_TRUE(has(H, "    (void)&t; (void)&i; (void)&j;\n"));
}

TEST(StageEmitterTest, VLAParametersOfEveryArray) {
  StencilProgram P = wave2D();
  P.Arrays.push_back(array("damp", ArrayRole::ReadOnly, 0, ElementType::Float, {"n"}));
  // void kernel(int n, int steps, float U[3][n][n], const float V[n][n],
  //             float damp[n])
  std::string Src = "void kernel(int n, int steps, float U[3][n][n], const "
                    "float V[n][n], float damp[n])";
  auto Span = [&](const std::string &Decl) {
    unsigned B = Src.find(Decl);
    return SourceSpan{B, unsigned(B + Decl.size())};
  };
  P.Arrays[0].VLAParameter = Span("float U[3][n][n]");
  P.Arrays[1].VLAParameter = Span("const float V[n][n]");
  P.Arrays[2].VLAParameter = Span("float damp[n]");
  std::vector<StageVLARewrite> V = stageVLAParameterRewrites(P, Src);
  ASSERT_EQ(V.size(), 3u);
  const std::string Note =
      " /* stencilcc: CUDA C++ has no run-time extents in parameters */";
  EXPECT_EQ(V[0].Parameter, "float *stencilcc_U_data");
  EXPECT_EQ(V[0].Entry, "\n  float (*U)[n][n] = (float (*)[n][n])"
                        "stencilcc_U_data;" + Note);
  // Without a level subscript the first extent is the pointer's; a const
  // array stays const (its callers may pass const data).
  EXPECT_EQ(V[1].Parameter, "const float *stencilcc_V_data");
  EXPECT_EQ(V[1].Entry, "\n  const float (*V)[n] = (const float (*)[n])"
                        "stencilcc_V_data;" + Note);
  EXPECT_EQ(V[2].Entry,
            "\n  float *damp = (float *)stencilcc_damp_data;" + Note);
  EXPECT_EQ(V[2].Span.Begin, Src.find("float damp[n]"));
}

TEST(StageEmitterTest, SelfCheckObstacle) {
  StencilProgram P = pipeline();
  EXPECT_EQ(stageSelfCheckObstacle(P), "");
  EXPECT_EQ(selfCheckObstacle(P), "");
  // The step count may size a time-indexed array's rows, not the grid.
  P.Arrays[2].TimeExtentExpr = sym("steps");
  EXPECT_EQ(stageSelfCheckObstacle(P), "");
  P.Stages[1].Loops[0].Upper = sym("steps");
  EXPECT_TRUE(has(stageSelfCheckObstacle(P), "'steps' sets both"));
  P.TimeLoop.Upper = sym("steps") * 2;
  EXPECT_TRUE(has(stageSelfCheckObstacle(P), "not one parameter plus"));
}

namespace {

/// \p P placed in a source text: its function, the region, its spans.
std::string placeInSource(StencilProgram &P, const std::string &Header,
                          const std::string &Body) {
  std::string Src = "/* before */\n" + Header + "\n{\n#pragma scop\n" + Body +
                    "\n#pragma endscop\n}\n";
  P.FunctionBegin = Src.find(Header);
  P.BodyBegin = Src.find("{") + 1;
  P.Region.Begin = Src.find("#pragma scop");
  P.Region.End = Src.find("#pragma endscop") + strlen("#pragma endscop\n");
  P.ScopLoc.Line = 4;
  return Src;
}

} // namespace

TEST(StageEmitterTest, TranslationUnitAndSelfCheck) {
  StencilProgram P = pingPong1D();
  std::string Header = "void kernel(int n, int steps, double A[n], double B[n])";
  std::string Src = placeInSource(
      P, Header,
      "  for (int t = 0; t < steps; t++) {\n"
      "    for (int i = 1; i < n - 1; i++) B[i] = 0.25 * A[i-1] + 0.5 * A[i] "
      "+ 0.25 * A[i+1];\n"
      "    for (int i = 1; i < n - 1; i++) A[i] = 0.25 * B[i-1] + 0.5 * B[i] "
      "+ 0.25 * B[i+1];\n  }");
  size_t A = Header.find("double A[n]"), B = Header.find("double B[n]");
  P.Arrays[0].VLAParameter = SourceSpan{unsigned(P.FunctionBegin + A),
                                        unsigned(P.FunctionBegin + A + 11)};
  P.Arrays[1].VLAParameter = SourceSpan{unsigned(P.FunctionBegin + B),
                                        unsigned(P.FunctionBegin + B + 11)};
  RegionToEmit R;
  R.Program = &P;
  R.Naive = true;
  std::string TU = emitCudaTranslationUnit(Src, {R});
  // Kernels before the function, the region replaced, the parameters
  // rewritten and cast back on entry.
  size_t Kernel = TU.find("static __global__ void stencilcc_kernel_r0_s0(");
  size_t Function = TU.find("void kernel(int n, int steps, double "
                            "*stencilcc_A_data, double *stencilcc_B_data)\n{"
                            "\n  double *A = (double *)stencilcc_A_data;");
  ASSERT_NE(Kernel, std::string::npos);
  ASSERT_NE(Function, std::string::npos);
  EXPECT_LT(TU.find("/* before */"), Kernel);
  EXPECT_LT(Kernel, Function);
  EXPECT_FALSE(has(TU, "#pragma scop"));
  EXPECT_TRUE(has(TU, "  { /* stencilcc: region 0 runs on the GPU: naive, one "
                      "kernel per stage per time step */\n"));
  EXPECT_EQ(emitRegionHostCode(R, 0), emitStageHostCode(P, Prefix, 0));
  // None of the single-update form's helpers.
  EXPECT_FALSE(has(TU, "stencilcc_div"));

  std::string Check = emitSelfCheckProgram(Src, {R}, {});
  EXPECT_EQ(count(Check, "namespace stencilcc_stage_check {"), 1u);
  EXPECT_TRUE(has(Check, "static void stencilcc_check_r0_reference(int n, int "
                         "steps, double *stencilcc_cells_A, double "
                         "*stencilcc_cells_B)\n{\n"
                         "  double *A = (double *)stencilcc_cells_A;\n"
                         "  double *B = (double *)stencilcc_cells_B;\n"
                         "  for (int t = 0; t < steps; t++) {\n"));
  EXPECT_TRUE(has(Check, "static void stencilcc_check_r0_generated("));
  EXPECT_TRUE(has(Check, "stencilcc_stage_check::Array<double> stencilcc_A(\"A\", "
                         "true, 1, {(long)(n)});"));
  // 1D: spans of 300 points cover two blocks of 256; the tiny case 3.
  EXPECT_TRUE(has(Check, "  {stencilcc_check_r0, 302, 5, 0, 0, 1, 1},\n"));
}
