//===- Planner/OneStepKernelModel.h - Speed of one-step kernels -*- C++ -*-===//
//
// The predicted speed of the kernels that run one time step per launch and
// keep no plane in shared memory: the naive kernel (one thread per cell)
// and the streaming partial-sums kernel (`--stream-sums`). The default plan
// compares them with the model's best blocked plan (DefaultPlan.h): where
// temporal blocking buys nothing, a blocked plan only adds halo threads.
//
// Both kernels read their neighbours through the L1 cache, so three bounds
// decide them: DRAM (one load and one store per cell), L1 (128 bytes a
// clock per SM for the values a thread loads: every distinct read for the
// naive kernel, each value of an input plane once for the streaming one)
// and the update's instructions. They overlap imperfectly:
//
//   time = max(bounds) + (sum of the other two) / 2,
//
// over the share of the SMs the grid fills, plus a launch per time step.
// which the naive kernel measured on the H100 follows within 15% from
// star3d1r to box3d4r, float and double (docs/performance-model.md). The
// streaming kernel's register pressure is not modelled (box3d4r double ran
// at half its prediction): the comparison decides between the one-step
// kernels, not against the measured speed of either.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_ONESTEPKERNELMODEL_H
#define STENCILCC_PLANNER_ONESTEPKERNELMODEL_H

#include "stencilcc/Planner/PerformanceModel.h"

namespace stencilcc {

struct OneStepPrediction {
  double LoadsPerCell = 0; ///< values a cell update loads through L1
  // Seconds per cell update under each bound.
  double TimeCompute = 0, TimeL1 = 0, TimeGlobal = 0;
  /// Blocks over the SMs' slots in the last wave (1 on large grids).
  double SMEfficiency = 1;
  double GCellsPerSecond = 0;
};

/// The in-plane values a thread of the streaming partial-sums kernel with
/// \p Rows output rows loads per input plane: the in-plane offsets of every
/// read, shifted by each row.
size_t streamSumsPlaneValues(const StencilAnalysis &A, unsigned Rows);

/// The naive kernel of the region \p In describes.
OneStepPrediction predictNaiveKernel(const ModelInput &In,
                                     const GpuParameters &G);

/// The streaming partial-sums kernel of \p Plan (Plan.StreamSumRows set).
OneStepPrediction predictStreamSums(const ModelInput &In,
                                    const TemporalBlockingPlan &Plan,
                                    const GpuParameters &G);

} // namespace stencilcc

#endif
