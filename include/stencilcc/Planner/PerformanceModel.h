//===- Planner/PerformanceModel.h - Predicted speed of a plan ---*- C++ -*-===//
//
// A roofline model of one temporal-blocking plan on one GPU (paper 001
// sec. 5, adapted to what our emitter does), used to rank candidate plans
// before any GPU time is spent on them:
//
//  - thread classes: per tiled dimension the threads of every block that
//    fall inside the domain (they compute), the valid ones among them (they
//    store) and the out-of-bound rest; along the stream the planes each
//    level computes, bT*rad halos and h_SN overlaps included;
//  - global traffic: every plane a block loads (halo reloads included) plus
//    one store per output cell;
//  - shared traffic: the loads, stores of the plan's exchange scheme and
//    queue slots placed in shared memory, counted as KernelEmitter writes
//    them;
//  - compute: the update's operations mapped to FMA/MUL/ADD/other
//    instructions (a division by a constant is one MUL and two FMAs, as
//    stencilcc_div_rn emits it, or one of each, stencilcc_div_split);
//  - occupancy from threads, the register cap and shared memory per
//    block, and the tail effect of the last wave of blocks over the SMs.
//
// time = max(time_compute, time_shared, time_global)
//        / (eff_SM * eff_lat * eff_bar):
// paper 001's, with eff_lat = min(1, resident warps / 16), the share of
// the bound an SM keeps with too few warps to hide latency, and eff_bar =
// 1 - 1/(4 * resident blocks), the share left while blocks wait at
// barriers (both fitted on the H100; docs/performance-model.md compares
// the ranking with measurements). Residency follows the register cap of
// __launch_bounds__, which ptxas fills.
//
// One entry point per question: gpuParameters() for the device table,
// predictPlan() for one plan, rankPlans() for the candidate search.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_PERFORMANCEMODEL_H
#define STENCILCC_PLANNER_PERFORMANCEMODEL_H

#include "stencilcc/Analysis/StencilAnalysis.h"
#include "stencilcc/IR/StencilProgram.h"
#include "stencilcc/Planner/TemporalBlockingPlan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stencilcc {

/// One GPU's figures. Each carries where it comes from (see the table in
/// PerformanceModel.cpp and docs/performance-model.md): `Measured` marks
/// the global bandwidth measured on this workplace's device of that kind.
struct GpuParameters {
  const char *Key = "";  ///< --gpu value
  const char *Name = ""; ///< device name
  unsigned SMs = 0;
  double ClockGHz = 0;             ///< SM clock under load
  unsigned Fp32LanesPerSM = 0;     ///< FP32 FMA per clock per SM
  unsigned Fp64LanesPerSM = 0;     ///< FP64 FMA per clock per SM
  unsigned SharedBytesPerClock = 0; ///< per SM: 32 banks x 4 bytes
  double GlobalGBs = 0;            ///< used by the model (read + write)
  bool GlobalMeasured = false;     ///< GlobalGBs measured here
  double DatasheetGlobalGBs = 0;
  unsigned RegistersPerSM = 0;
  unsigned MaxThreadsPerSM = 0;
  unsigned MaxBlocksPerSM = 0;
  uint64_t SharedPerSM = 0;          ///< bytes usable by blocks
  uint64_t SharedReservedPerBlock = 0; ///< taken by the runtime per block
  /// Resident warps per SM below which latency is not hidden (fitted).
  unsigned WarpsToHideLatency = 0;
  /// Share of a block's time its SM loses to each barrier when the block
  /// is alone there; B resident blocks lose BarrierDrain / B (fitted).
  double BarrierDrain = 0;

  DeviceLimits limits() const;
  double fp32Gflops() const { return 2.0 * Fp32LanesPerSM * SMs * ClockGHz; }
  double fp64Gflops() const { return 2.0 * Fp64LanesPerSM * SMs * ClockGHz; }
  double sharedGBs() const { return double(SharedBytesPerClock) * SMs * ClockGHz; }
};

/// The parameter table of \p Key ("h100", "h200"), or null.
const GpuParameters *gpuParameters(const std::string &Key);
/// Every GPU of the table.
const std::vector<GpuParameters> &allGpuParameters();

/// Instructions of one cell update, by the unit that issues them.
struct OperationMix {
  double FMA = 0, MUL = 0, ADD = 0, Other = 0;
  /// In a float stencil, the double instructions (C's promotions) and the
  /// conversions between float and double: they issue at the FP64 rate.
  double Fp64 = 0;
  /// The instructions at the element type's rate (all but Fp64).
  double instructions() const { return FMA + MUL + ADD + Other; }
  /// Paper 001's eff_ALU: FLOPs per instruction over 2.
  double aluEfficiency() const;
};

/// The update of \p P mapped to instructions: a multiplication whose
/// result is added becomes an FMA; a division by a read-free value one MUL
/// and two FMAs (stencilcc_div_rn; in float, one MUL and one FMA where
/// splitReciprocal holds; a power of two is one MUL); a double
/// square root or division by a read eight (CUDA's routines), and
/// sqrt((double)x) of a float x ten and c / sqrt((double)x) twelve (the
/// helpers of kernels-templates/float-square-root.cu.in); any other
/// division and every other call (exp, ...) one `Other` operation. In a
/// float stencil the double operations and conversions count in Fp64.
OperationMix operationMix(const StencilProgram &P);

/// What the model knows about a stencil besides the plan.
struct ModelInput {
  const StencilAnalysis *Analysis = nullptr;
  OperationMix Mix;
  /// Cells of the iteration domain per spatial dimension, outermost first.
  std::vector<int64_t> Extents;
};

/// SPEC sec. 5's benchmark sizes: 16384^2 (2D), 512^3 (3D); 1D takes the
/// 2D cell count.
std::vector<int64_t> benchmarkExtents(unsigned NumDims);

ModelInput modelInput(const StencilProgram &P, const StencilAnalysis &A,
                      const std::vector<int64_t> &Extents);

enum class Bottleneck { Compute, Shared, Global };
const char *bottleneckName(Bottleneck B);

struct Prediction {
  /// False when the plan cannot run as planned: predicted register spills
  /// at its blocks per SM, or more shared memory than an SM holds.
  bool Feasible = true;
  std::string Why;

  // Thread classes of one launch (bT time steps over the whole domain).
  uint64_t Blocks = 0;            ///< n'_tb, stream blocks included
  uint64_t ThreadsPerBlock = 0;
  uint64_t ValidThreadsPerBlock = 0; ///< compute region: they store
  uint64_t HaloThreadsPerBlock = 0;  ///< bT*rad halos: redundant work
  double OutOfBoundFraction = 0;     ///< of all threads, outside the domain
  /// Cell updates computed per useful one: in-plane halos times the
  /// stream overlap of h_SN blocks.
  double Redundancy = 1;

  // Traffic and work per useful cell update (one cell, one time step).
  double GlobalBytes = 0;
  double SharedBytes = 0;
  double Instructions = 0;  ///< floating-point, per OperationMix
  double BarriersPerColumn = 0;

  // Occupancy.
  unsigned RegistersPerThread = 0; ///< estimate
  uint64_t SharedBytesPerBlock = 0;
  unsigned ResidentBlocksPerSM = 0;
  double Occupancy = 0;   ///< resident threads / MaxThreadsPerSM
  double SMEfficiency = 0; ///< blocks / (waves * SMs * resident)
  /// min(1, resident warps / WarpsToHideLatency): the share of the bound
  /// an SM reaches with too few warps to cover load and barrier latency.
  double LatencyHiding = 1;
  /// 1 - BarrierDrain / resident blocks where the plan has barriers: the
  /// share of the bound left while blocks wait at barriers.
  double BarrierOverlap = 1;

  // Seconds per useful cell update under each bound.
  double TimeCompute = 0, TimeShared = 0, TimeGlobal = 0;
  Bottleneck Bound = Bottleneck::Global;
  double GCellsPerSecond = 0;
  double GFlopsPerSecond = 0; ///< with the analysis's FLOPs per cell
};

Prediction predictPlan(const ModelInput &In, const TemporalBlockingPlan &Plan,
                       const GpuParameters &G);

/// One candidate: the request that builds it, its plan and prediction.
struct RankedPlan {
  PlanRequest Request;
  TemporalBlockingPlan Plan;
  Prediction Predicted;
  /// The request as stencilcc options a user can paste.
  std::string flags() const;
};

struct PlanRanking {
  std::vector<RankedPlan> Plans; ///< feasible, best first
  unsigned Tried = 0;            ///< requests given to makePlan
  unsigned Rejected = 0;         ///< by makePlan
  unsigned Infeasible = 0;       ///< by the model (spills, shared memory)
};

/// Paper 001 sec. 6.3's search space, adapted to our plans: bT 1..16 (2D,
/// 1D) or 1..8 (3D); bS 128/256/512 or 16x16/16x32/32x32/16x64 (fastest
/// last); h_SN 256/512/1024 or 128/256; every exchange scheme with RD 1,
/// 2, 4 for SCR; 0 or one level's worth of queue slots in shared memory;
/// blocks per SM 1..4. Each request goes through makePlan (invalid ones are
/// dropped), the model ranks what is left.
PlanRanking rankPlans(const StencilProgram &P, const StencilAnalysis &A,
                      const ModelInput &In, const GpuParameters &G);

/// The tiles (--bs) of rankPlans's search space for a \p NumDims
/// stencil, in the order its ties keep: 128, 256, 512 cells, or 16x16,
/// 16x32, 32x32, 16x64.
std::vector<std::vector<unsigned>> searchSpaceTiles(unsigned NumDims);

/// The flags that rebuild \p Plan through makePlan.
std::string planFlags(const TemporalBlockingPlan &Plan);

/// What the model tells apart of a plan: its options without
/// --blocks-per-sm, and the blocks per SM it predicts resident. A higher
/// --blocks-per-sm with the same residency only lowers the register cap,
/// so rankPlans keeps one plan per identity and --plan-only finds the
/// default plan's rank by it.
std::string modelIdentity(const TemporalBlockingPlan &Plan,
                          const Prediction &Predicted);

} // namespace stencilcc

#endif
