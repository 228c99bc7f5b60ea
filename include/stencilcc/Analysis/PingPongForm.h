//===- Analysis/PingPongForm.h - A ping-pong as a single update -*- C++ -*-===//
//
// PolyBench's jacobi and heat kernels write `B = f(A); A = f(B)`: two
// stages that apply one update with the roles of two arrays exchanged.
// That is the single-update form `A[(t+1)%2] = f(A[t%2])` run for twice
// the steps, with level 0 held in A and level 1 in B, so it can take the
// single-update planner, model, tuned plans and kernels instead of the
// general stage-form code. A tuned `t%2` stencil's plan then serves its
// ping-pong twin too: they have the same fingerprint.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_ANALYSIS_PINGPONGFORM_H
#define STENCILCC_ANALYSIS_PINGPONGFORM_H

#include "stencilcc/IR/StencilProgram.h"

#include <optional>

namespace stencilcc {

/// The single-update form of stage-form region \p P when P is such a
/// ping-pong (two state arrays without levels of one element type and one
/// extent, two full-rank stages over the same loops, each reading only the
/// other array at constant offsets, with the same right-hand side apart
/// from that array); nullopt otherwise. The result's LevelArrays names the
/// array of each level and its time loop counts C time steps, each two
/// sweeps.
std::optional<StencilProgram> pingPongAsSingleUpdate(const StencilProgram &P);

/// The same for a region whose time step updates one array of two levels
/// held in two pointer variables it swaps (Frontend/PointerRotation.cpp:
/// `unew = f(u); tmp = u; u = unew; unew = tmp;`), one full-rank statement
/// reading only the other level at constant offsets: LevelArrays names the
/// variable whose buffer holds each level, as level 0 the one the first
/// step reads, LevelsRotated is set, and a C step is one sweep.
std::optional<StencilProgram> rotationAsSingleUpdate(const StencilProgram &P);

/// Either of the two.
std::optional<StencilProgram> stageFormAsSingleUpdate(const StencilProgram &P);

} // namespace stencilcc

#endif
