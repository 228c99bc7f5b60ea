//===- Planner/TuningCandidates.h - What the GPU search times ---*- C++ -*-===//
//
// The candidates of the empirical search (--tune): the model ranks plans
// but is optimistic by 1.1-4.6x on blocked plans and does not see ptxas's
// registers (docs/performance-model.md), so the GPU decides among a few.
//
// Bases: the default plan (the model's choice of bT among the rules'
// plans, DefaultPlan.h), the default at bT-1 and bT+1, the default with
// each other specialization (assoc, none, star: the rules pick one by
// register estimates that ptxas may not bear out), the model's best plans
// that differ in bT, block size, exchange or specialization (the model
// ties plans that differ only in stream length or slots), the default at
// bT=1 (where its bT is above 2), and the naive kernel: on the H100 it was
// the fastest candidate of 8 of the 18 3D suite regions (docs/tuning.md),
// and a search that cannot pick it caches a slower kernel than `--naive`.
// For 3D sums of products, the streaming partial-sums kernel with 1 and 2
// rows per thread (`--stream-sums`, StreamSumsKernel.h), which the model
// does not describe either. For 2D stencils, the warp-shuffle exchange
// (`--exchange=shuffle`, WarpShuffleKernel.h) with 4 cells per lane at its
// default bT and at two thirds of it, and with 2 cells per lane: bases
// after those, without variants. The plan the plan cache holds for the
// region, where the caller gives it and no other candidate is that plan: a
// base without variants, so a new winner is one that beat it in the same
// run (timings of different runs and code versions misled the cache on
// the H100; docs/tuning.md).
// Variants of the first few bases (by default four: the default, its
// neighbours, the model's first), which the runner compiles only where the base's
// ptxas report says they can raise occupancy (paper 000 sec. 5.2's pruned
// search over register and shared-memory placement):
//  - register caps 32, 64, 96, 128 (__maxnreg__), paper 001 sec. 6.3;
//  - one or two levels' queue slots in shared memory (N_S), paper 000;
//  - SCR reuse degree 2 and bT (less shared memory per block).
// The first bases, the rows candidates and the cached plan also with
// 32-bit plane offsets, alone and with the predicated store
// (`--offset-bits`, `--store`): choices of code shape whose effect on
// ptxas's registers only a build and a timing show. Those that stage SCR
// copies also with the stage laid out as exchange planes
// (`--stage-layout=plane`), at their copy depth and one plane shallower.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_TUNINGCANDIDATES_H
#define STENCILCC_PLANNER_TUNINGCANDIDATES_H

#include "stencilcc/Planner/PerformanceModel.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilcc {

enum class CandidateRole { Default, Neighbour, Specialization, Model, Naive,
                           StreamSums, RegisterCap, SharedSlots, ReuseDegree,
                           AsyncCopy, InteriorLoop, WarpShuffle, Cached,
                           RowsPerThread, Order, OffsetsStore,
                           StageLayout, Sweeps, Tile };
/// "default", "bt-neighbour", "specialization", "model", "naive",
/// "stream-sums", "cap", "shared-slots", "reuse", "async-copy",
/// "interior-loop", "shuffle", "cached", "rows", "sum-order",
/// "offsets-store", "stage-layout"; for regions of several statements
/// (StageTuningCandidates.h) also "sweeps" (another bT) and "tile".
const char *candidateRoleName(CandidateRole R);
/// The role of name \p Name (candidateRoleName's inverse), if any.
std::optional<CandidateRole> parseCandidateRole(const std::string &Name);

struct TuningCandidate {
  CandidateRole Role = CandidateRole::Default;
  unsigned Base = 0; ///< index of the base this varies (itself for a base)
  /// The naive kernel (role Naive): Plan is then the default plan, which
  /// the naive kernel does not use, and Predicted is empty (not modelled),
  /// as for a streaming partial-sums plan (role StreamSums).
  bool Naive = false;
  TemporalBlockingPlan Plan;
  Prediction Predicted;
  std::string Flags; ///< planFlags(Plan), or "--naive"
  /// Whether the model predicts this candidate: blocked plans only.
  bool modelled() const { return !Naive && !Plan.StreamSumRows; }
};

/// The bases (first) and their variants for one region; at most \p TopK
/// model bases, variants of the first \p VariantBases bases, and \p Cached
/// (the plan cache's plan for the region, if any). Every candidate is a
/// valid plan; duplicates are dropped.
std::vector<TuningCandidate>
tuningCandidates(const StencilProgram &P, const StencilAnalysis &A,
                 const ModelInput &In, const GpuParameters &G, unsigned TopK,
                 unsigned VariantBases = 4,
                 const std::optional<PlanRequest> &Cached = std::nullopt);

/// --tune-roles: the candidates of \p Roles and the bases they vary (a
/// variant is built and judged beside its base), in their order, their
/// Base indices renumbered. A narrower search for one device call, where
/// the other roles ran in an earlier round.
std::vector<TuningCandidate>
keepCandidateRoles(std::vector<TuningCandidate> Candidates,
                   const std::set<CandidateRole> &Roles);

} // namespace stencilcc

#endif
