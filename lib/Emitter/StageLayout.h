//===- Emitter/StageLayout.h - What the stage-form writers share -*- C++ -*-===//
//
// How a stage-form region's arrays live in device buffers, as the kernels,
// the host code and the self-check all need it: each array is one buffer
// of `planes` consecutive copies of its spatial extents (k for an array
// with levels, the time rows for a time-indexed one, else 1), row-major.
// Internal to lib/Emitter.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_STAGELAYOUT_H
#define STENCILCC_LIB_EMITTER_STAGELAYOUT_H

#include "stencilcc/IR/StencilProgram.h"

#include <cctype>
#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace stencilcc {
namespace stage {

/// Maps a symbol of an affine expression to its spelling in the code being
/// written (identity when null).
using Namer = std::function<std::string(const std::string &)>;

/// \p E in C with its symbols renamed.
inline std::string affineText(const AffineExpr &E, const Namer &Name) {
  return IndexExpr::affine(E).str(Name);
}

/// \p S as an operand of `*` or `+`: parenthesized unless it is a name, a
/// non-negative number or parenthesized already.
inline std::string atom(const std::string &S) {
  int Depth = 0;
  bool Wrapped = !S.empty() && S.front() == '(';
  for (size_t I = 0; I < S.size(); ++I) {
    Depth += S[I] == '(' ? 1 : S[I] == ')' ? -1 : 0;
    // The first parenthesis closes before the end: `(a) % (b)`.
    if (Depth == 0 && I + 1 < S.size())
      Wrapped = false;
  }
  if (Wrapped)
    return S;
  for (char C : S)
    if (!(isalnum((unsigned char)C) || C == '_'))
      return "(" + S + ")";
  return S;
}

/// \p Text on one line (statements may span several; comments may not).
std::string oneLine(const std::string &Text);

/// Calls \p F on every array read of stage \p S's right-hand side.
void forEachRead(const Stage &S,
                 const std::function<void(const ArrayAccess &)> &F);

/// The ids of the arrays stage \p S reads or writes, in id order.
std::set<unsigned> stageArrays(const Stage &S);

/// The symbols (integer parameters) the code of stage \p S names: in its
/// bounds, subscripts and the extents of the arrays it touches; without
/// its loop variables and the time variable.
std::set<std::string> stageSymbols(const StencilProgram &P, const Stage &S);

/// Whether stage \p S needs the time step (a level, a time row).
bool stageUsesTime(const StencilProgram &P, const Stage &S);

/// The smallest and largest TimeShift of the region's reads of array \p Id
/// ({0, 0} when it has none).
std::pair<int64_t, int64_t> timeShiftRange(const StencilProgram &P,
                                           unsigned Id);

/// Host C text of the planes of array \p Id's buffer: its levels, its
/// declared time extent (\p Declared: the spelling for host code, or the
/// affine form in the parameters), or else the rows [0, t_end + largest
/// shift) the region reads, given the names of the step count and t_end.
std::string planesText(const StencilProgram &P, unsigned Id, bool Declared,
                       const std::string &Steps, const std::string &TEnd);

/// Whether planesText may be zero (a buffer to allocate with care).
bool planesMayBeZero(const StencilArray &A);

/// The dimensions of a pointer to \p A's first declared dimension, as
/// declarators: `[n][n]` of `float (*A)[n][n]` (empty for a 1D array).
std::string pointerDims(const StencilArray &A);

/// After a region whose time step rotates pointers (StencilArray::
/// LevelPointers), in the function holding it: each variable, and each
/// temporary declared before the region, set where the C loop leaves it;
/// \p InC: in C (the C file of --c-output), else in the CUDA file's C++.
std::string rotatedPointers(const StencilProgram &P, bool InC);

/// `float (*A)[n][n] = (float (*)[n][n])From;` (`float *c = (float *)From;`
/// for a 1D array): \p A's name bound to the buffer \p From; \p Elem
/// spells the element type (its name by default).
std::string pointerDeclaration(const StencilArray &A, const std::string &From,
                               std::string Elem = "");

/// Names of region \p Prefix's stage kernel \p K and run function.
/// `(long)(E)`: an affine form as a host expression.
inline std::string longText(const AffineExpr &E) {
  return "(long)(" + E.str() + ")";
}

/// A C string literal of \p S (statement and access texts may hold quotes,
/// backslashes or line breaks).
inline std::string quotedText(const std::string &S) {
  std::string Q = "\"";
  for (char C : S)
    Q += C == '\n'                ? std::string("\\n")
         : C == '"' || C == '\\' ? std::string("\\") + C
                                  : std::string(1, C);
  return Q + "\"";
}

inline std::string kernelName(const std::string &Prefix, unsigned K) {
  return Prefix + "_s" + std::to_string(K);
}
inline std::string runName(const std::string &Prefix) {
  return Prefix + "_run";
}

/// Every integer symbol any stage names, sorted: the run function's
/// `p_<name>` parameters.
std::set<std::string> regionSymbols(const StencilProgram &P);

/// The run function's parameters: every array's device buffer, the first
/// step and the step count, the integer symbols, the scalars. The naive
/// and the blocked run functions share them, so host code calls either.
std::vector<std::string> runParams(const StencilProgram &P);

} // namespace stage
} // namespace stencilcc

#endif
