//===- lib/Support/DisplayPath.cpp - Input paths as generated files name them -===//
#include "stencilcc/Support/DisplayPath.h"

#include <filesystem>
#include <system_error>

namespace stencilcc {

std::string displayPath(const std::string &Path) {
  namespace fs = std::filesystem;
  fs::path P(Path);
  std::error_code EC;
  fs::path Cwd = fs::current_path(EC);
  if (!P.is_absolute() || EC)
    return Path;
  fs::path Rel =
      P.lexically_normal().lexically_relative(Cwd.lexically_normal());
  if (Rel.empty())
    return Path;
  // Climbing to the root ("../../tmp/x.c" from /work/main): the path as
  // given, which names it no less than the climb.
  size_t Up = 0, CwdDepth = 0;
  for (const fs::path &Part : Rel)
    Up += Part == "..";
  for (const fs::path &Part : Cwd.lexically_normal().relative_path())
    CwdDepth += !Part.empty();
  if (Up >= CwdDepth)
    return Path;
  return Rel.string();
}

} // namespace stencilcc
