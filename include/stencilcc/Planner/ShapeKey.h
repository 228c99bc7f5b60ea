//===- Planner/ShapeKey.h - What decides a region's plan --------*- C++ -*-===//
//
// The shape of a region: what decides which plan is fastest for it, and
// nothing else. Two regions of the same shape get the same plan from the
// tuner, so a plan tuned on one is the plan of the other: the plan cache
// finds an entry by the region's fingerprint first (the same stencil),
// then by its shape (docs/tuning.md).
//
// In the shape: the dimensions, the element types, the time levels, each
// array's role and rank, every read (array, level or time shift, offset
// per dimension from the statement's loop point, boundary conditions by
// kind), the operation mix (each operator and math call with its type,
// divisions by a read-free value apart from the others, conversions) and
// whether the update is a sum of products. Not in it: coefficients and
// other literals, names of arrays, scalars, loop variables and functions,
// loop bounds and extents as written, comments, the order of a sum's terms.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_SHAPEKEY_H
#define STENCILCC_PLANNER_SHAPEKEY_H

#include "stencilcc/Analysis/StageAnalysis.h"
#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"

#include <string>

namespace stencilcc {

/// The shape of a single-update region as text (for people and tests).
std::string stencilShapeText(const StencilProgram &P, const StencilAnalysis &A);
/// The same for a stage-form region.
std::string stageShapeText(const StencilProgram &P, const StageAnalysis &A);

/// "shape-" and 16 hex digits of the text's SHA-1: the key the plan cache
/// matches on where no entry has the region's fingerprint.
std::string shapeKeyOfText(const std::string &ShapeText);
inline std::string stencilShapeKey(const StencilProgram &P,
                                   const StencilAnalysis &A) {
  return shapeKeyOfText(stencilShapeText(P, A));
}
inline std::string stageShapeKey(const StencilProgram &P,
                                 const StageAnalysis &A) {
  return shapeKeyOfText(stageShapeText(P, A));
}

/// The shape less its operations: dimensions, element type, levels and
/// the cells read (each once, however often the update reads it). Two single-update regions of one family differ only in
/// their arithmetic; "family-" and 16 hex digits. The plan cache's nearest
/// shape rule (PlanCache::nearest) matches on it.
std::string stencilShapeFamily(const StencilProgram &P,
                               const StencilAnalysis &A);
/// The operation mix of a single-update region as text: `KEYxN` items,
/// space-separated (ShapeKey.cpp's operationMix), then whether the update
/// is a sum of products (`sum-of-productsx1`).
std::string stencilOperationMix(const StencilProgram &P,
                                const StencilAnalysis &A);
/// How far apart two operation mixes are: the sum over operation kinds of
/// the difference of their counts.
unsigned operationMixDistance(const std::string &A, const std::string &B);

} // namespace stencilcc

#endif
