//===- Planner/PeriodicDimensions.h - Grid dimensions that wrap -*- C++ -*-===//
//
// A stage-form region on a torus reads its neighbours through remainders,
// `A[(i + 1) % n]`, `A[(i + n - 1) % n]`. No tile holds the far side of the
// grid, but a block need not: a periodic grid is an infinite one whose cell
// x holds the value of cell x mod n, so a block computes its grown box at
// unwrapped coordinates (a halo cell left of 0 is cell n - 1, computed
// again like any halo cell), loads each cell from its wrapped coordinate,
// and stores only the cells it owns, which lie in [0, n). Each wrapped read
// is then a plain neighbour at a constant offset: `(i + n - 1) % n` is
// i - 1. This pass finds the dimensions where that holds and the offsets.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_PERIODICDIMENSIONS_H
#define STENCILCC_PLANNER_PERIODICDIMENSIONS_H

#include "stencilcc/IR/StencilProgram.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// `(Var + c + k * Extent) % Extent` (k >= 0, the dividend never negative:
/// the analysis keeps every read inside its array) as c; with a constant
/// extent, c taken in (-Extent/2, Extent/2]. nullopt for anything else.
std::optional<int64_t> periodicOffset(const IndexExpr &E,
                                      const std::string &Var,
                                      const AffineExpr &Extent);

/// Per grid dimension of the stage-form region \p P (grid extents
/// \p Grid), whether some read of a state array wraps around it. Every
/// such dimension must be blockable as a torus: each statement loops over
/// the whole extent along it, and each read of a state array subscripts it
/// by the statement's loop variable or by a periodicOffset of it.
/// Otherwise \p Why says which statement or read is not, and the region
/// keeps the naive kernels.
std::vector<bool> periodicDimensions(const StencilProgram &P,
                                     const std::vector<AffineExpr> &Grid,
                                     std::string &Why);

/// The offset of subscript \p E from \p Var along a dimension: plain
/// (`Var + c`), or periodicOffset where \p Periodic.
std::optional<int64_t> offsetAlong(const IndexExpr &E, const std::string &Var,
                                   bool Periodic, const AffineExpr &Extent);

} // namespace stencilcc

#endif
