//===- Emitter/StreamSumsKernel.h - Streaming partial sums --------*- C++ -*-===//
//
// `--stream-sums=<rows>`: one time step per launch, no shared memory, for
// 3D updates that are sums of products (PartialSums.h). Each thread owns
// one column of the tiled plane (or <rows> consecutive rows of it) and
// streams through a segment of the outermost dimension. It loads every
// value of each input plane it needs once, through the L1 cache, and adds
// the plane's terms to the partial sums of every output plane that reads
// it, a ring of registers per output row; an output is stored once its
// highest plane was added. A box stencil of radius r then issues (2r+1)^2
// loads per cell (fewer with more rows) instead of the naive kernel's
// (2r+1)^3, while every thread computes an output: no halo threads. On the
// H100 this beats the blocked plans at radius 2-4 (box3d2r-4r, 1.3-2.7x
// the naive kernel), where their halos leave a quarter to a third of the
// threads computing.
//
// The sums add the planes in the order of --opt=assoc: the results equal
// an assoc plan's. With --sum-order=value each value is added to every sum
// that reads it as soon as it is loaded (paper 004): one value live at a
// time instead of the plane's, which took box3d4r double from 254
// registers to 128 and from 4.3 to 8.0 GCells/s on the H100.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_EMITTER_STREAMSUMSKERNEL_H
#define STENCILCC_EMITTER_STREAMSUMSKERNEL_H

#include "stencilcc/Emitter/KernelEmitter.h"
#include "stencilcc/Emitter/PartialSums.h"

#include <string>

namespace stencilcc {

/// The kernel `<prefix>_stream` of \p K (whose plan has StreamSumRows set),
/// calling the partial-sum functions of \p F.
std::string emitStreamSumsKernel(const KernelContext &K,
                                 const PartialSumForm &F);

} // namespace stencilcc

#endif
