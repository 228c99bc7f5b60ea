//===- Emitter/CLaunchers.cpp - The C file and its CUDA launchers ---------===//
//
// The launcher runs the same host code as a region compiled in place
// (CudaEmitter.h), so the two modes cannot drift apart; only what that code
// reads from the user's function changes hands. Extents come from the IR's
// affine forms over the parameters rather than from the source's spellings,
// which may name macros, typedefs or locals of the C file that the CUDA
// file cannot see. The loop variables declared before a region are set in
// the C file itself: their types are the C file's, and a launcher could
// only reach them through pointers of a type it would have to guess.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/CLaunchers.h"
#include "stencilcc/Support/Config.h"
#include "stencilcc/Support/CxxKeywords.h"

#include "StageLayout.h"

#include <cctype>
#include <map>
#include <sstream>

namespace stencilcc {

namespace {

/// One argument of a launcher: the parameter it declares and the C
/// expression the call passes for it.
struct LauncherArgument {
  std::string Declaration; ///< `double *A`, `int n`
  std::string Value;       ///< `(double *)(A)`, `n`
};

LauncherArgument arrayArgument(const StencilArray &A) {
  // A coefficient or time-indexed array is only read: a caller may hold it
  // as const data.
  std::string Elem = std::string(A.Role == ArrayRole::State ? "" : "const ") +
                     elementTypeName(A.Element) + " *";
  return {Elem + A.Name, "(" + Elem + ")(" + A.Name + ")"};
}

/// Arrays first (as the region's program lists them), then every parameter
/// by value: the extents and bounds the launcher computes are affine in
/// them, and the update reads the floating ones.
std::vector<LauncherArgument> launcherArguments(const StencilProgram &P) {
  std::vector<LauncherArgument> Args;
  if (P.isStageForm()) {
    for (const StencilArray &A : P.Arrays) {
      Args.push_back(arrayArgument(A));
      // Rotated levels: the buffer of each variable (the first is A's).
      for (size_t L = 1; L < A.LevelPointers.size(); ++L) {
        StencilArray Level = A;
        Level.Name = A.LevelPointers[L];
        Args.push_back(arrayArgument(Level));
      }
    }
  } else {
    Args.push_back(arrayArgument(P.Array));
  }
  for (const Parameter &Par : P.Parameters)
    Args.push_back({std::string(scalarTypeName(Par.Type)) + " " + Par.Name,
                    Par.Name});
  return Args;
}

std::string prototype(const RegionToEmit &R, unsigned Index) {
  std::string Params;
  for (const LauncherArgument &A : launcherArguments(*R.Program))
    Params += (Params.empty() ? "" : ", ") + A.Declaration;
  return "void " + launcherName(*R.Program, Index) + "(" + Params + ")";
}

/// The name a folded local's declaration (`int hi = n - 2;`,
/// StencilProgram::LocalDeclarations) declares.
std::string declaredName(const std::string &Declaration) {
  size_t End = Declaration.find(" = ");
  if (End == std::string::npos)
    return "";
  size_t Begin = End;
  while (Begin > 0 && (std::isalnum((unsigned char)Declaration[Begin - 1]) ||
                       Declaration[Begin - 1] == '_'))
    --Begin;
  return Declaration.substr(Begin, End - Begin);
}

/// After the call: the loop variables declared before the region end with
/// the values the C loops leave in them (t at its upper bound if the loop
/// ran; a spatial variable at the bound of each nest over it that ran in
/// the last step, later nests overwriting earlier ones), as the in-place
/// host code leaves them.
std::string finalLoopValues(const StencilProgram &P) {
  std::vector<const std::vector<Loop> *> Nests;
  if (P.isStageForm())
    for (const Stage &S : P.Stages)
      Nests.push_back(&S.Loops);
  else
    Nests.push_back(&P.SpatialLoops);
  std::ostringstream Sets;
  std::vector<std::string> Vars;
  std::map<std::string, std::string> Last; // a repeated line changes nothing
  if (P.TimeLoop.VarDeclaredOutside) {
    Sets << "    " << P.TimeLoop.Var
         << " = stencilcc_steps > 0 ? stencilcc_t_end : stencilcc_t_begin;\n";
    Vars.push_back(P.TimeLoop.Var);
  }
  for (const std::vector<Loop> *Nest : Nests) {
    std::string Ran = "stencilcc_steps > 0";
    // In the source nest's order (Loop::NestDepth).
    for (const Loop *LP : inNestOrder(*Nest)) {
      const Loop &L = *LP;
      std::string Lo = "(long)(" + L.Lower.str() + ")";
      std::string Hi = "(long)(" + L.Upper.str() + ")";
      std::string Line = "    if (" + Ran + ") " + L.Var + " = " + Hi + " > " +
                         Lo + " ? " + Hi + " : " + Lo + ";\n";
      Ran += " && " + Hi + " > " + Lo;
      if (!L.VarDeclaredOutside || Last[L.Var] == Line)
        continue;
      if (Last[L.Var].empty())
        Vars.push_back(L.Var);
      Sets << (Last[L.Var] = Line);
    }
  }
  if (Vars.empty())
    return "";
  std::ostringstream OS;
  OS << "    const long stencilcc_t_begin = (long)(" << P.TimeLoop.Lower.str()
     << "), stencilcc_t_end = (long)(" << P.TimeLoop.Upper.str() << ");\n"
     << "    const long stencilcc_steps = stencilcc_t_end > stencilcc_t_begin "
        "? stencilcc_t_end - stencilcc_t_begin : 0;\n"
     << Sets.str();
  // Code after the region need not read them (gcc -Wall warns of a
  // variable set but not used unless its address is taken).
  OS << "   ";
  for (const std::string &V : Vars)
    OS << " (void)&" << V << ";";
  OS << "\n";
  return OS.str();
}

/// The compound statement that replaces region \p Index in the C file.
std::string callSite(const RegionToEmit &R, unsigned Index,
                     const std::string &CudaFile) {
  const StencilProgram &P = *R.Program;
  std::string Args;
  for (const LauncherArgument &A : launcherArguments(P))
    Args += (Args.empty() ? "" : ", ") + A.Value;
  std::ostringstream OS;
  OS << "  { /* stencilcc: region " << Index << " runs on the GPU: "
     << launcherName(P, Index) << "() in " << CudaFile << " */\n";
  OS << "    " << launcherName(P, Index) << "(" << Args << ");\n";
  OS << finalLoopValues(P) << stage::rotatedPointers(P, /*InC=*/true);
  // Locals whose values the IR folded into the region's bounds may have
  // been read by the region alone.
  std::string Folded;
  for (const std::string &D : P.LocalDeclarations)
    if (std::string Name = declaredName(D); !Name.empty())
      Folded += " (void)" + Name + ";";
  if (!Folded.empty())
    OS << "   " << Folded << "\n";
  OS << "  }\n";
  return OS.str();
}

/// The launchers' prototypes, at the top of the C file: they name only
/// types of the language, and there no conditional block of the input can
/// hide them from a caller.
std::string prototypes(const std::vector<RegionToEmit> &Regions,
                       const std::string &CudaFile) {
  std::ostringstream OS;
  OS << "/* stencilcc: the launchers that run this file's scop regions on the "
        "GPU,\n   defined in "
     << CudaFile << " (stencilcc --c-output). */\n";
  // The usual guard of a C header: the file may also be built as C++.
  OS << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n";
  for (unsigned I = 0; I < Regions.size(); ++I)
    OS << prototype(Regions[I], I) << ";\n";
  OS << "#ifdef __cplusplus\n}\n#endif\n\n";
  return OS.str();
}

/// Region \p Index's launcher: its host code in a function of its own.
std::string launcherDefinition(const RegionToEmit &R, unsigned Index) {
  const StencilProgram &P = *R.Program;
  std::ostringstream OS;
  std::string InputName = P.FileName.substr(P.FileName.find_last_of('/') + 1);
  OS << "// Region " << Index << "'s launcher: the C file of " << InputName
     << " calls it in place of\n// the region, in " << P.FunctionName
     << "() at line " << P.ScopLoc.Line << ".\n";
  OS << "extern \"C\" " << prototype(R, Index) << "\n{\n"
     << emitRegionHostCode(R, Index, HostPlacement::Launcher) << "}\n\n";
  return OS.str();
}

} // namespace

std::optional<LauncherObstacle> cLauncherObstacle(const StencilProgram &P) {
  for (const Parameter &Par : P.Parameters)
    if (isCxxKeyword(Par.Name))
      return LauncherObstacle{
          Par.Loc,
          "--c-output: '" + Par.Name +
              "' is a keyword of C++, and the region's launcher, in the "
              "CUDA file, takes it as a parameter of that name",
          "rename it in the C source, or compile the file without "
          "--c-output (one CUDA file, where stencilcc renames it outside "
          "the regions)"};
  return std::nullopt;
}

std::string launcherName(const StencilProgram &P, unsigned Index) {
  std::string File = P.FileName;
  File = File.substr(File.find_last_of('/') + 1);
  File = File.substr(0, File.find_last_of('.'));
  for (char &C : File)
    if (!std::isalnum((unsigned char)C))
      C = '_';
  return "stencilcc_" + File + "_" + P.FunctionName + "_r" +
         std::to_string(Index);
}

CLauncherFiles emitCLaunchers(const std::string &Source,
                              const std::vector<RegionToEmit> &Regions,
                              const std::string &CudaFile) {
  CLauncherFiles F;
  std::string Input =
      Regions.empty() ? "" : Regions.front().Program->FileName;
  // The input's name alone: a generated C file should not carry the
  // absolute paths of the machine that made it.
  std::string InputName = Input.substr(Input.find_last_of('/') + 1);
  // Regions come in source order; replacing them back to front keeps the
  // earlier offsets valid.
  F.C = Source;
  for (size_t I = Regions.size(); I-- > 0;) {
    const StencilProgram &P = *Regions[I].Program;
    F.C.replace(P.Region.Begin, P.Region.End - P.Region.Begin,
                callSite(Regions[I], I, CudaFile));
  }
  F.C = "/* Generated by stencilcc " + std::string(STENCILCC_VERSION) +
        " (--c-output) from " + InputName +
        ".\n   Its scop regions run on the GPU through the launchers of " +
        CudaFile + ".\n   Regenerate rather than edit. */\n" +
        prototypes(Regions, CudaFile) + F.C;

  std::ostringstream OS;
  OS << emitCudaPrelude(Regions);
  // The kernels call the math library as the C file did through its own
  // includes, which this file does not have.
  OS << "#include <math.h>\n\n";
  OS << "// The kernels of the scop regions of " << InputName
     << ", and the extern \"C\"\n// launchers its C file (stencilcc "
        "--c-output) calls in their place.\n\n";
  for (unsigned I = 0; I < Regions.size(); ++I)
    OS << emitRegionKernels(Regions[I], I) << launcherDefinition(Regions[I], I);
  F.Cuda = OS.str();
  return F;
}

} // namespace stencilcc
