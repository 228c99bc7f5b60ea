//===- Emitter/SelfCheckEmitter.h - The --emit-test program -----*- C++ -*-===//
//
// `stencilcc --emit-test input.c -o check.cu` writes a program that checks
// the generated code of every region against the region's own C text, for
// CI (SPEC §1, use 3). The program is the translation unit of
// emitCudaTranslationUnit, unchanged, followed by, per region: the
// region's C text in a function of its own (the CPU reference), the same
// function with the region replaced by the generated host code, and a case
// runner that picks the parameters, fills both time levels with seeded
// random values (the level written first poisoned with NaN), runs both and
// compares every cell. It compiles with nvcc, and without a GPU with the
// host compiler and include/stencilcc/Runtime/CudaEmulation.h.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_SELFCHECKEMITTER_H
#define STENCILCC_EMITTER_SELFCHECKEMITTER_H

#include "stencilcc/Emitter/CudaEmitter.h"

#include <string>
#include <vector>

namespace stencilcc {

/// Why region \p P cannot be self-checked, or "" when it can. The program
/// must be able to set the number of time steps on its own: the step count
/// is a constant, or one integer parameter plus a constant that sizes
/// nothing else.
std::string selfCheckObstacle(const StencilProgram &P);

/// The self-checking program for \p Source (the input's text) and its
/// regions, in source order; every region passed selfCheckObstacle.
/// \p Defines (`NAME` or `NAME=VALUE`, as given to stencilcc with -D) are
/// written at the top, so the program builds with no -D of its own.
std::string emitSelfCheckProgram(const std::string &Source,
                                 const std::vector<RegionToEmit> &Regions,
                                 const std::vector<std::string> &Defines,
                                 const std::vector<SourceEdit> &CxxEdits = {});

} // namespace stencilcc

#endif
