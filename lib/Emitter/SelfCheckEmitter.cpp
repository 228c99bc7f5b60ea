//===- Emitter/SelfCheckEmitter.cpp - The --emit-test program -------------===//
//
// The reference is the user's text, not the IR's: a frontend or analysis
// bug then shows as a difference instead of being replicated on both
// sides. Both sides run in the same kind of function, whose parameters and
// locals stand for the region's surroundings (the integer and floating
// parameters, the locals the IR folded, the array as a pointer to the
// program's buffer), so the generated host code runs exactly as it runs
// in the user's function. The program builds as C++ (nvcc or the host
// compiler), so the reference is the region's C text compiled as C++, as
// the rest of the generated file is.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/SelfCheckEmitter.h"
#include "stencilcc/Support/DisplayPath.h"
#include "SelfCheckRegion.h"
#include "stencilcc/Emitter/StageEmitter.h"
#include "stencilcc/Support/Config.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace stencilcc {

using namespace selfcheck;

namespace {

#include "KernelTemplates.inc"

bool mentions(const AffineExpr &E, const std::string &Name) {
  return E.coefficient(Name) != 0;
}

std::string arrayPointer(const StencilProgram &P) {
  std::string Elem = elementTypeName(P.Array.Element), Dims;
  for (const std::string &E : P.Array.ExtentSpellings)
    Dims += "[" + E + "]";
  return "  " + Elem + " (*" + P.Array.Name + ")" + Dims + " = (" + Elem +
         " (*)" + Dims + ")stencilcc_cells;\n";
}

/// The region's lines between `#pragma scop` and `#pragma endscop`.
std::string regionBody(const std::string &Source, const StencilProgram &P) {
  std::string Text =
      Source.substr(P.Region.Begin, P.Region.End - P.Region.Begin);
  size_t First = Text.find('\n');
  size_t Last = Text.rfind("#pragma");
  if (First == std::string::npos || Last == std::string::npos || Last < First)
    return Text;
  Last = Text.rfind('\n', Last);
  return Text.substr(First + 1, Last - First);
}


struct RegionCheck : CheckedRegion {

  /// `type name, ...` of the parameters both functions take.
  std::string signature() const {
    std::string S;
    for (const Parameter &Par : program().Parameters)
      S += std::string(scalarTypeName(Par.Type)) + " " + Par.Name + ", ";
    return S + elementTypeName(program().Array.Element) + " *stencilcc_cells";
  }
  std::string arguments() const {
    std::string S;
    for (const Parameter &Par : program().Parameters)
      S += Par.Name + ", ";
    return S + "stencilcc_cells";
  }

  /// Locals of the user's function the region's text names. The generated
  /// code reads them through the IR, not by name.
  std::string context(bool Generated) const {
    const StencilProgram &P = program();
    std::string Unused = Generated ? "[[maybe_unused]] " : "";
    std::string S;
    for (const std::string &D : P.LocalDeclarations)
      S += "  " + Unused + D + "\n";
    if (P.TimeLoop.VarDeclaredOutside)
      S += "  " + Unused + "long " + P.TimeLoop.Var + ";\n";
    for (const Loop &L : P.SpatialLoops)
      if (L.VarDeclaredOutside)
        S += "  " + Unused + "long " + L.Var + ";\n";
    return S + arrayPointer(P);
  }

  std::string functions(const std::string &Source) const {
    const StencilProgram &P = program();
    std::ostringstream OS;
    OS << "// Region " << Index << ", in " << P.FunctionName
       << "() at line " << P.ScopLoc.Line << ": its C text, the reference.\n";
    OS << "static void " << Name << "_reference(" << signature() << ")\n{\n"
       << context(false) << regionBody(Source, P) << "}\n\n";
    OS << "// The same, with the region replaced by the generated host code.\n";
    OS << "static void " << Name << "_generated(" << signature() << ")\n{\n"
       << context(true) << emitRegionHostCode(R, Index) << "}\n\n";
    return OS.str();
  }

  std::string caseRunner() const {
    const StencilProgram &P = program();
    const StencilAnalysis &A = *R.Analysis;
    unsigned N = P.numSpatialDims();
    std::ostringstream OS;
    OS << "// One case of region " << Index
       << ": the parameters, the geometry they give, both runs.\n";
    OS << "static void " << Name << "(long stencilcc_n, long stencilcc_steps)\n{\n";
    bool UsesN = false, UsesSteps = false;
    OS << parameterValues(A.NumReads, "stencilcc_steps", UsesN, UsesSteps);
    auto List = [&](auto Get) {
      std::string S;
      for (unsigned D = 0; D < N; ++D)
        S += (D ? ", " : "") + Get(D);
      return S;
    };
    OS << "  const long stencilcc_extent[" << N << "] = {" << List([&](unsigned D) {
      return "(long)(" + P.Array.Extents[D].str() + ")";
    }) << "};\n";
    OS << "  const long stencilcc_lower[" << N << "] = {" << List([&](unsigned D) {
      return "(long)(" + P.SpatialLoops[D].Lower.str() + ")";
    }) << "};\n";
    OS << "  const long stencilcc_upper[" << N << "] = {" << List([&](unsigned D) {
      return "(long)(" + P.SpatialLoops[D].Upper.str() + ")";
    }) << "};\n";
    OS << "  static const long stencilcc_radius_neg[" << N << "] = {"
       << List([&](unsigned D) { return std::to_string(A.Radius[D].Negative); })
       << "};\n";
    OS << "  static const long stencilcc_radius_pos[" << N << "] = {"
       << List([&](unsigned D) { return std::to_string(A.Radius[D].Positive); })
       << "};\n";
    OS << "  const long stencilcc_t_begin = (long)(" << P.TimeLoop.Lower.str()
       << "), stencilcc_t_end = (long)(" << P.TimeLoop.Upper.str() << ");\n";
    OS << "  const stencilcc_check::Case stencilcc_case = {\"r" << Index << " "
       << P.FunctionName << "():" << P.ScopLoc.Line << "\", " << N
       << ", stencilcc_extent, stencilcc_lower, stencilcc_upper,\n"
       << "      stencilcc_radius_neg, stencilcc_radius_pos, stencilcc_t_begin, "
       << P.WriteShift << ", stencilcc_n,\n"
       << "      stencilcc_t_end > stencilcc_t_begin ? stencilcc_t_end - "
          "stencilcc_t_begin : 0, "
       << (UsesN ? "false" : "true") << ", "
       << (Steps.Parameter.empty() ? "true" : "false") << "};\n";
    std::string Elem = elementTypeName(P.Array.Element);
    std::string Args;
    for (const Parameter &Par : P.Parameters)
      Args += Par.Name + ", ";
    OS << "  stencilcc_check::run<" << Elem << ">(stencilcc_case,\n"
       << "      [&](" << Elem << " *stencilcc_cells) { " << Name
       << "_reference(" << Args << "stencilcc_cells); },\n"
       << "      [&](" << Elem << " *stencilcc_cells) { " << Name
       << "_generated(" << Args << "stencilcc_cells); });\n";
    OS << "}\n\n";
    return OS.str();
  }

  /// Span of dimension \p D when every size parameter is n: A*n + B.
  std::pair<int64_t, int64_t> span(unsigned D) const {
    const StencilProgram &P = program();
    AffineExpr S = P.SpatialLoops[D].Upper - P.SpatialLoops[D].Lower;
    int64_t A = 0;
    for (const auto &[Name, Coeff] : S.terms())
      A += Coeff;
    return {A, S.constantTerm()};
  }

  /// The smallest n giving dimension \p D a span of at least \p Target
  /// (0 when n does not size it).
  int64_t sizeFor(unsigned D, int64_t Target) const {
    auto [A, B] = span(D);
    if (A <= 0)
      return 0;
    return (Target - B + A - 1) / A;
  }

  /// `{Run, DefaultN, SmallN, ExactN, InteriorN, DefaultSteps, Degree}`.
  std::string descriptor() const {
    const StencilProgram &P = program();
    const TemporalBlockingPlan &Plan = R.Plan;
    unsigned N = P.numSpatialDims();
    bool Sized = false;
    for (const Parameter &Par : P.Parameters)
      Sized |= isSize(Par);
    int64_t Small = 0, Default = 0, Exact = 0, Interior = 0;
    if (Sized) {
      for (unsigned D = 0; D < N; ++D)
        Small = std::max(Small, sizeFor(D, 3));
      Default = Small;
      if (R.Naive) {
        // The naive kernel's blocks are 256, 32x8 or 32x4x2 threads.
        for (unsigned D = 0; D < N; ++D)
          Default = std::max(Default, sizeFor(D, N == 3 ? 21 : 45));
      } else if (Plan.StreamSumRows) {
        // Blocks of 32 columns and 8 rows; a stream this short is cut into
        // two segments, the second shorter when its length is odd.
        for (unsigned D = 0; D < N; ++D)
          Default = std::max(Default, sizeFor(D, 45));
      } else {
        const KernelGeometry &G = Plan.Geometry;
        // About one and a half blocks along each tiled dimension: a full
        // block and a partial one, never a multiple of the block.
        for (unsigned I = 0; I < G.TileDims.size(); ++I) {
          int64_t W = Plan.computeWidth(I);
          Default = std::max(Default, sizeFor(G.TileDims[I], W + W / 2 + 1));
        }
        // About two and a half blocks along each tiled dimension: the
        // middle block's tile lies wholly inside the domain, and its
        // inner periods away from the ends of the stream take the
        // kernels' interior path (no boundary values). (Three and a half
        // took most of a program's emulated run time, 50% to 63% in 2D
        // and 3D, for more middle blocks of the same kind.) A 1D
        // stencil's kernels have none.
        // With stream blocks, a middle one needs about 2.5 of them, where
        // that keeps the grid small enough to emulate (the default 3D
        // plans' blocks of 128 planes would not: their stream is one
        // block, whose middle periods are interior).
        if (!G.VirtualStream) {
          for (unsigned I = 0; I < G.TileDims.size(); ++I) {
            int64_t W = Plan.computeWidth(I);
            Interior = std::max(Interior,
                                sizeFor(G.TileDims[I], 2 * W + W / 2 + 1));
          }
          int64_t SL = Plan.StreamLength;
          int64_t Stream = SL ? sizeFor(0, 2 * SL + SL / 2 + 1) : 0;
          if (Stream > Interior && Stream <= (N == 3 ? 96 : 2048))
            Interior = Stream;
        }
        // Exactly two blocks along the fastest dimension.
        unsigned Last = G.TileDims.size() - 1;
        int64_t W = 2 * Plan.computeWidth(Last);
        int64_t M = sizeFor(G.TileDims[Last], W);
        if (M > 0 && span(G.TileDims[Last]).first * M +
                             span(G.TileDims[Last]).second == W)
          Exact = M;
      }
    }
    std::ostringstream OS;
    OS << "  {" << Name << ", " << Default << ", " << Small << ", " << Exact
       << ", " << Interior << ", " << (Steps.Parameter.empty() ? -1 : 1) << ", "
       << (R.Naive ? 1 : Plan.TemporalDegree) << "},\n";
    return OS.str();
  }
};

} // namespace

std::string selfCheckObstacle(const StencilProgram &P) {
  if (P.isStageForm())
    return stageSelfCheckObstacle(P);
  std::optional<StepCount> S = stepCount(P);
  if (!S)
    return stepCountObstacle(P);
  if (S->Parameter.empty())
    return "";
  bool Sizes = false;
  for (const AffineExpr &E : P.Array.Extents)
    Sizes |= mentions(E, S->Parameter);
  for (const Loop &L : P.SpatialLoops)
    Sizes |= mentions(L.Lower, S->Parameter) || mentions(L.Upper, S->Parameter);
  if (Sizes)
    return "'" + S->Parameter +
           "' sets both the number of time steps and the grid, so the check "
           "cannot vary one without the other";
  return "";
}

std::string emitSelfCheckProgram(const std::string &Source,
                                 const std::vector<RegionToEmit> &Regions,
                                 const std::vector<std::string> &Defines,
                                 const std::vector<SourceEdit> &CxxEdits) {
  std::string Input =
      Regions.empty() ? "" : displayPath(Regions.front().Program->FileName);
  std::ostringstream OS;
  OS << "// Self-checking program generated by stencilcc " << STENCILCC_VERSION
     << " (--emit-test) from " << Input << ".\n"
     << "// On a GPU:\n"
     << "//   nvcc -O3 -arch=sm_90 check.cu -o check && ./check\n"
     << "// Without one (include/ of stencilcc's source tree):\n"
     << "//   g++ -std=c++20 -O1 -I include -include "
        "stencilcc/Runtime/CudaEmulation.h -x c++ check.cu\n"
     << "//       -x none -lboost_context -o check && ./check\n"
     << "// `./check --help` lists sizes, steps and tolerances.\n";
  // --mpi: MPI's header before the -D macros (a REAL or INTEGER macro would
  // meet its names), its C interface only; rank 0 alone compares and
  // reports.
  if (std::any_of(Regions.begin(), Regions.end(),
                  [](const RegionToEmit &R) { return R.Mpi; }))
    OS << "#define OMPI_SKIP_MPICXX 1\n#define MPICH_SKIP_MPICXX 1\n"
       << "#include <mpi.h>\n#define STENCILCC_SELFCHECK_MPI 1\n";
  for (const std::string &D : Defines) {
    size_t Eq = D.find('=');
    std::string Name = D.substr(0, Eq);
    OS << "#ifndef " << Name << "\n#define " << Name << " "
       << (Eq == std::string::npos ? "1" : D.substr(Eq + 1)) << "\n#endif\n";
  }
  // The runtime goes before the input's text, out of reach of its macros.
  // The launch-degree rule first: the runtime's step counts follow it.
  OS << LaunchDegreesTemplate << SelfCheckRuntimeTemplate << "\n";
  if (std::any_of(Regions.begin(), Regions.end(), [](const RegionToEmit &R) {
        return R.Program->isStageForm();
      }))
    OS << stageSelfCheckRuntime() << "\n";
  OS << "// The input's own main(), if it has one, is not this program's.\n"
     << "#define main stencilcc_input_main\n";
  OS << emitCudaTranslationUnit(Source, Regions, CxxEdits);
  OS << "#undef main\n\n";
  std::vector<RegionCheck> Checks;
  for (unsigned I = 0; I < Regions.size(); ++I)
    Checks.push_back({{Regions[I], I, *stepCount(*Regions[I].Program),
                       "stencilcc_check_r" + std::to_string(I)}});
  for (const RegionCheck &C : Checks)
    OS << (C.program().isStageForm()
               ? emitStageCheckFunctions(C.R, C.Index,
                                         regionBody(Source, C.program()))
               : C.functions(Source) + C.caseRunner());
  OS << "static const stencilcc_check::Region stencilcc_check_regions[] = {\n";
  for (const RegionCheck &C : Checks)
    OS << (C.program().isStageForm() ? emitStageCheckDescriptor(C.R, C.Index)
                                     : C.descriptor());
  OS << "};\n\n"
     << "int main(int argc, char **argv)\n{\n"
     << "  return stencilcc_check::runAll(argc, argv, stencilcc_check_regions, "
     << Checks.size() << ");\n}\n";
  return OS.str();
}

} // namespace stencilcc
