//===- Support/DependencyFile.cpp -----------------------------------------===//
#include "stencilcc/Support/DependencyFile.h"

namespace stencilcc {

std::string escapeMakePath(const std::string &Path) {
  std::string Out;
  for (size_t I = 0; I < Path.size(); ++I) {
    char C = Path[I];
    if (C == ' ') {
      // Make reads `\\ ` as a backslash and a separator: the backslashes
      // before a space are doubled so they stay part of the name.
      for (size_t J = I; J > 0 && Path[J - 1] == '\\'; --J)
        Out += '\\';
      Out += '\\';
    } else if (C == '#') {
      Out += '\\';
    } else if (C == '$') {
      Out += '$';
    }
    Out += C;
  }
  return Out;
}

std::string formatMakeDependencies(
    const std::vector<std::string> &Targets,
    const std::vector<std::string> &Prerequisites, bool PhonyPrerequisites) {
  std::string Out;
  for (size_t I = 0; I < Targets.size(); ++I)
    Out += (I ? " " : "") + escapeMakePath(Targets[I]);
  Out += ":";
  for (const std::string &P : Prerequisites)
    Out += " \\\n  " + escapeMakePath(P);
  Out += "\n";
  if (PhonyPrerequisites)
    for (size_t I = 1; I < Prerequisites.size(); ++I)
      Out += "\n" + escapeMakePath(Prerequisites[I]) + ":\n";
  return Out;
}

} // namespace stencilcc
