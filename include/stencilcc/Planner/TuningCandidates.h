//===- Planner/TuningCandidates.h - What the GPU search times ---*- C++ -*-===//
//
// The candidates of the empirical search (--tune): the model ranks plans
// but is optimistic by 1.1-4.6x on blocked plans and has no latency term
// (docs/performance-model.md), so the GPU decides among a few of them.
//
// Bases: the default plan, the default at bT-1 and bT+1, and the model's
// best plans that differ in bT, block size, exchange or specialization
// (the model ties plans that differ only in stream length or slots).
// Variants of the first few bases (by default four: the default, its
// neighbours, the model's first), which the runner compiles only where the base's
// ptxas report says they can raise occupancy (paper 000 sec. 5.2's pruned
// search over register and shared-memory placement):
//  - register caps 32, 64, 96, 128 (__maxnreg__), paper 001 sec. 6.3;
//  - one or two levels' queue slots in shared memory (N_S), paper 000;
//  - SCR reuse degree 2 and bT (less shared memory per block).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_TUNINGCANDIDATES_H
#define STENCILCC_PLANNER_TUNINGCANDIDATES_H

#include "stencilcc/Planner/PerformanceModel.h"

#include <string>
#include <vector>

namespace stencilcc {

enum class CandidateRole { Default, Neighbour, Model, RegisterCap, SharedSlots,
                           ReuseDegree };
/// "default", "bt-neighbour", "model", "cap", "shared-slots", "reuse".
const char *candidateRoleName(CandidateRole R);

struct TuningCandidate {
  CandidateRole Role = CandidateRole::Default;
  unsigned Base = 0; ///< index of the base this varies (itself for a base)
  TemporalBlockingPlan Plan;
  Prediction Predicted;
  std::string Flags; ///< planFlags(Plan)
};

/// The bases (first) and their variants for one region; at most \p TopK
/// model bases, variants of the first \p VariantBases bases. Every
/// candidate is a valid plan; duplicates are dropped.
std::vector<TuningCandidate>
tuningCandidates(const StencilProgram &P, const StencilAnalysis &A,
                 const ModelInput &In, const GpuParameters &G, unsigned TopK,
                 unsigned VariantBases = 4);

} // namespace stencilcc

#endif
