//===- Planner/ExchangeModel.h - Steps between halo exchanges ---*- C++ -*-===//
//
// Under --mpi each rank updates its slab of the outermost dimension plus
// S*reach ghost rows on each side and refreshes those rows every S steps
// (paper 002's ghost zones). A deeper zone (larger S) adds redundant
// updates and pays the exchange latency once per S steps; the bytes sent
// per step do not depend on S. A launch updates only the ghost rows the
// steps after it, up to the exchange, read (L = one launch's steps):
// 2*reach*(S - L) rows at the first after an exchange, none at the last,
// (S - L)*reach a step on average, where its kernels can run part of their
// rows (launchesRunPartOfTheirRows); else all 2*S*reach. Per step:
//
//   compute(S)  = cellSeconds * plane * (slab + ghost(S))
//   exchange(S) = latency / S + sides * reach * plane * bytes / bandwidth
//
// `sides` is 1 where both sides move at once (NCCL over NVLink) and 2
// where they pass in turn through host memory. The runtime overlaps each
// exchange with the launch before it (the segments that write the rows
// sent run first, the exchange beside the others), so only the part of
// latency + S * sides * reach * plane * bytes / bandwidth that the last
// launch's interior (bT steps of about slab - 2 * S * reach rows) does not
// cover counts, over S steps, plus what splitting that launch in two
// costs (split / S: two pipeline fills and two last waves where one
// launch had one), which no overlap hides and a deeper zone pays less
// often. S is the multiple of the launch's steps (bT) that minimises the
// sum, with S*reach at most a quarter of the slab (the launch's own steps
// always allowed); with an even bT, a multiple of 2*bT where the slab
// allows: the runtime keeps which buffer holds the current level, so no
// depth splits a launch for parity, but one launch between exchanges was
// measured no faster than two (exchange-depth.inc). bT itself is the one-GPU
// model's: it decides the kernel, S only how often the ranks talk.
//
// The choice is one text, kernels-templates/exchange-depth.inc, compiled
// here and written into the generated runtime (mpi-runtime.cu.in), which
// makes it with these constants at the rank count and grid it meets;
// `--plan-only --mpi` shows it for 2 and 4 ranks at the model's grid.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_PLANNER_EXCHANGEMODEL_H
#define STENCILCC_PLANNER_EXCHANGEMODEL_H

#include <cstdint>

namespace stencilcc {

struct TemporalBlockingPlan;

/// Whether a region's launches under --mpi can update part of their rows
/// of dimension 0 (the runtime's shrinking ghost rows): the one-step
/// kernels by their loop bounds (\p Naive, or the streaming partial sums),
/// the blocked kernels by stream segments; not those of one segment along
/// a virtual stream (1D) or a whole one.
bool launchesRunPartOfTheirRows(const TemporalBlockingPlan &Plan, bool Naive);

/// How ghost rows travel between two ranks' GPUs.
struct ExchangeLink {
  const char *Name;
  double LatencySeconds;  ///< per exchange, both sides
  double BytesPerSecond;  ///< per side
  unsigned SerialSides;   ///< 1: the two sides overlap; 2: one after the other
  /// Per exchange that overlaps the launch before it: that launch runs as
  /// two (the rows sent first), which the overlap does not hide.
  double SplitSeconds;
};

/// NCCL send/receive between GPUs of one node (NVLink).
ExchangeLink ncclLink();
/// Device -> pinned host -> MPI -> pinned host -> device.
ExchangeLink hostStagedLink();

struct ExchangePrediction {
  int64_t SlabRows = 0;          ///< rows of dimension 0 a rank owns
  int64_t StepsPerExchange = 0;  ///< S
  int64_t GhostRows = 0;         ///< S * reach, each side
  double ComputeSeconds = 0;     ///< per step, ghost rows included
  double ExchangeSeconds = 0;    ///< per step, what overlap leaves
  double OneRankSeconds = 0;     ///< per step on one rank, no exchange
};

/// The choice for \p Ranks ranks sharing \p Rows rows of \p Plane cells
/// (the product of the inner extents), \p Reach the stencil's largest
/// reach along dimension 0, \p LaunchSteps the steps one launch runs,
/// \p CellSeconds the one-GPU model's seconds per cell update.
/// \p Shrinking: launchesRunPartOfTheirRows. \p Overlapped: the
/// runtime's default; false as under STENCILCC_MPI_OVERLAP=0.
ExchangePrediction predictExchange(int64_t Rows, int64_t Plane, int64_t Reach,
                                   unsigned ElementBytes, int64_t LaunchSteps,
                                   double CellSeconds, unsigned Ranks,
                                   const ExchangeLink &Link, bool Shrinking,
                                   bool Overlapped = true);

} // namespace stencilcc

#endif
