//===- Planner/PerformanceModel.cpp - Paper 001's model, our kernels ------===//
//
// Counts follow lib/Emitter/KernelEmitter.cpp: a block loads one plane per
// column into level 0, level L computes the planes of its stream block plus
// (bT-L)*(rad_down+rad_up) overlap planes over the whole tile (halo
// included: halo threads compute and discard), and the last level stores
// its compute region. Exchanges per plane a level computes (or, for level
// 0, loads):
//   SCR:    each level 1..bT stores every exchanged plane of its input
//           (|ExchangedOffsets| stores) and loads every read that is not
//           its own column's;
//   MCR:    levels 0..bT-1 store the plane they made once; loads as SCR;
//   cached: levels 0..bT-1 store the plane once and every thread loads each
//           distinct in-plane neighbour offset once into registers.
// Stores are made by every thread of the block; loads, inside the update,
// only by threads inside the domain.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Planner/PerformanceModel.h"

#include "stencilcc/Analysis/ReciprocalSplit.h"
#include "stencilcc/Analysis/ValueBounds.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace stencilcc {

//===----------------------------------------------------------------------===//
// GPU table
//===----------------------------------------------------------------------===//

// Sources (docs/performance-model.md has the same table):
//  - SMs: 132 on both, read off the devices of this workplace (KINDS.md:
//    PyTorch reported 132 multiprocessors on the H100 and the H200).
//  - Clock 1.98 GHz: the SXM parts' datasheet maximum boost; KINDS.md saw
//    1980 MHz on the H200 right after a matrix-product load. Not measured
//    under our kernels.
//  - 128 FP32 and 64 FP64 FMA lanes per SM: Hopper datasheet (67 and 34
//    TFLOP/s non-tensor at 132 SMs x 1.98 GHz).
//  - Shared memory: 32 banks of 4 bytes serve one 128-byte wavefront per
//    clock per SM (CUDA C++ Programming Guide, compute capability 9.0);
//    not measured here.
//  - Global: device-to-device copy, bytes read plus written, measured on
//    this workplace's devices: 3020 GB/s on the H100 (issue 5's text),
//    about 4300 GB/s on the H200 (KINDS.md, 2026-10-28 and 2026-11-04).
//    Datasheet: 3350 and 4800 GB/s.
//  - 65536 registers, 2048 threads, 32 blocks, 228 KB of shared memory per
//    SM, of which the runtime reserves 1 KB per resident block: CUDA C++
//    Programming Guide, compute capability 9.0.
//  - 16 warps per SM to hide latency (four per scheduler): fitted to the
//    bT sweeps of perf run x on the H100 (docs/performance-model.md); the
//    H200 has the same SMs;
//  - a quarter of a block's time lost to each barrier when it is the only
//    block of its SM (1/(4B) with B resident): fitted to 84 groups of plans
//    timed side by side on the H100 (docs/performance-model.md).
static const std::vector<GpuParameters> &table() {
  static const std::vector<GpuParameters> T = [] {
    GpuParameters H100;
    H100.Key = "h100";
    H100.Name = "NVIDIA H100 SXM5 80GB HBM3";
    H100.SMs = 132;
    H100.ClockGHz = 1.98;
    H100.Fp32LanesPerSM = 128;
    H100.Fp64LanesPerSM = 64;
    H100.SharedBytesPerClock = 128;
    H100.GlobalGBs = 3020;
    H100.GlobalMeasured = true;
    H100.DatasheetGlobalGBs = 3350;
    H100.RegistersPerSM = 65536;
    H100.MaxThreadsPerSM = 2048;
    H100.MaxBlocksPerSM = 32;
    H100.SharedPerSM = 228 * 1024;
    H100.SharedReservedPerBlock = 1024;
    H100.WarpsToHideLatency = 16;
    H100.BarrierDrain = 0.25;
    GpuParameters H200 = H100;
    H200.Key = "h200";
    H200.Name = "NVIDIA H200 SXM 141GB HBM3e";
    H200.GlobalGBs = 4300;
    H200.DatasheetGlobalGBs = 4800;
    return std::vector<GpuParameters>{H100, H200};
  }();
  return T;
}

const std::vector<GpuParameters> &allGpuParameters() { return table(); }

const GpuParameters *gpuParameters(const std::string &Key) {
  for (const GpuParameters &G : table())
    if (Key == G.Key)
      return &G;
  return nullptr;
}

DeviceLimits GpuParameters::limits() const {
  DeviceLimits L;
  L.MaxThreadsPerSM = MaxThreadsPerSM;
  L.RegistersPerSM = RegistersPerSM;
  L.MaxSharedPerSM = SharedPerSM;
  L.MaxSharedPerBlock = SharedPerSM - SharedReservedPerBlock;
  return L;
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

double OperationMix::aluEfficiency() const {
  double I = instructions();
  return I == 0 ? 1 : (2 * FMA + MUL + ADD + Other) / (2 * I);
}

namespace {

bool readsArray(const Expr &E) { return E.readsArray(); }

/// \p E without the casts and unary plus around it.
const Expr &strip(const Expr &E) {
  if ((E.K == Expr::Kind::Cast ||
       (E.K == Expr::Kind::Unary && E.Op == "+")) &&
      E.Operands.size() == 1)
    return strip(*E.Operands[0]);
  return E;
}

bool isProduct(const Expr &E) {
  const Expr &S = strip(E);
  return S.K == Expr::Kind::Binary && S.Op == "*" && readsArray(S);
}

/// A read-free divisor whose reciprocal is exact: the division is one MUL.
bool powerOfTwoLiteral(const Expr &E) {
  const Expr &S = strip(E);
  if (S.K != Expr::Kind::FloatLiteral && S.K != Expr::Kind::IntLiteral)
    return false;
  int Exp = 0;
  return S.Value != 0 && std::fabs(std::frexp(S.Value, &Exp)) == 0.5;
}

/// Instructions of the emitted sequences of kernels-templates/ (counted
/// in the template), and about those of the fast paths of CUDA's double
/// routines (a reciprocal or reciprocal-square-root estimate and Newton
/// steps; not counted from their SASS).
constexpr double RsqrtHelperInstructions = 12; // stencilcc_rsqrt_f: 10 + 2 F2F
constexpr double SqrtHelperInstructions = 10;  // stencilcc_sqrt_f: 8 + 2 F2F
constexpr double DoubleRoutineInstructions = 8; // IEEE double sqrt or x / y
/// CUDA's IEEE float division (sm_90 SASS of nvcc 13): a MUFU estimate,
/// five FMAs, the range test, its branch to the slow path and the
/// convergence barrier around it.
constexpr double FloatRoutineInstructions = 10;
/// stencilcc_sqrtf_rn and stencilcc_rsqrtf_rn (float-square-root.cu.in):
/// CUDA's fast paths, the scaling of tiny operands and the selections of
/// special values.
constexpr double SqrtfHelperInstructions = 13;
constexpr double RsqrtfHelperInstructions = 18;
/// Their _large variants, for an operand proved at least 2^-100 (the
/// reciprocal's infinity by a maximum instead of a comparison and a select).
constexpr double SqrtfLargeHelperInstructions = 7;
constexpr double RsqrtfLargeHelperInstructions = 10;

/// Whether the float helper of sqrtf(\p X) is the _large variant.
bool largeOperand(const Expr &X) {
  std::optional<double> Low = provenLowerBound(X);
  return Low && *Low >= 0x1p-100;
}

/// sqrtf(x) of a float x.
const Expr *operandOfSqrtf(const Expr &E) {
  if (E.K != Expr::Kind::Call || E.Name != "sqrtf" ||
      E.Type != ScalarType::Float || E.Operands.size() != 1)
    return nullptr;
  return E.Operands[0].get();
}

/// A power of two, negated or not (the numerators lowerFloatSquareRoots
/// takes).
bool signedPowerOfTwoLiteral(const Expr &E) {
  const Expr &S = strip(E);
  if (S.K == Expr::Kind::Unary && S.Op == "-")
    return powerOfTwoLiteral(*S.Operands[0]);
  return powerOfTwoLiteral(S);
}

/// Counts the instructions of \p E into \p M. In a float stencil
/// (\p FloatStencil) a double operation (C's promotions: sqrt of a float,
/// double literals) and each conversion between float and double goes to
/// M.Fp64, which issues at the FP64 rate.
void countOps(const Expr &E, OperationMix &M, bool Fused, bool FloatStencil) {
  if (!readsArray(E))
    return; // folded by the compiler
  bool Dp = E.Type == ScalarType::Double;
  double &Slot = FloatStencil && Dp ? M.Fp64 : M.Other;
  auto Arith = [&](double &FloatSlot) -> double & {
    return FloatStencil && Dp ? M.Fp64 : FloatSlot;
  };
  if (E.K == Expr::Kind::Binary) {
    const Expr &L = *E.Operands[0], &R = *E.Operands[1];
    if (E.Op == "+" || E.Op == "-") {
      // The add absorbs one product operand into an FMA.
      bool FuseL = isProduct(L), FuseR = !FuseL && isProduct(R);
      if (FuseL || FuseR)
        ++Arith(M.FMA);
      else
        ++Arith(M.ADD);
      countOps(L, M, FuseL, FloatStencil);
      countOps(R, M, FuseR, FloatStencil);
      return;
    }
    if (E.Op != "*" && E.Op != "/" && E.Op != "%") {
      // Comparisons, logical, bitwise and shift operators: one integer or
      // predicate instruction each.
      ++M.Other;
      countOps(L, M, false, FloatStencil);
      countOps(R, M, false, FloatStencil);
      return;
    }
    if (E.Op == "*") {
      if (!Fused)
        ++Arith(M.MUL);
    } else if (!readsArray(R)) {
      // stencilcc_div_rn: r = x * (1/c), then two FMAs of Markstein's
      // correction; stencilcc_div_split: x * lo and one FMA; a power of
      // two is an exact multiplication.
      const Expr &C = strip(R);
      bool Literal = C.K == Expr::Kind::FloatLiteral ||
                     C.K == Expr::Kind::IntLiteral;
      if (powerOfTwoLiteral(R)) {
        ++Arith(M.MUL);
      } else if (!Dp && Literal && splitReciprocal(float(C.Value))) {
        ++Arith(M.MUL);
        ++Arith(M.FMA);
      } else {
        ++Arith(M.MUL);
        Arith(M.FMA) += 2;
      }
    } else if (const Expr *X = floatOperandOfSqrt(R);
               X && Dp && !readsArray(L) && signedPowerOfTwoLiteral(L)) {
      // c / sqrt((double)x): stencilcc_rsqrt_f (lowerFloatSquareRoots).
      Slot += RsqrtHelperInstructions;
      countOps(*X, M, false, FloatStencil);
      return;
    } else if (const Expr *X = operandOfSqrtf(R);
               X && !readsArray(L) && signedPowerOfTwoLiteral(L)) {
      // c / sqrtf(x): stencilcc_rsqrtf_rn (lowerFloatSquareRoots).
      Slot += largeOperand(*X) ? RsqrtfLargeHelperInstructions
                               : RsqrtfHelperInstructions;
      countOps(*X, M, false, FloatStencil);
      return;
    } else {
      // IEEE division by a value: CUDA's routine.
      Slot += Dp ? DoubleRoutineInstructions : FloatRoutineInstructions;
    }
    countOps(L, M, false, FloatStencil);
    countOps(R, M, false, FloatStencil);
    return;
  }
  if (E.K == Expr::Kind::Cast && FloatStencil &&
      (E.Type == ScalarType::Double) !=
          (E.Operands[0]->Type == ScalarType::Double) &&
      isFloatingType(E.Operands[0]->Type) && isFloatingType(E.Type)) {
    ++M.Fp64; // F2F between float and double
  } else if (E.K == Expr::Kind::Call) {
    if (const Expr *X = floatOperandOfSqrt(E)) {
      Slot += SqrtHelperInstructions; // stencilcc_sqrt_f
      countOps(*X, M, false, FloatStencil);
      return;
    }
    if (const Expr *X = operandOfSqrtf(E)) {
      Slot += largeOperand(*X) ? SqrtfLargeHelperInstructions
                               : SqrtfHelperInstructions; // stencilcc_sqrtf_rn
      countOps(*X, M, false, FloatStencil);
      return;
    }
    Slot += Dp && E.Name == "sqrt" ? DoubleRoutineInstructions : 1;
  } else if (E.K == Expr::Kind::Conditional ||
             (E.K == Expr::Kind::Unary && (E.Op == "!" || E.Op == "~"))) {
    ++M.Other; // a select or one integer instruction
  }
  for (const ExprPtr &O : E.Operands)
    countOps(*O, M, false, FloatStencil);
}

} // namespace

OperationMix operationMix(const StencilProgram &P) {
  OperationMix M;
  countOps(*P.Rhs, M, false, P.Array.Element == ElementType::Float);
  return M;
}

std::vector<int64_t> benchmarkExtents(unsigned NumDims) {
  if (NumDims == 3)
    return {512, 512, 512};
  if (NumDims == 2)
    return {16384, 16384};
  return {16384ll * 16384};
}

ModelInput modelInput(const StencilProgram &P, const StencilAnalysis &A,
                      const std::vector<int64_t> &Extents) {
  ModelInput In;
  In.Analysis = &A;
  In.Mix = operationMix(P);
  In.Extents = Extents;
  return In;
}

const char *bottleneckName(Bottleneck B) {
  switch (B) {
  case Bottleneck::Compute:
    return "compute";
  case Bottleneck::Shared:
    return "shared";
  case Bottleneck::Global:
    return "global";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// One plan
//===----------------------------------------------------------------------===//

namespace {

/// Threads of the blocks along one tiled dimension of \p Extent cells:
/// how many fall inside the domain (they compute) of Blocks * Size.
struct DimThreads {
  uint64_t Blocks = 0, Total = 0, Inside = 0;
};

DimThreads dimThreads(int64_t Extent, int64_t Size, int64_t Width,
                      int64_t HaloBefore) {
  DimThreads D;
  D.Blocks = uint64_t((Extent + Width - 1) / Width);
  D.Total = D.Blocks * uint64_t(Size);
  for (uint64_t B = 0; B < D.Blocks; ++B) {
    int64_t Lo = int64_t(B) * Width - HaloBefore, Hi = Lo + Size;
    D.Inside += uint64_t(std::max<int64_t>(
        0, std::min(Hi, Extent) - std::max<int64_t>(Lo, 0)));
  }
  return D;
}

} // namespace

Prediction predictPlan(const ModelInput &In, const TemporalBlockingPlan &Plan,
                       const GpuParameters &G) {
  const StencilAnalysis &A = *In.Analysis;
  const KernelGeometry &Geo = Plan.Geometry;
  Prediction R;
  const double Elem = double(elementTypeSize(Plan.Element));
  const unsigned D = Plan.TemporalDegree;
  const unsigned NT = Geo.TileDims.size();

  // Tiled dimensions: blocks, threads inside the domain, valid threads.
  uint64_t TileBlocks = 1, PlaneAll = 1, PlaneInside = 1, PlaneValid = 1;
  R.ThreadsPerBlock = Plan.threadsPerBlock();
  R.ValidThreadsPerBlock = 1;
  // Shuffle: a warp is a tile of 32 x cells with its own halo lanes; the
  // counts below are of cells.
  const bool Shuffle = Plan.Exchange == ExchangeScheme::Shuffle;
  for (unsigned I = 0; I < NT && Shuffle; ++I) {
    int64_t Extent = In.Extents[Geo.TileDims[I]];
    unsigned Warps = Plan.BlockSizes[0] / 32;
    int64_t Width = Plan.computeWidth(0) / Warps;
    DimThreads T = dimThreads(Extent, 32 * int64_t(Plan.WarpCells), Width,
                              Plan.shuffleHaloLanes(false) * Plan.WarpCells);
    TileBlocks = (T.Blocks + Warps - 1) / Warps;
    PlaneAll = T.Total;
    PlaneInside = T.Inside;
    PlaneValid = uint64_t(Extent);
    R.ValidThreadsPerBlock = uint64_t(Width / Plan.WarpCells) * Warps;
  }
  for (unsigned I = 0; I < NT && !Shuffle; ++I) {
    int64_t Extent = In.Extents[Geo.TileDims[I]];
    DimThreads T = dimThreads(Extent, Plan.BlockSizes[I],
                              Plan.computeWidth(I), Plan.haloBefore(I));
    TileBlocks *= T.Blocks;
    PlaneAll *= T.Total;
    PlaneInside *= T.Inside;
    PlaneValid *= uint64_t(Extent);
    R.ValidThreadsPerBlock *= uint64_t(Plan.computeWidth(I));
  }
  // --rows-per-thread: the counts above are of cells; a thread has Rows.
  R.ValidThreadsPerBlock /= Plan.RowsPerThread;
  R.HaloThreadsPerBlock = R.ThreadsPerBlock - R.ValidThreadsPerBlock;
  R.OutOfBoundFraction = 1.0 - double(PlaneInside) / double(PlaneAll);

  // The stream: stream blocks, planes loaded, planes each level computes.
  int64_t StreamExtent = Geo.VirtualStream ? 1 : In.Extents[0];
  int64_t Len = Plan.StreamLength && !Geo.VirtualStream
                    ? std::min<int64_t>(Plan.StreamLength, StreamExtent)
                    : StreamExtent;
  uint64_t StreamBlocks = uint64_t((StreamExtent + Len - 1) / Len);
  int64_t Reach = Geo.StreamNeg + Geo.StreamPos;
  double Loaded = double(StreamExtent) + double(StreamBlocks) * D * Reach;
  // Planes level L computes, summed over the stream blocks.
  auto LevelPlanes = [&](unsigned L) {
    return double(StreamExtent) + double(StreamBlocks) * (D - L) * Reach;
  };
  double Computed = 0; // level-planes, levels 1..bT
  for (unsigned L = 1; L <= D; ++L)
    Computed += LevelPlanes(L);
  // Shuffle: every level computes in every step of a segment, which runs
  // bT * (StreamNeg + Lag) steps past its output rows.
  if (Shuffle)
    Computed = D * (double(StreamExtent) +
                    double(StreamBlocks) * D * (Geo.StreamNeg + Plan.Lag));
  double MadeBelowLast = Loaded; // levels 0..bT-1
  for (unsigned L = 1; L < D; ++L)
    MadeBelowLast += LevelPlanes(L);

  R.Blocks = TileBlocks * StreamBlocks;
  double Useful = double(D) * double(StreamExtent) * double(PlaneValid);
  double Updates = Computed * double(PlaneInside);
  R.Redundancy = Updates / Useful;

  // Global memory: the loads of every block, the stores of the compute
  // regions.
  double GlobalBytes =
      (Loaded * double(PlaneInside) + double(StreamExtent) * PlaneValid) *
      Elem;

  // Shared memory. With --rows-per-thread a thread's rows load a value
  // they share once: row r reads in-plane offset (dy, dx) at (r + dy, dx)
  // from its first row (ptxas merges the loads of equal addresses), and
  // takes the rows' own columns from their queues (SCR updates and
  // partial sums alike).
  const unsigned Rows = Plan.RowsPerThread;
  std::set<std::vector<int64_t>> NeighbourOffsets;
  std::set<std::pair<int64_t, std::vector<int64_t>>> SharedValues;
  unsigned RegisterReads = 0;
  for (const std::vector<int64_t> &O : A.Offsets) {
    if (Plan.readsFromRegisters(O)) {
      ++RegisterReads;
      continue;
    }
    for (unsigned Row = 0; Row < Rows; ++Row) {
      std::vector<int64_t> V =
          Plan.offsetFromFirstRow(Plan.inPlaneOffset(O), Row);
      if (Plan.ownColumnRow(V))
        continue;
      SharedValues.insert({Plan.streamOffset(O), V});
      NeighbourOffsets.insert(V);
    }
  }
  // Shared loads per cell update: per row of a thread.
  const double SharedReads =
      Rows == 1 ? double(A.Offsets.size() - RegisterReads)
                : double(SharedValues.size()) / Rows;
  const double NeighbourReads = double(NeighbourOffsets.size()) / Rows;
  double Stores = 0, Loads = 0;
  if (Shuffle) {
    // A shuffle moves a 4-byte word per lane through the same pipe as a
    // shared load: one per cell an update takes from another lane, per
    // row with in-plane reads.
    std::map<int64_t, std::pair<int64_t, int64_t>> Reach;
    for (const std::vector<int64_t> &O : A.Offsets) {
      auto &[Neg, Pos] = Reach[Plan.streamOffset(O)];
      int64_t V = Plan.inPlaneOffset(O)[0];
      Neg = std::max(Neg, -V);
      Pos = std::max(Pos, V);
    }
    double PerLane = 0;
    for (const auto &[S, NP] : Reach)
      PerLane += double(NP.first + NP.second);
    Loads = Computed * double(PlaneAll) / Plan.WarpCells * PerLane;
  }
  if (!Plan.ExchangedOffsets.empty()) {
    switch (Plan.Exchange) {
    case ExchangeScheme::SCR:
      // A staged exchange's level 0 stores nothing: the copies land in
      // the exchange layout.
      Stores = (Computed - (Plan.StagedExchange ? Loaded : 0.0)) *
               Plan.ExchangedOffsets.size() * PlaneAll;
      Loads = Updates * SharedReads;
      break;
    case ExchangeScheme::MCR:
      Stores = MadeBelowLast * PlaneAll;
      Loads = Updates * SharedReads;
      break;
    case ExchangeScheme::Cached:
      Stores = MadeBelowLast * PlaneAll;
      Loads = MadeBelowLast * PlaneInside * NeighbourReads;
      break;
    case ExchangeScheme::Shuffle:
      break;
    }
  }
  // Queue slots in shared memory (the last SharedSlots, level-major): a
  // slot is written once per plane of its level and read by the next
  // level's register reads, by the exchange (SCR: per exchanged plane;
  // otherwise once) and by the boundary copy two levels up.
  double QueueAccesses = 0;
  if (Plan.SharedSlots) {
    unsigned W = Plan.QueueLength, First = D * W - Plan.SharedSlots;
    for (unsigned L = 0; L < D; ++L) {
      unsigned Lo = std::max(First, L * W), Hi = (L + 1) * W;
      if (Lo >= Hi)
        continue;
      double Fraction = double(Hi - Lo) / W;
      double Readers = RegisterReads + 1 +
                       (Plan.Exchange == ExchangeScheme::SCR
                            ? double(Plan.ExchangedOffsets.size())
                            : 1.0);
      double Planes = L == 0 ? Loaded : LevelPlanes(L);
      QueueAccesses += Fraction * Planes * PlaneAll * (1 + Readers);
    }
  }
  double SharedBytes = (Stores + Loads + QueueAccesses) * Elem;
  if (Plan.Exchange == ExchangeScheme::SCR && !Plan.ExchangedOffsets.empty())
    R.BarriersPerColumn = double((D + Plan.exchangeLocations() - 1) /
                                 Plan.exchangeLocations());
  else if (!Plan.ExchangedOffsets.empty())
    R.BarriersPerColumn = 1;

  // A float stencil's double operations issue at the FP64 rate: each
  // takes the issue slots of FP32/FP64 lanes float instructions.
  double PerUpdate = In.Mix.instructions();
  if (Plan.Element == ElementType::Float && G.Fp64LanesPerSM)
    PerUpdate += In.Mix.Fp64 * double(G.Fp32LanesPerSM) / G.Fp64LanesPerSM;
  double Instructions = Updates * PerUpdate;

  // Occupancy. Registers: the plan's demand plus a ninth for addresses
  // and indices (the rule makePlan's default blocks per SM uses), capped
  // by __launch_bounds__; over 9/10 of the cap, ptxas spills.
  unsigned Threads = Plan.threadsPerBlock();
  unsigned Cap = planRegisterCap(Plan, G.RegistersPerSM);
  unsigned Demand = planRegisterDemand(Plan, A);
  R.SharedBytesPerBlock = Plan.sharedBytes();
  if (planPredictedToSpill(Plan, A, G.RegistersPerSM)) {
    R.Feasible = false;
    R.Why = "predicted to spill: " + std::to_string(Demand) +
            " registers of queues and reads against a cap of " +
            std::to_string(Cap);
  }
  unsigned Regs = std::min(Cap, (Demand * 10 / 9 + 7) / 8 * 8);
  R.RegistersPerThread = std::max(Regs, 8u);
  uint64_t PerBlockShared =
      R.SharedBytesPerBlock ? R.SharedBytesPerBlock + G.SharedReservedPerBlock
                            : 0;
  // Residency follows the cap, not the estimate: ptxas takes the
  // registers __launch_bounds__ leaves it (of 185 plans timed without
  // spills on the H100, the cap gives the residency of ptxas's count in
  // 164, the estimate in 124; docs/performance-model.md). The cap is in
  // the SM's allocation unit of 8 registers already (planRegisterCap).
  unsigned Resident = std::min(G.MaxThreadsPerSM / Threads, G.MaxBlocksPerSM);
  Resident = std::min(Resident, G.RegistersPerSM / (Threads * Cap));
  if (PerBlockShared)
    Resident = std::min<unsigned>(Resident, G.SharedPerSM / PerBlockShared);
  if (Resident == 0 && R.Feasible) {
    R.Feasible = false;
    R.Why = "one block needs " + std::to_string(PerBlockShared) +
            " bytes of shared memory (1 KB of it the runtime's); an SM has " +
            std::to_string(G.SharedPerSM);
  }
  R.ResidentBlocksPerSM = Resident;
  R.Occupancy = double(Resident) * Threads / G.MaxThreadsPerSM;
  if (Resident) {
    double Slots = double(G.SMs) * Resident;
    double Waves = std::ceil(double(R.Blocks) / Slots);
    R.SMEfficiency = double(R.Blocks) / (Waves * Slots);
  }
  // Below WarpsToHideLatency resident warps an SM idles while its warps
  // wait on loads and barriers, in proportion: on the H100 box2d1r float
  // ran 976 GCells/s at bT=6 with 16 warps per SM and 780 at bT=8 with 8,
  // where the bounds above predict 26% more for bT=8.
  double Warps = double(Resident) * Threads / 32;
  R.LatencyHiding =
      G.WarpsToHideLatency ? std::min(1.0, Warps / G.WarpsToHideLatency) : 1;
  // While a block waits at a barrier its warps issue nothing, and the
  // other resident blocks cover the wait only in part: gradient2d float
  // ran 753 GCells/s with one 512-thread block per SM and 923 with three
  // of 256 threads, at the same bT and predicted bounds (tiles run).
  if (R.BarriersPerColumn > 0 && Resident)
    R.BarrierOverlap = 1 - G.BarrierDrain / Resident;

  // Per useful cell update.
  R.GlobalBytes = GlobalBytes / Useful;
  R.SharedBytes = SharedBytes / Useful;
  R.Instructions = Instructions / Useful;
  unsigned Lanes = Plan.Element == ElementType::Double ? G.Fp64LanesPerSM
                                                       : G.Fp32LanesPerSM;
  R.TimeCompute = R.Instructions / (double(Lanes) * G.SMs * G.ClockGHz * 1e9);
  R.TimeShared = R.SharedBytes / (G.sharedGBs() * 1e9);
  R.TimeGlobal = R.GlobalBytes / (G.GlobalGBs * 1e9);
  double T = R.TimeGlobal;
  R.Bound = Bottleneck::Global;
  if (R.TimeShared > T) {
    T = R.TimeShared;
    R.Bound = Bottleneck::Shared;
  }
  if (R.TimeCompute > T) {
    T = R.TimeCompute;
    R.Bound = Bottleneck::Compute;
  }
  if (R.SMEfficiency > 0) {
    R.GCellsPerSecond =
        R.SMEfficiency * R.LatencyHiding * R.BarrierOverlap / T / 1e9;
    R.GFlopsPerSecond = R.GCellsPerSecond * A.Flops.total();
  }
  return R;
}

//===----------------------------------------------------------------------===//
// The search
//===----------------------------------------------------------------------===//

std::string planFlags(const TemporalBlockingPlan &Plan) {
  if (Plan.StreamSumRows)
    return "--stream-sums=" + std::to_string(Plan.StreamSumRows) +
           (Plan.Order == SumOrder::Value ? " --sum-order=value" : "");
  if (Plan.Exchange == ExchangeScheme::Shuffle) {
    std::string S = "--bt=" + std::to_string(Plan.TemporalDegree) +
                    " --bs=" + std::to_string(Plan.BlockSizes[0]) +
                    " --sl=" + std::to_string(Plan.StreamLength) +
                    " --exchange=shuffle --cells=" +
                    std::to_string(Plan.WarpCells) + " --opt=" +
                    optimizationVariantName(Plan.Variant);
    return S + (Plan.MaxRegisters
                    ? " --max-registers=" + std::to_string(Plan.MaxRegisters)
                    : " --blocks-per-sm=" + std::to_string(Plan.BlocksPerSM));
  }
  std::string S = "--bt=" + std::to_string(Plan.TemporalDegree) + " --bs=";
  for (size_t I = 0; I < Plan.BlockSizes.size(); ++I)
    S += (I ? "x" : "") + std::to_string(Plan.BlockSizes[I]);
  if (Plan.RowsPerThread > 1)
    S += " --rows-per-thread=" + std::to_string(Plan.RowsPerThread);
  S += " --sl=" + std::to_string(Plan.StreamLength);
  S += std::string(" --exchange=") + exchangeSchemeName(Plan.Exchange);
  S += " --ns=" + std::to_string(Plan.SharedSlots);
  // --rd shapes SCR only (stencilcc rejects it with --opt=assoc).
  if (Plan.Exchange == ExchangeScheme::SCR)
    S += " --rd=" + std::to_string(Plan.ReuseDegree);
  S += std::string(" --opt=") + optimizationVariantName(Plan.Variant);
  if (Plan.Order == SumOrder::Value)
    S += " --sum-order=value";
  // The planner's default prefetch distance and asynchronous copies are
  // left implicit, as users write the options.
  if (Plan.AsyncDepth != defaultAsyncDepth(Plan))
    S += " --async-copy=" + std::to_string(Plan.AsyncDepth);
  if (Plan.Prefetch != defaultPrefetch(Plan))
    S += " --prefetch=" + std::to_string(Plan.Prefetch);
  if (Plan.InteriorLoop != Plan.InteriorLoopDefault)
    S += " --interior-loop=" + std::to_string(Plan.InteriorLoop);
  if (Plan.NarrowOffsets)
    S += " --offset-bits=32";
  if (Plan.PredicatedStore)
    S += " --store=predicated";
  if (Plan.StagedExchange)
    S += " --stage-layout=plane";
  if (Plan.MaxRegisters)
    S += " --max-registers=" + std::to_string(Plan.MaxRegisters);
  else
    S += " --blocks-per-sm=" + std::to_string(Plan.BlocksPerSM);
  return S;
}

std::string RankedPlan::flags() const { return planFlags(Plan); }

std::string modelIdentity(const TemporalBlockingPlan &Plan,
                          const Prediction &Predicted) {
  std::string F = planFlags(Plan), Sum = Plan.summary();
  return F.substr(0, F.rfind(" --blocks-per-sm")) +
         Sum.substr(0, Sum.find(" pf=")) + "/" +
         std::to_string(Predicted.ResidentBlocksPerSM);
}

std::vector<std::vector<unsigned>> searchSpaceTiles(unsigned NumDims) {
  if (NumDims == 3)
    return {{16, 16}, {16, 32}, {32, 32}, {16, 64}};
  return {{128}, {256}, {512}};
}

namespace {

/// One point of the search space: the request, and whether to move one
/// level's queue into shared memory once the plan's queue length is known.
struct SearchPoint {
  PlanRequest Request;
  bool OneLevelShared = false;
};

/// The search space of rankPlans, in the order its ties keep.
std::vector<SearchPoint> searchSpace(const StencilAnalysis &A) {
  bool ThreeD = A.NumDims == 3;
  std::vector<std::vector<unsigned>> Sizes = searchSpaceTiles(A.NumDims);
  std::vector<unsigned> Lengths = A.NumDims == 1 ? std::vector<unsigned>{0}
                                  : ThreeD
                                      ? std::vector<unsigned>{128, 256}
                                      : std::vector<unsigned>{256, 512, 1024};
  // The shape's own variant (star or none), and partial sums where the
  // update allows them; they take the cached exchange's double buffer and
  // no reuse degree.
  std::vector<std::optional<OptimizationVariant>> Variants{std::nullopt};
  if (A.SumOfProducts)
    Variants.push_back(OptimizationVariant::Assoc);
  struct Scheme {
    ExchangeScheme X;
    unsigned RD;
    std::optional<OptimizationVariant> V;
  };
  std::vector<Scheme> Schemes;
  for (ExchangeScheme X :
       {ExchangeScheme::SCR, ExchangeScheme::MCR, ExchangeScheme::Cached})
    for (unsigned RD : {1u, 2u, 4u})
      for (std::optional<OptimizationVariant> V : Variants) {
        bool Assoc = V == OptimizationVariant::Assoc;
        if ((RD > 1 && X != ExchangeScheme::SCR) ||
            (Assoc && (X != ExchangeScheme::Cached || RD > 1)))
          continue;
        Schemes.push_back({X, RD, V});
      }

  std::vector<SearchPoint> Points;
  for (unsigned BT = 1; BT <= (ThreeD ? 8u : 16u); ++BT)
    for (const std::vector<unsigned> &BS : Sizes)
      for (unsigned SL : Lengths)
        for (const Scheme &Sc : Schemes) {
          if (Sc.RD > BT)
            continue;
          for (bool Shared : {false, true})
            for (unsigned Blocks = 1; Blocks <= 4; ++Blocks) {
              SearchPoint Pt;
              PlanRequest &Req = Pt.Request;
              Req.TemporalDegree = BT;
              Req.BlockSizes = BS;
              Req.StreamLength = SL;
              Req.Exchange = Sc.X;
              if (Sc.V != OptimizationVariant::Assoc)
                Req.ReuseDegree = Sc.RD;
              Req.Variant = Sc.V;
              Req.BlocksPerSM = Blocks;
              Req.SharedSlots = 0;
              Pt.OneLevelShared = Shared;
              Points.push_back(std::move(Pt));
            }
        }
  return Points;
}

} // namespace

PlanRanking rankPlans(const StencilProgram &P, const StencilAnalysis &A,
                      const ModelInput &In, const GpuParameters &G) {
  PlanRanking Out;
  DeviceLimits Limits = G.limits();
  std::set<std::string> Seen;
  for (SearchPoint &Pt : searchSpace(A)) {
    PlanRequest &Req = Pt.Request;
    std::string Error;
    ++Out.Tried;
    std::optional<TemporalBlockingPlan> Plan =
        makePlan(P, A, Req, Error, Limits);
    if (Plan && Pt.OneLevelShared) {
      // One level's worth of slots in shared memory, the queue length
      // makePlan chose.
      Req.SharedSlots = Plan->QueueLength;
      Plan = makePlan(P, A, Req, Error, Limits);
    }
    if (!Plan) {
      ++Out.Rejected;
      continue;
    }
    // Requests that build the same plan count once (RD clamped, schemes
    // equal where nothing is exchanged).
    if (!Seen.insert(planFlags(*Plan) + Plan->summary()).second)
      continue;
    Prediction Pr = predictPlan(In, *Plan, G);
    if (!Pr.Feasible) {
      ++Out.Infeasible;
      continue;
    }
    // Keep the first of the plans the model cannot tell apart.
    if (!Seen.insert(modelIdentity(*Plan, Pr)).second)
      continue;
    Out.Plans.push_back({Req, std::move(*Plan), Pr});
  }
  // Best prediction first; equal predictions prefer higher occupancy
  // (beyond 16 warps the latency term no longer tells them apart), then
  // fewer barriers per column (SCR with RD > 1 only saves shared memory),
  // then fewer registers.
  std::stable_sort(Out.Plans.begin(), Out.Plans.end(),
                   [](const RankedPlan &X, const RankedPlan &Y) {
                     const Prediction &A = X.Predicted, &B = Y.Predicted;
                     if (A.GCellsPerSecond != B.GCellsPerSecond)
                       return A.GCellsPerSecond > B.GCellsPerSecond;
                     if (A.Occupancy != B.Occupancy)
                       return A.Occupancy > B.Occupancy;
                     if (A.BarriersPerColumn != B.BarriersPerColumn)
                       return A.BarriersPerColumn < B.BarriersPerColumn;
                     return A.RegistersPerThread < B.RegistersPerThread;
                   });
  return Out;
}

} // namespace stencilcc
