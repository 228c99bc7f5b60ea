//===- Emitter/CLaunchers.h - The C file and its CUDA launchers -*- C++ -*-===//
//
// The output of --c-output (SPEC §2, for projects that compile their C with
// a C compiler): two files instead of one CUDA translation unit.
//
//  - The C file: the input's text, each scop region replaced by a call to
//    an `extern "C"` launcher and the statements that leave the loop
//    variables declared before it with the values the C loops leave, and
//    the launchers' prototypes at the top. No CUDA, no C++: it builds with
//    the C compiler that built the input.
//  - The CUDA file: the kernels and run functions of every region, and the
//    launchers' definitions, each the region's host code in a function of
//    its own (HostPlacement::Launcher).
//
// A launcher takes the region's arrays as pointers to their elements and
// every parameter of the region (StencilProgram::Parameters) by value, and
// computes the extents from them. So the CUDA file needs nothing of the
// input: not its headers (which may be C only), macros or types.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_CLAUNCHERS_H
#define STENCILCC_EMITTER_CLAUNCHERS_H

#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/IR/StencilProgram.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// Why a region cannot be called through a launcher, where.
struct LauncherObstacle {
  SourceRef Loc;
  std::string Message;
  std::string Note;
};

/// The obstacle to compiling region \p P with --c-output, if any: a
/// parameter the launcher must take under its own name that CUDA C++
/// cannot name (a keyword of C++).
std::optional<LauncherObstacle> cLauncherObstacle(const StencilProgram &P);

/// The name of region \p Index's launcher:
/// stencilcc_<input file stem>_<function>_r<Index>, unique across the
/// inputs of one program as long as their names differ.
std::string launcherName(const StencilProgram &P, unsigned Index);

struct CLauncherFiles {
  std::string C;    ///< the input, regions replaced by launcher calls
  std::string Cuda; ///< the kernels and the launchers' definitions
};

/// The two files for \p Source (the input's text) and its \p Regions, in
/// source order. \p CudaFile names the CUDA file in the C file's comments.
CLauncherFiles emitCLaunchers(const std::string &Source,
                              const std::vector<RegionToEmit> &Regions,
                              const std::string &CudaFile);

} // namespace stencilcc

#endif
