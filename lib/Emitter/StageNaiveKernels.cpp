//===- Emitter/StageNaiveKernels.cpp - One kernel per stage ---------------===//
//
// The naive code of a stage-form region: each stage is a data-parallel
// sweep (docs/stage-form.md), so one launch per stage and time step, one
// thread per point of the stage's loop nest, computes it exactly: launches
// on one stream run in order, so every point reads what the previous
// stages and steps left. The kernels name the source's loop variables and
// time variable, parameters as p_<name> and read-only scalars as s_<name>,
// so a kernel reads like the statement it computes. The kernels are
// templates over the type of the loop variables, parameters and cell
// indices: int where every array's cells fit in 31 bits (the host region
// checks), which on sm_90 made the 3D wave's naive kernel 1.31x faster
// than the same kernel in long (benchmarks/experiments/stage-stream).
//
//===----------------------------------------------------------------------===//
#include "StageLayout.h"
#include "stencilcc/Emitter/RoundedOperands.h"
#include "stencilcc/Emitter/StageEmitter.h"

#include <sstream>

namespace stencilcc {

using namespace stage;

namespace {

// Threads per block by the number of loops of a stage (innermost along x),
// as the single-update naive kernel has them.
const unsigned BlockShape[4][3] = {{1, 1, 1}, {256, 1, 1}, {32, 8, 1},
                                   {32, 4, 2}};
const char *const Axis[3] = {"x", "y", "z"};

/// How the code of one stage names things.
struct StageNames {
  const StencilProgram &P;
  const Stage &S;

  /// Loop and time variables keep their source names; parameters are p_.
  std::string symbol(const std::string &Name) const {
    if (Name == P.TimeLoop.Var)
      return Name;
    for (const Loop &L : S.Loops)
      if (L.Var == Name)
        return Name;
    return "p_" + Name;
  }
  Namer namer() const {
    return [this](const std::string &N) { return symbol(N); };
  }
  std::string affine(const AffineExpr &E) const {
    return affineText(E, namer());
  }

  /// The buffer index of array \p Id at \p Lead (level or time row, empty
  /// for none) and subscripts \p Subs: row-major over the planes.
  std::string index(unsigned Id, const std::string &Lead,
                    const std::vector<std::string> &Subs) const {
    const StencilArray &A = P.Arrays[Id];
    std::string Idx = Lead;
    for (size_t D = 0; D < Subs.size(); ++D) {
      // Without a leading subscript the first extent scales nothing.
      if (Idx.empty()) {
        Idx = Subs[D];
        continue;
      }
      Idx = atom(Idx) + " * " + atom(affine(A.Extents[D])) + " + " +
            atom(Subs[D]);
    }
    return Idx.empty() ? "0" : Idx;
  }

  /// The leading subscript of array \p Id at time shift \p Shift, as an
  /// Index (the time variable is long).
  std::string lead(unsigned Id, int64_t Shift) const {
    const StencilArray &A = P.Arrays[Id];
    if (!A.hasLeadingTimeSubscript())
      return "";
    std::string T = affine(AffineExpr::symbol(P.TimeLoop.Var) +
                           AffineExpr::constant(Shift));
    if (A.Levels > 0)
      return "(Index)(" + atom(T) + " % " + std::to_string(A.Levels) + ")";
    return "(Index)" + atom(T);
  }

  std::string read(const ArrayAccess &R) const {
    std::vector<std::string> Subs;
    for (const IndexExpr &I : R.Index)
      Subs.push_back(I.str(namer()));
    unsigned Id = unsigned(R.ArrayId);
    return P.Arrays[Id].Name + "[" + index(Id, lead(Id, R.TimeShift), Subs) +
           "]";
  }

  std::string write() const {
    std::vector<std::string> Subs;
    for (const IndexExpr &I : S.WriteIndex)
      Subs.push_back(I.str(namer()));
    return P.Arrays[S.ArrayId].Name + "[" +
           index(S.ArrayId, lead(S.ArrayId, S.WriteShift), Subs) + "]";
  }

  /// The right-hand side in C++ that computes what C does: implicit
  /// conversions printed as casts, scalars renamed.
  std::string rhs() const {
    ExprPtr E = S.Rhs->clone();
    std::function<void(Expr &)> Rename = [&](Expr &X) {
      if (X.K == Expr::Kind::ScalarRef)
        X.Name = "s_" + X.Name;
      for (ExprPtr &O : X.Operands)
        Rename(*O);
    };
    Rename(*E);
    if (regionNarrows(P))
      keepRounding(*E);
    return printExpr(
        *E, [this](const ArrayAccess &A) { return read(A); },
        /*ExplicitCasts=*/true);
  }
};

/// The read-only scalars stage \p S reads, in first-use order.
std::vector<std::pair<std::string, ScalarType>> stageScalars(const Stage &S) {
  std::vector<std::pair<std::string, ScalarType>> V;
  S.Rhs->walk([&](const Expr &E) {
    if (E.K != Expr::Kind::ScalarRef)
      return;
    for (const auto &Seen : V)
      if (Seen.first == E.Name)
        return;
    V.emplace_back(E.Name, E.Type);
  });
  return V;
}

/// The kernel's parameters and the run function's arguments, in order.
struct KernelSignature {
  std::vector<std::string> Params, Args;
};

KernelSignature signature(const StencilProgram &P, const Stage &S) {
  KernelSignature K;
  for (unsigned Id : stageArrays(S)) {
    const StencilArray &A = P.Arrays[Id];
    std::string Elem = elementTypeName(A.Element);
    // Arrays are distinct buffers, so every pointer may be __restrict__;
    // one the stage only reads goes through the read-only path.
    K.Params.push_back((Id == S.ArrayId ? "" : "const ") + Elem +
                       " *__restrict__ " + A.Name);
    K.Args.push_back("d_" + A.Name);
  }
  if (stageUsesTime(P, S)) {
    K.Params.push_back("const long " + P.TimeLoop.Var);
    K.Args.push_back("t");
  }
  for (const std::string &Sym : stageSymbols(P, S)) {
    K.Params.push_back("const Index p_" + Sym);
    K.Args.push_back("p_" + Sym);
  }
  for (const auto &[Name, T] : stageScalars(S)) {
    K.Params.push_back(std::string("const ") + scalarTypeName(T) + " s_" +
                       Name);
    K.Args.push_back("s_" + Name);
  }
  return K;
}

std::string joined(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : ", ") + X;
  return S;
}

std::string stageKernel(const StencilProgram &P, const std::string &Prefix,
                        unsigned K) {
  const Stage &S = P.Stages[K];
  StageNames N{P, S};
  unsigned L = S.Loops.size();
  std::ostringstream OS;
  OS << "// Stage " << K << " of " << P.Stages.size() << " (line "
     << S.Loc.Line << "): " << oneLine(S.StatementText) << "\n";
  OS << "// One thread per point";
  if (L) {
    OS << " (";
    for (unsigned D = 0; D < L; ++D)
      OS << (D ? ", " : "") << S.Loops[D].Var;
    OS << ")";
  }
  OS << " of the statement's loops.\n";
  OS << "template <typename Index>\n"
     << "static __global__ void " << kernelName(Prefix, K) << "("
     << joined(signature(P, S).Params) << ")\n{\n";
  std::string Guard;
  for (unsigned D = 0; D < L; ++D) {
    const Loop &Lp = S.Loops[D];
    const char *A = Axis[L - 1 - D];
    std::string From = Lp.Lower == AffineExpr::constant(0)
                           ? ""
                           : atom(N.affine(Lp.Lower)) + " + ";
    OS << "  const Index " << Lp.Var << " = " << From << "(Index)blockIdx." << A
       << " * (Index)blockDim." << A << " + (Index)threadIdx." << A << ";\n";
    Guard += (D ? " || " : "") + Lp.Var + " >= " + N.affine(Lp.Upper);
  }
  if (L)
    OS << "  if (" << Guard << ")\n    return;\n";
  OS << "  " << N.write() << " = (" << elementTypeName(P.Arrays[S.ArrayId].Element)
     << ")(" << N.rhs() << ");\n}\n";
  return OS.str();
}

/// The run function's set-up of stage \p K's launch: its extent in
/// points per loop, whether it runs at all, its block and grid.
std::string launchGeometry(const StencilProgram &P, unsigned K) {
  const Stage &S = P.Stages[K];
  StageNames N{P, S};
  unsigned L = S.Loops.size();
  std::string Tag = "s" + std::to_string(K);
  std::ostringstream OS;
  OS << "  // Stage " << K << ": ";
  if (!L)
    OS << "one point.\n";
  for (unsigned D = 0; D < L; ++D) {
    const Loop &Lp = S.Loops[D];
    OS << (D ? ", " : "") << Lp.Var << " in [" << Lp.Lower.str() << ", "
       << Lp.Upper.str() << ")" << (D + 1 == L ? ".\n" : "");
  }
  std::string Runs, Limits;
  std::vector<std::string> Grid;
  const unsigned *B = BlockShape[L];
  for (unsigned D = 0; D < L; ++D) {
    std::string Points = Tag + "_points" + std::to_string(D);
    OS << "  const long " << Points << " = " << atom(N.affine(S.Loops[D].Upper))
       << " - " << atom(N.affine(S.Loops[D].Lower)) << ";\n";
    Runs += (D ? " && " : "") + Points + " > 0";
    unsigned A = L - 1 - D, W = B[A];
    std::string Blocks = "(" + Points + " + " + std::to_string(W - 1) + ") / " +
                         std::to_string(W);
    Limits += (D ? " || " : "") + Blocks + " > " +
              (A == 0 ? "2147483647L" : "65535L");
    Grid.insert(Grid.begin(),
                Tag + "_runs ? (unsigned)(" + Blocks + ") : 1u");
  }
  while (Grid.size() < 3)
    Grid.push_back("1u");
  OS << "  const bool " << Tag << "_runs = " << (L ? Runs : "true") << ";\n";
  if (L)
    OS << "  if (" << Tag << "_runs && (" << Limits << ")) {\n"
       << "    fprintf(stderr, \"stencilcc: stage " << K
       << "'s grid exceeds the device limit\\n\");\n"
       << "    abort();\n  }\n";
  OS << "  const dim3 " << Tag << "_block(" << B[0] << ", " << B[1] << ", "
     << B[2] << ");\n";
  OS << "  const dim3 " << Tag << "_grid(" << joined(Grid) << ");\n";
  return OS.str();
}

std::string runFunction(const StencilProgram &P, const std::string &Prefix) {
  std::ostringstream OS;
  OS << "// Runs the region's time loop on the device buffers: for each "
        "step, the stages\n// in order, one launch each (a stage whose "
        "loops are empty launches nothing).\n";
  OS << "// narrow: every array's cells fit in 31 bits (the kernels' Index is int).\n";
  OS << "static void " << runName(Prefix) << "(" << joined(runParams(P))
     << ", const bool narrow)\n{\n";
  OS << "  if (steps <= 0)\n    return;\n";
  for (unsigned K = 0; K < P.Stages.size(); ++K)
    OS << launchGeometry(P, K);
  OS << "  for (long t = t_begin; t < t_begin + steps; ++t) {\n";
  for (unsigned K = 0; K < P.Stages.size(); ++K) {
    std::string Tag = "s" + std::to_string(K);
    std::string Launch = "STENCILCC_LAUNCH(" + kernelName(Prefix, K) + "<@>, " + Tag +
                         "_grid, " + Tag + "_block, 0)(" +
                         joined(signature(P, P.Stages[K]).Args) + ");";
    auto Instance = [&](const char *Index) {
      std::string L = Launch;
      L.replace(L.find('@'), 1, Index);
      return L;
    };
    OS << "    if (" << Tag << "_runs) {\n"
       << "      if (narrow)\n        " << Instance("int") << "\n"
       << "      else\n        " << Instance("long") << "\n"
       << "      STENCILCC_CHECK(cudaGetLastError());\n    }\n";
  }
  OS << "  }\n}\n";
  return OS.str();
}

std::string banner(const StencilProgram &P, unsigned Index,
                   const std::string &NaiveBecause) {
  std::ostringstream OS;
  OS << "//===---------------------------------------------------------------"
        "-------===//\n";
  OS << "// stencilcc: region " << Index << ", in " << P.FunctionName
     << "() at line " << P.ScopLoc.Line << "\n";
  OS << "// plan: naive: one kernel per stage per time step (" << P.Stages.size()
     << (P.Stages.size() == 1 ? " stage" : " stages")
     << "), global memory only\n";
  if (!NaiveBecause.empty())
    OS << "//   (the default: " << NaiveBecause << ")\n";
  for (const StencilArray &A : P.Arrays) {
    OS << "//   " << A.Name << ": " << arrayRoleName(A.Role) << ", "
       << elementTypeName(A.Element);
    if (A.Levels > 0)
      OS << ", " << A.Levels << " levels";
    OS << "\n";
  }
  OS << "//===---------------------------------------------------------------"
        "-------===//\n";
  return OS.str();
}

} // namespace

std::string emitStageKernels(const StencilProgram &P,
                             const std::string &Prefix, unsigned Index,
                             const std::string &NaiveBecause) {
  std::string S = banner(P, Index, NaiveBecause);
  for (unsigned K = 0; K < P.Stages.size(); ++K)
    S += stageKernel(P, Prefix, K) + "\n";
  return S + runFunction(P, Prefix) + "\n";
}

} // namespace stencilcc
