//===- Emitter/StageHostCode.cpp - Host code of a stage-form region -------===//
//
// The host code keeps the C semantics of the whole region: every array the
// region touches is copied in whole (cells no stage writes keep their
// values), every state array is copied back whole (all levels: after the
// region each holds exactly what the C loops leave, whatever the parity of
// the step count), and the loop variables declared before the region end
// with the values the C loops leave in them. The buffer layout is
// StageLayout.h's.
//
//===----------------------------------------------------------------------===//
#include "StageBounds.h"
#include "StageLayout.h"
#include "stencilcc/Emitter/StageEmitter.h"
#include "stencilcc/Planner/StagePlan.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

namespace stencilcc {

namespace stage {

std::string oneLine(const std::string &Text) {
  std::string S;
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\r') {
      Space = !S.empty();
      continue;
    }
    if (Space)
      S += ' ';
    Space = false;
    S += C;
  }
  return S;
}

std::vector<std::string> runParams(const StencilProgram &P) {
  std::vector<std::string> Params;
  for (const StencilArray &A : P.Arrays)
    Params.push_back(std::string(elementTypeName(A.Element)) + " *const d_" +
                     A.Name);
  Params.push_back("const long t_begin");
  Params.push_back("const long steps");
  for (const std::string &Sym : regionSymbols(P))
    Params.push_back("const long p_" + Sym);
  for (const auto &[Name, T] : P.rhsScalars())
    Params.push_back(std::string("const ") + scalarTypeName(T) + " s_" + Name);
  return Params;
}

void forEachRead(const Stage &S,
                 const std::function<void(const ArrayAccess &)> &F) {
  S.Rhs->walk([&](const Expr &E) {
    if (E.K == Expr::Kind::Access)
      F(E.Access);
  });
}

std::set<unsigned> stageArrays(const Stage &S) {
  std::set<unsigned> Ids{S.ArrayId};
  forEachRead(S, [&](const ArrayAccess &A) { Ids.insert(A.ArrayId); });
  return Ids;
}

static void addSymbols(const AffineExpr &E, std::set<std::string> &Out) {
  for (const auto &[Name, C] : E.terms())
    Out.insert(Name);
}

static void addSymbols(const IndexExpr &I, std::set<std::string> &Out) {
  for (const AffineExpr *E : {&I.Value, &I.CmpLhs, &I.CmpRhs, &I.Divisor})
    addSymbols(*E, Out);
  for (const IndexExpr &O : I.Operands)
    addSymbols(O, Out);
}

std::set<std::string> stageSymbols(const StencilProgram &P, const Stage &S) {
  std::set<std::string> Syms;
  for (const Loop &L : S.Loops) {
    addSymbols(L.Lower, Syms);
    addSymbols(L.Upper, Syms);
  }
  for (const IndexExpr &I : S.WriteIndex)
    addSymbols(I, Syms);
  forEachRead(S, [&](const ArrayAccess &A) {
    for (const IndexExpr &I : A.Index)
      addSymbols(I, Syms);
  });
  // The extents a buffer index scales by: without a leading subscript
  // the first one scales nothing.
  for (unsigned Id : stageArrays(S)) {
    const StencilArray &A = P.Arrays[Id];
    for (size_t D = A.hasLeadingTimeSubscript() ? 0 : 1; D < A.Extents.size();
         ++D)
      addSymbols(A.Extents[D], Syms);
  }
  Syms.erase(P.TimeLoop.Var);
  for (const Loop &L : S.Loops)
    Syms.erase(L.Var);
  return Syms;
}

bool stageUsesTime(const StencilProgram &P, const Stage &S) {
  const std::string &T = P.TimeLoop.Var;
  bool Uses = false;
  for (unsigned Id : stageArrays(S))
    Uses |= P.Arrays[Id].hasLeadingTimeSubscript();
  for (const IndexExpr &I : S.WriteIndex)
    Uses |= I.mentions(T);
  forEachRead(S, [&](const ArrayAccess &A) {
    for (const IndexExpr &I : A.Index)
      Uses |= I.mentions(T);
  });
  return Uses;
}

std::pair<int64_t, int64_t> timeShiftRange(const StencilProgram &P,
                                           unsigned Id) {
  bool Any = false;
  int64_t Lo = 0, Hi = 0;
  for (const Stage &S : P.Stages)
    forEachRead(S, [&](const ArrayAccess &A) {
      if (A.ArrayId != int(Id))
        return;
      Lo = Any ? std::min(Lo, A.TimeShift) : A.TimeShift;
      Hi = Any ? std::max(Hi, A.TimeShift) : A.TimeShift;
      Any = true;
    });
  return {Lo, Hi};
}

std::string planesText(const StencilProgram &P, unsigned Id, bool Declared,
                       const std::string &Steps, const std::string &TEnd) {
  const StencilArray &A = P.Arrays[Id];
  if (A.Levels > 0)
    return std::to_string(A.Levels);
  if (A.Role != ArrayRole::TimeIndexed)
    return "1";
  if (A.TimeExtent)
    return std::to_string(*A.TimeExtent);
  if (A.TimeExtentExpr)
    return "(long)(" +
           (Declared && !A.TimeExtentSpelling.empty() ? A.TimeExtentSpelling
                                                       : A.TimeExtentExpr->str()) +
           ")";
  // Unknown extent: the rows from 0 to the last the time loop reads.
  int64_t Shift = timeShiftRange(P, Id).second;
  std::string Rows =
      Shift == 0 ? TEnd
                 : TEnd + (Shift > 0 ? " + " : " - ") +
                       std::to_string(Shift > 0 ? Shift : -Shift);
  return "(" + Steps + " > 0 && " + Rows + " > 0 ? " + Rows + " : 0L)";
}

bool planesMayBeZero(const StencilArray &A) {
  return A.Role == ArrayRole::TimeIndexed && !A.TimeExtent;
}

std::string pointerDims(const StencilArray &A) {
  std::string Dims;
  // A grid flattened by hand is the plain pointer its code indexes.
  if (A.Flattened)
    return Dims;
  // A rotated level's variable points to one level's rows.
  for (size_t D = A.hasLeadingTimeSubscript() && A.LevelPointers.empty() ? 0
                                                                         : 1;
       D < A.ExtentSpellings.size(); ++D)
    Dims += "[" + A.ExtentSpellings[D] + "]";
  return Dims;
}

std::string pointerDeclaration(const StencilArray &A, const std::string &From,
                               std::string Elem) {
  if (Elem.empty())
    Elem = elementTypeName(A.Element);
  std::string Dims = pointerDims(A);
  if (Dims.empty())
    return Elem + " *" + A.Name + " = (" + Elem + " *)" + From + ";";
  return Elem + " (*" + A.Name + ")" + Dims + " = (" + Elem + " (*)" + Dims +
         ")" + From + ";";
}

std::set<std::string> regionSymbols(const StencilProgram &P) {
  std::set<std::string> All;
  for (const Stage &S : P.Stages)
    for (const std::string &Sym : stageSymbols(P, S))
      All.insert(Sym);
  return All;
}

} // namespace stage

using namespace stage;

namespace {

/// The product of \p A's spatial extents in long: as written, or (\p
/// Declared false: the host code runs where the source's names are not
/// visible) the IR's affine forms over the parameters.
std::string cellsText(const StencilArray &A, bool Declared) {
  std::string S;
  for (size_t D = 0; D < A.Extents.size(); ++D)
    S += (S.empty() ? "" : " * ") +
         ("(long)(" +
          (Declared ? A.ExtentSpellings[D] : A.Extents[D].str()) + ")");
  return S.empty() ? "1L" : S;
}

/// The state array whose extents are the grid's (stateGridExtents).
const StencilArray *gridArray(const StencilProgram &P) {
  std::optional<std::vector<AffineExpr>> Grid = stateGridExtents(P);
  for (const StencilArray &A : P.Arrays)
    if (Grid && A.Role == ArrayRole::State && A.Extents == *Grid)
      return &A;
  return nullptr;
}

/// A device buffer for array \p Id and its copy in.
std::string allocation(const StencilProgram &P, unsigned Id, bool Declared) {
  const StencilArray &A = P.Arrays[Id];
  std::string Elem = elementTypeName(A.Element);
  std::string V = "stencilcc_" + A.Name;
  std::string Planes =
      planesText(P, Id, Declared, "stencilcc_steps", "stencilcc_t_end");
  std::ostringstream OS;
  OS << "    // " << A.Name << ": " << arrayRoleName(A.Role);
  if (A.Levels > 0)
    OS << ", " << A.Levels << " levels";
  else if (A.Role == ArrayRole::TimeIndexed)
    OS << ", the rows the time loop reads";
  OS << ".\n";
  OS << "    const long " << V << "_cells = " << cellsText(A, Declared)
     << ";\n";
  OS << "    const long " << V << "_planes = " << Planes << ";\n";
  OS << "    const size_t " << V << "_bytes = (" << V << "_cells > 0 && " << V
     << "_planes > 0 ? (size_t)" << V << "_cells * (size_t)" << V
     << "_planes : 0) * sizeof(" << Elem << ");\n";
  // A state array shorter than the grid (a pointer whose accesses reach
  // fewer rows than another's): the kernels index it as the grid, so its
  // buffer has the grid's cells; the host copies its own.
  const StencilArray *Grid = paddedOnDevice(P, Id) ? gridArray(P) : nullptr;
  if (Grid)
    OS << "    const long " << V << "_device_cells = " << cellsText(*Grid, Declared)
       << "; // the grid's: " << A.Name << " is padded\n";
  const std::string DeviceBytes =
      Grid ? "(size_t)" + V + "_device_cells * sizeof(" + Elem + ")" : V + "_bytes";
  if (A.LevelPointers.empty()) {
    OS << "    " << Elem << " *const " << V << "_host = (" << Elem << " *)("
       << A.Name << ");\n";
  } else {
    // Levels the time step rotates through pointers: each its own buffer.
    OS << "    " << Elem << " *const " << V << "_level_host["
       << A.LevelPointers.size() << "] = {";
    for (size_t L = 0; L < A.LevelPointers.size(); ++L)
      OS << (L ? ", " : "") << "(" << Elem << " *)(" << A.LevelPointers[L]
         << ")";
    OS << "};\n";
  }
  OS << "    " << Elem << " *" << V << "_device = 0;\n";
  // cudaMalloc of no bytes is not portable; a buffer nothing reads may be.
  std::string Bytes = planesMayBeZero(A)
                          ? "(" + DeviceBytes + " ? " + DeviceBytes + " : 1)"
                          : DeviceBytes;
  OS << "    STENCILCC_CHECK(cudaMalloc((void **)&" << V << "_device, "
     << Bytes << "));\n";
  if (A.LevelPointers.empty())
    OS << "    STENCILCC_CHECK(cudaMemcpy(" << V << "_device, " << V
       << "_host, " << V << "_bytes, cudaMemcpyHostToDevice));\n";
  else
    OS << "    for (int stencilcc_l = 0; " << V
       << "_bytes > 0 && stencilcc_l < " << A.LevelPointers.size()
       << "; ++stencilcc_l)\n"
       << "      STENCILCC_CHECK(cudaMemcpy(" << V << "_device + stencilcc_l * "
       << V << "_cells, " << V << "_level_host[stencilcc_l], (size_t)" << V
       << "_cells * sizeof(" << Elem << "), cudaMemcpyHostToDevice));\n";
  return OS.str();
}

} // namespace

namespace stage {

std::string rotatedPointers(const StencilProgram &P, bool InC) {
  std::ostringstream OS;
  for (unsigned Id = 0; Id < P.Arrays.size(); ++Id) {
    const StencilArray &A = P.Arrays[Id];
    if (A.LevelPointers.empty())
      continue;
    int64_t K = int64_t(A.LevelPointers.size());
    int64_t T0 = P.TimeLoop.Lower.constantTerm();
    // The level each variable points to after the last step (where the
    // loop ran no step, the one it started at), as the C loop's pointer
    // assignments leave it; the variables still hold the buffers they
    // started with.
    OS << "    {\n      void *const stencilcc_levels[" << K << "] = {";
    for (int64_t L = 0; L < K; ++L)
      OS << (L ? ", " : "") << "(void *)(" << A.LevelPointers[L] << ")";
    OS << "};\n      const long stencilcc_first = (long)("
       << P.TimeLoop.Lower.str() << "), stencilcc_end = (long)("
       << P.TimeLoop.Upper.str() << ");\n"
       << "      const long stencilcc_last = stencilcc_end > stencilcc_first ? "
          "stencilcc_end : stencilcc_first;\n";
    auto Level = [&](const std::string &Time, int64_t Shift) {
      return "((" + Time + " + " + std::to_string(Shift) + ") % " +
             std::to_string(K) + " + " + std::to_string(K) + ") % " +
             std::to_string(K);
    };
    // C converts the saved `void *` to the variable's type; C++ does not,
    // and there memcpy sets it (every object pointer has void *'s
    // representation on the GPU's hosts).
    auto Set = [&](const std::string &Var, const std::string &Index) {
      return InC ? Var + " = stencilcc_levels[" + Index + "];\n"
                 : "memcpy(&" + Var + ", &stencilcc_levels[" + Index +
                       "], sizeof(void *));\n";
    };
    // Variable J points to level (t + (J - t0) % K) % K.
    for (int64_t J = 0; J < K; ++J)
      OS << "      "
         << Set(A.LevelPointers[J],
                Level("stencilcc_last", ((J - T0) % K + K) % K));
    for (const StencilProgram::RotationTemporary &T : P.RotationTemporaries)
      if (T.ArrayId == Id)
        OS << "      if (stencilcc_end > stencilcc_first)\n        "
           << Set(T.Name, Level("stencilcc_end - 1", T.Level));
    OS << "    }\n";
  }
  return OS.str();
}

} // namespace stage

namespace {

/// Loop variables declared before the region end as the C loops leave
/// them: t at its upper bound (if it ran), a spatial variable at the bound
/// of the last loop over it that ran in the last step (later stages
/// overwrite earlier ones, as in C).
std::string loopVariables(const StencilProgram &P) {
  std::ostringstream OS;
  if (P.TimeLoop.VarDeclaredOutside)
    OS << "    " << P.TimeLoop.Var
       << " = stencilcc_steps > 0 ? stencilcc_t_end : stencilcc_t_begin;\n";
  // A line the same as the one before it for its variable changes nothing.
  std::map<std::string, std::string> Last;
  for (const Stage &S : P.Stages) {
    std::string Ran = "stencilcc_steps > 0";
    for (const Loop *LP : inNestOrder(S.Loops)) {
      const Loop &L = *LP;
      std::string Lo = "(long)(" + L.Lower.str() + ")";
      std::string Hi = "(long)(" + L.Upper.str() + ")";
      std::string Line = "    if (" + Ran + ") " + L.Var + " = " + Hi + " > " +
                         Lo + " ? " + Hi + " : " + Lo + ";\n";
      if (L.VarDeclaredOutside && Last[L.Var] != Line)
        OS << (Last[L.Var] = Line);
      Ran += " && " + Hi + " > " + Lo;
    }
  }
  // Code after the region need not read them; nvcc warns of a variable
  // set but never used unless its address is taken.
  std::string Kept;
  if (P.TimeLoop.VarDeclaredOutside)
    Kept += " (void)&" + P.TimeLoop.Var + ";";
  for (const auto &[Var, Line] : Last)
    Kept += " (void)&" + Var + ";";
  if (!Kept.empty())
    OS << "   " << Kept << "\n";
  return OS.str();
}

/// The call of the run function; \p Narrow: the naive one's last
/// argument, whether every array's cells fit in 31 bits.
std::string runCall(const StencilProgram &P, const std::string &Prefix, bool Narrow) {
  std::string Args;
  for (const StencilArray &A : P.Arrays)
    Args += "stencilcc_" + A.Name + "_device, ";
  Args += "stencilcc_t_begin, stencilcc_steps";
  for (const std::string &Sym : regionSymbols(P))
    Args += ", (long)(" + Sym + ")";
  for (const auto &[Name, T] : P.rhsScalars())
    Args += ", " + Name;
  if (Narrow)
    Args += ", stencilcc_narrow";
  return "    " + runName(Prefix) + "(" + Args + ");\n";
}

} // namespace

std::string emitStageHostCode(const StencilProgram &P,
                              const std::string &Prefix, unsigned Index,
                              HostPlacement Where, const StagePlan *Blocked) {
  const bool InFunction = Where == HostPlacement::InFunction;
  std::ostringstream OS;
  OS << "  { /* stencilcc: region " << Index << " runs on the GPU: ";
  if (Blocked)
    OS << "temporal blocking, " << Blocked->sweeps()
       << (Blocked->sweeps() == 1 ? " sweep" : " sweeps")
       << " per launch (the plan is above its kernel) */\n";
  else
    OS << "naive, one kernel per stage per time step */\n";
  OS << "    const long stencilcc_t_begin = (long)(" << P.TimeLoop.Lower.str()
     << "), stencilcc_t_end = (long)(" << P.TimeLoop.Upper.str() << ");\n";
  OS << "    const long stencilcc_steps = stencilcc_t_end > stencilcc_t_begin "
        "? stencilcc_t_end - stencilcc_t_begin : 0;\n";
  // Sizes for which the C code itself would leave an array (the analysis
  // accepted the region for the others and warned): stop with a message
  // rather than run the kernels out of bounds.
  for (const auto &[Cond, What] : outsideConditions(P, /*TimeRows=*/false))
    OS << "    if (" << Cond << ") {\n      fputs(" << quotedText(
              "stencilcc: region " + std::to_string(Index) + " (line " +
              std::to_string(P.ScopLoc.Line) + "): with these sizes the C "
              "code accesses " + What + " outside its array\n")
       << ", stderr);\n      abort();\n    }\n";
  for (unsigned Id = 0; Id < P.Arrays.size(); ++Id)
    OS << allocation(P, Id, InFunction);
  OS << "    STENCILCC_CHECK(cudaDeviceSynchronize());\n"
     << "#if defined(STENCILCC_TIMER_START)\n    STENCILCC_TIMER_START;\n"
        "#elif defined(SB_START_INSTRUMENTS)\n    SB_START_INSTRUMENTS;\n#endif\n";
  if (!Blocked) {
    // The naive kernels index cells in int where every array fits (tests
    // force long: the prelude's STENCILCC_WIDE_OFFSETS, the self-check's
    // --wide-offsets).
    std::string Fits;
    for (unsigned Id = 0; Id < P.Arrays.size(); ++Id) {
      const std::string V = "stencilcc_" + P.Arrays[Id].Name;
      Fits += " && " + V + (paddedOnDevice(P, Id) ? "_device_cells" : "_cells") + " * " + V +
              "_planes <= 2147483647L";
    }
    OS << "    const bool stencilcc_narrow = !STENCILCC_WIDE_OFFSETS_FORCED" << Fits
       << ";\n";
  }
  OS << runCall(P, Prefix, !Blocked);
  OS << "    STENCILCC_CHECK(cudaDeviceSynchronize());\n"
     << "#if defined(STENCILCC_TIMER_STOP)\n    STENCILCC_TIMER_STOP;\n"
        "#elif defined(SB_STOP_INSTRUMENTS)\n    SB_STOP_INSTRUMENTS;\n#endif\n";
  OS << "    // Every state array back, all levels: the C loops leave the "
        "result in them.\n";
  for (const StencilArray &A : P.Arrays) {
    if (A.Role != ArrayRole::State)
      continue;
    std::string V = "stencilcc_" + A.Name;
    if (A.LevelPointers.empty()) {
      OS << "    STENCILCC_CHECK(cudaMemcpy(" << V << "_host, " << V
         << "_device, " << V << "_bytes, cudaMemcpyDeviceToHost));\n";
      continue;
    }
    OS << "    for (int stencilcc_l = 0; " << V
       << "_bytes > 0 && stencilcc_l < " << A.LevelPointers.size()
       << "; ++stencilcc_l)\n"
       << "      STENCILCC_CHECK(cudaMemcpy(" << V
       << "_level_host[stencilcc_l], " << V << "_device + stencilcc_l * " << V
       << "_cells, (size_t)" << V << "_cells * sizeof("
       << elementTypeName(A.Element) << "), cudaMemcpyDeviceToHost));\n";
  }
  for (const StencilArray &A : P.Arrays)
    OS << "    STENCILCC_CHECK(cudaFree(stencilcc_" << A.Name << "_device));\n";
  if (InFunction)
    OS << loopVariables(P) << rotatedPointers(P, /*InC=*/false);
  OS << "  }\n";
  return OS.str();
}

/// Whether the declaration \p Decl of array \p Name qualifies its elements
/// `const` (a read-only array may be; callers may pass const data).
static bool declaresConst(const std::string &Decl, const std::string &Name) {
  std::string Before = Decl.substr(0, Decl.find(Name));
  for (size_t At = Before.find("const"); At != std::string::npos;
       At = Before.find("const", At + 1)) {
    auto Word = [&](size_t I) {
      return I < Before.size() && (isalnum((unsigned char)Before[I]) ||
                                   Before[I] == '_');
    };
    if ((At == 0 || !Word(At - 1)) && !Word(At + 5))
      return true;
  }
  return false;
}

std::vector<StageVLARewrite>
stageVLAParameterRewrites(const StencilProgram &P, const std::string &Source) {
  std::vector<StageVLARewrite> Out;
  // The parameter \p Name of \p A's shape, declared in \p S.
  auto Rewrite = [&](const StencilArray &A, const std::string &Name,
                     const SourceSpan &S) {
    std::string Elem = elementTypeName(A.Element);
    if (S.End <= Source.size() && S.Begin < S.End &&
        declaresConst(Source.substr(S.Begin, S.End - S.Begin), Name))
      Elem = "const " + Elem;
    StencilArray Named = A;
    Named.Name = Name;
    std::string Raw = "stencilcc_" + Name + "_data";
    // The same text as the single-update form's rewrite (CudaEmitter.cpp).
    Out.push_back({S, Elem + " *" + Raw,
                   "\n  " + pointerDeclaration(Named, Raw, Elem) +
                       " /* stencilcc: CUDA C++ has no run-time extents in "
                       "parameters */"});
  };
  for (const StencilArray &A : P.Arrays) {
    if (A.VLAParameter)
      Rewrite(A, A.Name, *A.VLAParameter);
    // The other variables of a rotation, each its own parameter.
    for (const auto &[Name, Span] : A.LevelVLAParameters)
      Rewrite(A, Name, Span);
  }
  return Out;
}

} // namespace stencilcc
