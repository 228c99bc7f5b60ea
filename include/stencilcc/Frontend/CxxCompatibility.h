//===- Frontend/CxxCompatibility.h - C the CUDA compiler rejects -*- C++ -*-===//
//
// The generated file is the input with its regions replaced, compiled by
// nvcc as CUDA C++. Valid C11 that C++ rejects would make a good input a
// bad output, so the frontend finds such constructs in the input's own
// text (outside headers), on the AST, and the emitter rewrites them:
//  - an implicit conversion from `void *` to another pointer type
//    (`float *A = malloc(n * sizeof *A);`): an explicit cast to the target
//    type as the declaration spells it;
//  - an implicit conversion from an integer to an enumeration: a cast;
//  - the `restrict` qualifier: `__restrict__`;
//  - identifiers that are C++ keywords (`new`, `class`, `this`, ...): the
//    name with `_` appended (more where that name is taken), at the
//    declaration and every use;
//  - designated initializers of a struct out of member order (C++ wants
//    them in order): the same designators, in order;
//  - variable-length-array parameters (C++ has no run-time extents in
//    parameters) of functions without a region: `void *`, the array
//    pointer declared on entry; array-pointer arguments of a region's
//    function (whose parameters the emitter makes element pointers): a
//    cast to the element pointer.
// What cannot be rewritten this way (a construct inside a macro
// definition, a header's text) is left as it is.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_FRONTEND_CXXCOMPATIBILITY_H
#define STENCILCC_FRONTEND_CXXCOMPATIBILITY_H

#include "stencilcc/IR/SourceEdit.h"

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
}

namespace stencilcc {

/// The edits that make the main file of \p Ctx (parsed as C) valid C++;
/// none for a C++ input. Sorted by Begin; none overlap. A name that is a
/// C++ keyword and appears inside one of \p Regions (`#pragma scop` to
/// `#pragma endscop`) cannot be renamed there (the region's text becomes
/// host code that names it as the IR does): its first such place goes to
/// \p KeywordsInRegions, for a diagnostic.
std::vector<SourceEdit> cxxCompatibilityEdits(
    clang::ASTContext &Ctx,
    const std::vector<std::pair<clang::SourceLocation, clang::SourceLocation>>
        &Regions,
    std::vector<std::pair<clang::SourceLocation, std::string>>
        &KeywordsInRegions);

} // namespace stencilcc

#endif
