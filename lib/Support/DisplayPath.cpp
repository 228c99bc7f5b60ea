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
  fs::path Rel = P.lexically_normal().lexically_relative(Cwd);
  // Outside the working directory ("../..."): the path as given.
  if (Rel.empty() || *Rel.begin() == "..")
    return Path;
  return Rel.string();
}

} // namespace stencilcc
