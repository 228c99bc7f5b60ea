//===- Support/DisplayPath.h - Input paths in generated files -*- C++ -*-===//
//
// Generated files name their input for people; an absolute path would
// carry the generating machine's directories into files that are committed
// and shared. The path relative to the working directory where the two
// share a directory below the root ("../examples/j2d5pt.c" from a build
// directory beside examples/), else as given.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_SUPPORT_DISPLAYPATH_H
#define STENCILCC_SUPPORT_DISPLAYPATH_H

#include <string>

namespace stencilcc {

std::string displayPath(const std::string &Path);

} // namespace stencilcc

#endif
