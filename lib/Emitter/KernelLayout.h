//===- Emitter/KernelLayout.h - What the kernel writers share ---*- C++ -*-===//
//
// How a plan lays out one region's kernels, as the update function, the
// blocked kernels and the naive kernel all need it: which reads a level
// takes from registers, from an exchange plane or from neighbour
// registers, the names of those values, the exchange planes' extents, and
// the exchange's shape in a kernel of one degree. Internal to lib/Emitter.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_LIB_EMITTER_KERNELLAYOUT_H
#define STENCILCC_LIB_EMITTER_KERNELLAYOUT_H

#include "stencilcc/Emitter/KernelEmitter.h"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace stencilcc {

inline int64_t posMod(int64_t A, int64_t M) { return ((A % M) + M) % M; }

/// Streaming offsets read from registers / from an exchange plane; with
/// the cached exchange, the (streaming offset, in-plane offset) pairs read
/// from neighbour registers, and the in-plane offsets cached per plane.
struct ReadSets {
  std::set<int64_t> Registers, Exchanged;
  std::set<std::pair<int64_t, std::vector<int64_t>>> Neighbours;
  std::set<std::vector<int64_t>> NeighbourOffsets;
};
ReadSets readSets(const KernelContext &K);

/// Name of the update's parameter / a neighbour register for a read at
/// streaming offset \p S, in-plane offset \p V.
std::string neighbourName(int64_t S, const std::vector<int64_t> &V);

/// Padded extent of tiled dimension I in an exchange plane.
int64_t paddedExtent(const TemporalBlockingPlan &P, unsigned I);
/// Elements of one exchange plane: the tile padded by the in-plane reach.
int64_t planeElements(const TemporalBlockingPlan &P);

/// The kernels' name of spatial dimension \p D's index.
std::string spatialVar(unsigned D);

/// The naive kernel's signature, `{`, and this thread's cell: the loop
/// variables, the return of threads past the bounds, and `cell`, the
/// cell's index (shared by NaiveKernel.cpp and TermTableKernel.cpp).
std::string naiveKernelHead(const KernelContext &K);

/// The parameters `, const int part, const int part_top, const int
/// part_bottom` of a blocked kernel that takes them
/// (kernelsTakeSegmentParts), else nothing.
std::string segmentPartParams(const KernelContext &K);

/// The names streamSegmentBounds declares.
struct SegmentNames {
  std::string Segments = "segments", Segment = "segment", Guide = "guide",
              Begin = "out_begin", End = "out_end";
};

/// Whether a kernel whose threads may use \p RegisterCap registers (its
/// __launch_bounds__ or --max-registers cap: planRegisterCap) may take
/// guided stream segments: their bounds hold two registers for the
/// kernel's life, which a kernel capped at 128 or fewer may not have
/// (j2d9pt-gol float's bT=6 cached plan at 2 blocks of 256 used 128
/// registers and spilled 40 bytes with them; sm_90, 2026-11-27).
inline bool registersAllowGuidedSegments(unsigned RegisterCap) { return RegisterCap > 128; }

/// The declarations of a blocked kernel's segment bounds (Names.Begin,
/// Names.End): its segment, blockIdx.<Axis> of gridDim.<Axis>, of the
/// streaming dimension [Lo, Hi). \p Guided and \p Length at least 48:
/// segments of \p Length rows on average, longer first
/// (kernels-templates/stream-segments.cu.in), and the return of a block
/// whose segment is empty; else segments of \p Length rows each, the last
/// one shorter.
/// With \p Parts (kernelsTakeSegmentParts), a launch with `part` set maps
/// the blocks to segments of the rows [part_top, part_bottom) instead
/// (kernels-templates/mpi-segments.cu.in: stencilcc_part_segment), and a
/// block beyond them returns.
std::string streamSegmentBounds(const std::string &Axis, const std::string &Lo,
                                const std::string &Hi, int64_t Length, bool Guided,
                                const SegmentNames &Names = {}, bool Parts = false);

/// How the exchange is organised in a kernel of one degree.
struct ExchangeShape {
  unsigned Locations = 0; ///< SCR: levels written per round
  unsigned Written = 0;   ///< SCR: exchange locations per set
  unsigned Rounds = 1;    ///< SCR: barriers per column
  unsigned Ring = 0;      ///< MCR: planes per level
  unsigned Planes = 0;    ///< exchange planes in shared memory
};
ExchangeShape exchangeShape(const TemporalBlockingPlan &P, unsigned Degree);

} // namespace stencilcc

#endif
