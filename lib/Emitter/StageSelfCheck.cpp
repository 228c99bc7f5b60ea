//===- Emitter/StageSelfCheck.cpp - --emit-test for stage-form regions ----===//
//
// As for the single-update form (SelfCheckEmitter.cpp), the reference is
// the region's own C text, run in a function whose parameters and locals
// stand for its surroundings, and the generated host code runs in a
// function of the same signature. A stage-form region touches several
// arrays, so both functions take one buffer per array, every array is
// filled with distinct values (one seeded stream over all of them), and
// every cell of every level of every state array is compared. No cell is
// poisoned with NaN: with several stages, telling the cells a step writes
// before it reads them would take the analysis, and a poisoned cell that
// the C code reads would make both runs NaN alike (NaN cells are not
// compared). A cell the kernels fail to write keeps its random start value
// where the reference computed another.
//
//===----------------------------------------------------------------------===//
#include "SelfCheckRegion.h"
#include "StageBounds.h"
#include "StageCheckRuntime.h"
#include "StageLayout.h"
#include "stencilcc/Emitter/StageEmitter.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace stencilcc {

using namespace stage;
using namespace selfcheck;

namespace {

struct StageCheck : CheckedRegion {

  std::string signature() const {
    std::string S;
    for (const Parameter &Par : program().Parameters)
      S += std::string(scalarTypeName(Par.Type)) + " " + Par.Name + ", ";
    for (const StencilArray &A : program().Arrays)
      S += std::string(elementTypeName(A.Element)) + " *stencilcc_cells_" +
           A.Name + (&A == &program().Arrays.back() ? "" : ", ");
    return S;
  }

  /// Locals of the user's function the region's text names, and every
  /// array as a pointer of its own type onto its buffer.
  std::string context(bool Generated) const {
    const StencilProgram &P = program();
    std::string Unused = Generated ? "[[maybe_unused]] " : "";
    std::string S;
    for (const std::string &D : P.LocalDeclarations)
      S += "  " + Unused + D + "\n";
    std::set<std::string> Declared;
    auto LoopVar = [&](const Loop &L) {
      if (L.VarDeclaredOutside && Declared.insert(L.Var).second)
        S += "  " + Unused + "long " + L.Var + ";\n";
    };
    LoopVar(P.TimeLoop);
    for (const Stage &St : P.Stages)
      for (const Loop &L : St.Loops)
        LoopVar(L);
    for (const StencilArray &A : P.Arrays) {
      if (A.LevelPointers.empty()) {
        S += "  " + pointerDeclaration(A, "stencilcc_cells_" + A.Name) + "\n";
        continue;
      }
      // Pointers the time step rotates: each to its level of the buffer.
      StencilArray Level = A;
      Level.Levels = 0;
      std::string Elem = elementTypeName(A.Element), Cells = "1L";
      for (const AffineExpr &E : A.Extents)
        Cells += " * " + longText(E);
      for (size_t L = 0; L < A.LevelPointers.size(); ++L) {
        Level.Name = A.LevelPointers[L];
        S += "  " +
             pointerDeclaration(Level, "((" + Elem + " *)stencilcc_cells_" +
                                           A.Name + " + " + std::to_string(L) +
                                           " * " + Cells + ")") +
             "\n";
      }
    }
    for (const StencilProgram::RotationTemporary &T : P.RotationTemporaries)
      S += "  " + Unused + T.Declaration + "\n";
    return S;
  }

  /// The largest number of reads of one stage (scales the scalars' values).
  unsigned reads() const {
    unsigned Most = 0;
    for (const Stage &S : program().Stages) {
      unsigned N = 0;
      forEachRead(S, [&](const ArrayAccess &) { ++N; });
      Most = std::max(Most, N);
    }
    return Most;
  }

  std::string parameters(bool &UsesN, bool &UsesSteps) const {
    return parameterValues(reads(), "stencilcc_case_steps", UsesN, UsesSteps);
  }

  std::string arrays() const {
    const StencilProgram &P = program();
    std::ostringstream OS;
    for (unsigned Id = 0; Id < P.Arrays.size(); ++Id) {
      const StencilArray &A = P.Arrays[Id];
      std::string Extents;
      for (const AffineExpr &E : A.Extents)
        Extents += (Extents.empty() ? "" : ", ") + longText(E);
      OS << "  stencilcc_stage_check::Array<" << elementTypeName(A.Element)
         << "> stencilcc_" << A.Name << "(\"" << A.Name << "\", "
         << (A.Role == ArrayRole::State ? "true" : "false") << ", "
         << planesText(P, Id, /*Declared=*/false, "stencilcc_steps",
                       "stencilcc_t_end")
         << ", {" << Extents << "});\n";
    }
    return OS.str();
  }

  /// Conditions under which the C code itself would reach outside an
  /// array (the case is skipped then; StageBounds.h).
  std::vector<std::pair<std::string, std::string>> outside() const {
    return outsideConditions(program(), /*TimeRows=*/true);
  }

  /// Points the stages compute over the whole run (for --time).
  std::string points() const {
    std::string Sum;
    for (const Stage &S : program().Stages) {
      std::string Prod = "1.0";
      for (const Loop &L : S.Loops)
        Prod += " * std::max(0L, " + longText(L.Upper) + " - " +
                longText(L.Lower) + ")";
      Sum += (Sum.empty() ? "" : " + ") + Prod;
    }
    return "(double)stencilcc_steps * (" + Sum + ")";
  }

  /// The case is skipped where the C code would reach outside an array.
  std::string outsideChecks() const {
    std::string S = "  // The C code must stay inside its arrays, or the "
                    "reference itself is wrong.\n"
                    "  const char *stencilcc_outside = nullptr;\n";
    for (const auto &[Cond, What] : outside())
      S += "  if (!stencilcc_outside && " + Cond +
           ")\n    stencilcc_outside = " + quotedText(What) + ";\n";
    return S;
  }

  /// stencilcc_stage_check::run over every array, both functions.
  std::string runCall() const {
    const StencilProgram &P = program();
    std::string Params, Arrays;
    for (const Parameter &Par : P.Parameters)
      Params += Par.Name + ", ";
    for (const StencilArray &A : P.Arrays)
      Arrays += (Arrays.empty() ? "&stencilcc_" : ", &stencilcc_") + A.Name;
    auto Call = [&](const std::string &Which) {
      std::string Args = Params;
      for (const StencilArray &A : P.Arrays)
        Args += "stencilcc_" + A.Name + "." + Which + "()" +
                (&A == &P.Arrays.back() ? "" : ", ");
      return "[&] { " + Name + "_" + Which + "(" + Args + "); }";
    };
    return "  stencilcc_stage_check::run(stencilcc_case, {" + Arrays +
           "}, stencilcc_outside, " + points() + ",\n      " +
           Call("reference") + ",\n      " + Call("generated") + ");\n";
  }

  std::string caseRunner() const {
    const StencilProgram &P = program();
    std::ostringstream OS;
    OS << "// One case of region " << Index
       << ": the parameters, the arrays they size, both runs.\n";
    OS << "static void " << Name
       << "(long stencilcc_n, long stencilcc_case_steps)\n{\n";
    bool UsesN = false, UsesSteps = false;
    OS << parameters(UsesN, UsesSteps);
    OS << "  const long stencilcc_t_begin = (long)(" << P.TimeLoop.Lower.str()
       << "), stencilcc_t_end = (long)(" << P.TimeLoop.Upper.str() << ");\n";
    OS << "  const long stencilcc_steps = stencilcc_t_end > stencilcc_t_begin "
          "? stencilcc_t_end - stencilcc_t_begin : 0;\n";
    // report() reads the name, sizes and steps of a Case; the geometry
    // fields serve the single-update form's runner.
    OS << "  const stencilcc_check::Case stencilcc_case = {\"r" << Index << " "
       << P.FunctionName << "():" << P.ScopLoc.Line
       << "\", 0, nullptr, nullptr, nullptr, nullptr, nullptr,\n"
       << "      stencilcc_t_begin, 0, stencilcc_n, stencilcc_steps, "
       << (UsesN ? "false" : "true") << ", "
       << (Steps.Parameter.empty() ? "true" : "false") << "};\n";
    OS << arrays() << outsideChecks() << runCall() << "}\n\n";
    return OS.str();
  }

  /// Span of loop \p L when every size parameter is n: A*n + B.
  static std::pair<int64_t, int64_t> span(const Loop &L) {
    AffineExpr S = L.Upper - L.Lower;
    int64_t A = 0;
    for (const auto &[Name, Coeff] : S.terms())
      A += Coeff;
    return {A, S.constantTerm()};
  }

  /// The smallest n giving every loop n sizes a span of at least \p Target.
  int64_t sizeFor(int64_t Target) const {
    int64_t N = 0;
    for (const Stage &S : program().Stages)
      for (const Loop &L : S.Loops) {
        auto [A, B] = span(L);
        if (A > 0)
          N = std::max(N, (Target - B + A - 1) / A);
      }
    return N;
  }

  /// C time steps one launch advances: the edge cases run around it.
  unsigned stepsPerLaunch() const {
    if (R.StageBlocking)
      return std::max(1u, R.StageBlocking->Steps);
    // bT counts sweeps: two a ping-pong's step, one a pointer swap's.
    if (R.SingleUpdate && !R.Naive)
      return R.SingleUpdate->LevelsRotated
                 ? std::max(1u, R.Plan.TemporalDegree)
                 : std::max(1u, (R.Plan.TemporalDegree + 1) / 2);
    return 1;
  }

  std::string descriptor() const {
    bool Sized = false;
    for (const Parameter &Par : program().Parameters)
      Sized |= isSize(Par);
    int64_t Small = 0, Default = 0;
    if (Sized) {
      // The naive blocks are 256, 32x8 or 32x4x2 threads: spans of 300, 45
      // or 21 points are no multiple of them and cover more than one
      // block along every axis but the 3D grid's x.
      unsigned Rank = program().gridRank();
      Small = sizeFor(3);
      Default = std::max(Small, sizeFor(Rank <= 1 ? 300 : Rank == 2 ? 45 : 21));
    }
    std::ostringstream OS;
    OS << "  {" << Name << ", " << Default << ", " << Small << ", 0, 0, "
       << (Steps.Parameter.empty() ? -1 : 1) << ", " << stepsPerLaunch()
       << "},\n";
    return OS.str();
  }
};

StageCheck makeCheck(const RegionToEmit &R, unsigned Index) {
  return {{R, Index, *stepCount(*R.Program),
           "stencilcc_check_r" + std::to_string(Index)}};
}

} // namespace

std::string stageSelfCheckObstacle(const StencilProgram &P) {
  std::optional<StepCount> S = stepCount(P);
  if (!S)
    return stepCountObstacle(P);
  if (S->Parameter.empty())
    return "";
  // The step count may size a time-indexed array's rows (`W[T + 1][n]`),
  // not the grid.
  bool Sizes = false;
  auto Mentions = [&](const AffineExpr &E) {
    Sizes |= E.coefficient(S->Parameter) != 0;
  };
  for (const StencilArray &A : P.Arrays)
    for (const AffineExpr &E : A.Extents)
      Mentions(E);
  for (const Stage &St : P.Stages)
    for (const Loop &L : St.Loops) {
      Mentions(L.Lower);
      Mentions(L.Upper);
    }
  if (Sizes)
    return "'" + S->Parameter +
           "' sets both the number of time steps and the grid, so the check "
           "cannot vary one without the other";
  return "";
}

std::string emitStageCheckFunctions(const RegionToEmit &R, unsigned Index,
                                    const std::string &RegionBody) {
  StageCheck C = makeCheck(R, Index);
  const StencilProgram &P = *R.Program;
  std::ostringstream OS;
  OS << "// Region " << Index << ", in " << P.FunctionName << "() at line "
     << P.ScopLoc.Line << ": its C text, the reference.\n";
  OS << "static void " << C.Name << "_reference(" << C.signature()
     << ")\n{\n" << C.context(false) << RegionBody << "}\n\n";
  OS << "// The same, with the region replaced by the generated host code.\n";
  OS << "static void " << C.Name << "_generated(" << C.signature()
     << ")\n{\n" << C.context(true) << emitRegionHostCode(R, Index)
     << "}\n\n";
  return OS.str() + C.caseRunner();
}

std::string stageSelfCheckRuntime() { return StageCheckRuntime; }

std::string emitStageCheckDescriptor(const RegionToEmit &R, unsigned Index) {
  return makeCheck(R, Index).descriptor();
}

} // namespace stencilcc
