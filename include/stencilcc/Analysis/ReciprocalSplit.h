//===- Analysis/ReciprocalSplit.h - x / c in two operations -----*- C++ -*-===//
//
// A float division by a constant c, correctly rounded, costs a multiply by
// r = 1/c and Markstein's two-FMA correction (stencilcc_div_rn). For some
// c one multiply and one FMA suffice: with 1/c split into two floats,
// Hi + Lo to about 48 bits, fmaf(x, Hi, x * Lo) rounds to x / c for every
// x (Brisebarre, Muller and Raina, "Accelerating correctly rounded
// floating-point division when the divisor is known in advance", IEEE TC
// 2004), and for others it does not. Which: scaling x by a power of two
// scales both products exactly, so every x of [1, 2) decides it for all
// x whose quotient and x * Lo stay normal, and there are 2^23 of them;
// this checks each one against the host's division. Lo takes Hi's sign
// (Hi is 1/c rounded to nearest or, where that would give Lo the other
// sign, the next float toward zero), so x * Hi and x * Lo never cancel to
// zero or to a NaN: signed zeros and infinities come out as x / c.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILCC_ANALYSIS_RECIPROCALSPLIT_H
#define STENCILCC_ANALYSIS_RECIPROCALSPLIT_H

#include <optional>

namespace stencilcc {

struct ReciprocalSplit {
  float Hi = 0, Lo = 0;
};

/// The split of 1/\p C for which fmaf(x, Hi, x * Lo) equals x / C for
/// every x of [1, 2), if there is one among the two candidates; none for
/// a power of two (x * (1/C) is exact), zero, a non-normal C or
/// reciprocal, and a C for which both candidates fail. Results are
/// remembered per C (the check takes some tens of milliseconds).
std::optional<ReciprocalSplit> splitReciprocal(float C);

} // namespace stencilcc

#endif
