//===- Emitter/SelfCheckRegion.h - What both self-checks share -*- C++ -*-===//
//
// The pieces the self-check of a single-update region (SelfCheckEmitter.cpp)
// and of a stage-form region (StageSelfCheck.cpp) have in common: how the
// program sets the number of time steps, the values of read-only scalars,
// and the facts about one region that their writers start from. Internal
// to lib/Emitter.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_SELFCHECKREGION_H
#define STENCILCC_LIB_EMITTER_SELFCHECKREGION_H

#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/IR/StencilProgram.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>

namespace stencilcc {
namespace selfcheck {

/// How the program chooses each integer parameter: one sets the number of
/// time steps (Steps = value + Offset), the others are sizes.
struct StepCount {
  std::string Parameter; ///< empty: the source fixes the count
  int64_t Offset = 0;    ///< steps = Parameter + Offset, or the fixed count
};

inline std::optional<StepCount> stepCount(const StencilProgram &P) {
  AffineExpr D = P.TimeLoop.Upper - P.TimeLoop.Lower;
  if (D.isConstant())
    return StepCount{"", std::max<int64_t>(D.constantTerm(), 0)};
  if (D.terms().size() != 1 || D.terms().begin()->second != 1)
    return std::nullopt;
  return StepCount{D.terms().begin()->first, D.constantTerm()};
}

/// Why stepCount(\p P) has none: the check could not choose the steps.
inline std::string stepCountObstacle(const StencilProgram &P) {
  return "its number of time steps, '" +
         (P.TimeLoop.Upper - P.TimeLoop.Lower).str() +
         "', is not one parameter plus a constant, so the check cannot "
         "choose it";
}

/// Distinct values, so a kernel that swaps two scalars is caught; small
/// enough that the coefficients keep the values in range over many steps.
inline std::string scalarValue(unsigned K, unsigned Reads) {
  std::ostringstream OS;
  OS.precision(17);
  OS << (1.0 + 0.25 * K) / (Reads + 1);
  return OS.str();
}

/// One region of the program: what it is, its index, how its steps are
/// set, and the prefix of the functions its check defines.
struct CheckedRegion {
  const RegionToEmit &R;
  unsigned Index;
  StepCount Steps;
  std::string Name; ///< stencilcc_check_r<Index>

  const StencilProgram &program() const { return *R.Program; }

  bool isSize(const Parameter &Par) const {
    return Par.isInteger() && Par.Name != Steps.Parameter;
  }

  /// The case runner's declarations of the region's parameters: floating
  /// ones distinct values (\p Reads: the most reads of one update), the
  /// step count's from \p StepsVar, sizes from stencilcc_n. \p UsesN and
  /// \p UsesSteps say whether those two were read (each unread one is
  /// voided).
  std::string parameterValues(unsigned Reads, const std::string &StepsVar,
                              bool &UsesN, bool &UsesSteps) const {
    std::ostringstream OS;
    unsigned Scalar = 0;
    for (const Parameter &Par : program().Parameters) {
      OS << "  const " << scalarTypeName(Par.Type) << " " << Par.Name << " = ("
         << scalarTypeName(Par.Type) << ")";
      if (!Par.isInteger()) {
        OS << scalarValue(Scalar++, Reads) << ";\n";
      } else if (Par.Name == Steps.Parameter) {
        UsesSteps = true;
        OS << "(" << StepsVar << " - (" << Steps.Offset << "));\n";
      } else {
        UsesN = true;
        OS << "stencilcc_check::sizeParam(\"" << Par.Name
           << "\", stencilcc_n);\n";
      }
    }
    if (!UsesN)
      OS << "  (void)stencilcc_n;\n";
    if (!UsesSteps)
      OS << "  (void)" << StepsVar << ";\n";
    return OS.str();
  }
};

} // namespace selfcheck
} // namespace stencilcc

#endif
