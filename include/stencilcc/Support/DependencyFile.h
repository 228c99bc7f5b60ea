//===- Support/DependencyFile.h - Make-format dependency files -*- C++ -*-===//
//
// `stencilcc -MD` writes the files the frontend read as a Make rule, the
// format C compilers write with -MD, so Make, Ninja and CMake's DEPFILE
// regenerate a .cu when the C file or any header it includes changes.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_SUPPORT_DEPENDENCYFILE_H
#define STENCILCC_SUPPORT_DEPENDENCYFILE_H

#include <string>
#include <vector>

namespace stencilcc {

/// \p Path escaped for a Make rule the way Clang and GCC escape it: a space
/// (and the backslashes before it), '#' and '$'.
std::string escapeMakePath(const std::string &Path);

/// The rule `Targets: Prerequisites`, one prerequisite per continued line.
/// With \p PhonyPrerequisites, every prerequisite after the first also gets
/// an empty rule of its own (-MP), so Make does not fail once a header is
/// deleted.
std::string formatMakeDependencies(
    const std::vector<std::string> &Targets,
    const std::vector<std::string> &Prerequisites,
    bool PhonyPrerequisites = false);

} // namespace stencilcc

#endif
