//===- Support/CxxKeywords.h - Names C allows and C++ reserves -*- C++ -*-===//
//
// The generated CUDA is C++: a C name that is a C++ keyword cannot appear
// in it as written. The frontend renames such names outside regions
// (Frontend/CxxCompatibility.h); the launchers of --c-output, which take a
// region's parameters under their own names, refuse them
// (Emitter/CLaunchers.h).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_SUPPORT_CXXKEYWORDS_H
#define STENCILCC_SUPPORT_CXXKEYWORDS_H

#include <string_view>

namespace stencilcc {

/// Whether \p Name is a keyword (or alternative token) of C++20 that is an
/// ordinary identifier in C11.
bool isCxxKeyword(std::string_view Name);

} // namespace stencilcc

#endif
