//===- Planner/StagePlanGeometry.cpp - Blocks, occupancy, the default -----===//
//
// The geometric half of a StagePlan: the block's threads and cells over
// the grown tile, shared memory, a register estimate and the occupancy it
// allows (which __launch_bounds__ then asks ptxas for), how far ahead
// global loads go, the model that ranks candidate plans, and the plan's
// description in the generated code.
//
//===----------------------------------------------------------------------===//
#include "StagePlanInternal.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace stencilcc {
namespace stageplan {

namespace {

// H100 (sm_90) limits the plan must respect.
constexpr uint64_t MaxSharedPerBlock = 227 * 1024;
constexpr uint64_t SharedPerSM = 228 * 1024;
constexpr unsigned ThreadsPerSM = 2048, RegistersPerSM = 65536;
constexpr unsigned MaxBlocksPerSM = 32;

} // namespace

/// Cross-section dimension c (0 = fastest) as a grid dimension.
unsigned gridDim(const StagePlan &Plan, unsigned C) {
  return Plan.NumDims - 1 - C;
}

unsigned crossDims(const StagePlan &Plan) {
  return Plan.streams() ? Plan.NumDims - 1 : 1;
}

bool planGeometry(const StencilProgram &P, StagePlan &Plan,
                  std::vector<int64_t> Tile, std::vector<unsigned> Threads,
                  std::vector<unsigned> Cells, std::string &Why) {
  unsigned Rank = Plan.NumDims;
  unsigned NC = crossDims(Plan);
  Plan.Tile.assign(Rank, 0);
  Plan.Threads.assign(NC, 1);
  Plan.CellsPerThread.assign(NC, 1);
  Plan.Box.assign(NC, 0);
  Plan.BoxLow.assign(NC, 0);
  if (Plan.streams())
    Plan.Tile[0] = Tile[0];
  unsigned Total = 1;
  for (unsigned C = 0; C < NC; ++C) {
    unsigned D = gridDim(Plan, C);
    int64_t Low = 0, High = 0;
    for (const StageVersion &V : Plan.Versions) {
      Low = std::max(Low, V.GrowLow[D]);
      High = std::max(High, V.GrowHigh[D]);
    }
    unsigned T = Threads[C], N = Cells[C];
    int64_t Own = Tile[D];
    if (Own > 0 && T == 0) {
      // A tile without a block: threads cover the grown tile, up to 512 a
      // block (x: whole warps; 3D: at most 64 along x).
      int64_t Box = Own + Low + High;
      T = C == 0 ? unsigned(std::min<int64_t>((Box + 31) / 32 * 32,
                                              NC == 1 ? 512 : 64))
                 : unsigned(std::min<int64_t>(Box, 512 / Total));
      N = 0;
    }
    if (Own <= 0) {
      Own = int64_t(T) * N - Low - High;
      if (Own < std::max<int64_t>(1, (Low + High) / 2)) {
        Why = "its halo of " + std::to_string(Low + High) +
              " cells leaves too small a tile of " + std::to_string(T * N);
        return false;
      }
    } else if (N == 0) {
      N = unsigned((Own + Low + High + T - 1) / T);
    }
    if (Own + Low + High > int64_t(T) * N) {
      Why = "a tile of " + std::to_string(Own) + " with its halo of " +
            std::to_string(Low + High) + " exceeds " +
            std::to_string(T * N) + " cells of the block";
      return false;
    }
    Plan.Tile[D] = Own;
    Plan.Threads[C] = T;
    Plan.CellsPerThread[C] = N;
    Plan.Box[C] = int64_t(T) * N;
    Plan.BoxLow[C] = Low;
    Total *= T;
  }
  if (Total > 1024) {
    Why = "a block of " + std::to_string(Total) + " threads is over 1024";
    return false;
  }
  int64_t PlaneCells = 1;
  for (int64_t B : Plan.Box)
    PlaneCells *= B;
  // Only 2D plans compute every cell (StagePlan.h), and only they pad.
  Plan.RingPadCells = 0;
  for (const StageSweep &Sw : Plan.SweepPlans)
    for (const StageRead &R : Sw.Reads) {
      if (Plan.NumDims != 2 || R.Kind != StageReadKind::Ring ||
          R.Offsets.empty())
        continue;
      int64_t Reach = 0, Scale = 1;
      for (unsigned C = 0; C < NC; ++C) {
        Reach += std::abs(R.Offsets[gridDim(Plan, C)]) * Scale;
        Scale *= Plan.Box[C];
      }
      Plan.RingPadCells = std::max(Plan.RingPadCells, Reach);
    }
  // Both pads at the widest element's size.
  uint64_t Bytes = 2 * ((uint64_t(Plan.RingPadCells) * 8 + 15) / 16 * 16);
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    unsigned Size = elementTypeSize(P.Arrays[Plan.arrayOf(V)].Element);
    Bytes += (uint64_t(Plan.Versions[V].RingPlanes) * PlaneCells * Size + 15) /
             16 * 16;
  }
  Plan.SharedBytes = Bytes;
  if (Bytes > MaxSharedPerBlock) {
    Why = "it needs " + std::to_string(Bytes) +
          " bytes of shared memory per block, more than 227 KB";
    return false;
  }
  return planOccupancy(P, Plan, Why);
}

/// Loads ahead, registers and blocks per SM. A launch of few sweeps has
/// little work per iteration to cover a global load's latency: it loads
/// more planes ahead.
bool planOccupancy(const StencilProgram &P, StagePlan &Plan, std::string &Why) {
  unsigned Total = Plan.threadsPerBlock();
  Plan.PrefetchPlanes =
      Plan.streams() ? std::min(3u, (4 + Plan.sweeps() - 1) / Plan.sweeps())
                     : 1;
  unsigned CellsPer = 1;
  for (unsigned N : Plan.CellsPerThread)
    CellsPer *= N;
  // 32-bit registers per cell: the windows' planes live across iterations,
  // the loads in flight, the cell's coordinates and indices.
  auto Words = [&](unsigned Array) {
    return (elementTypeSize(P.Arrays[Array].Element) + 3) / 4;
  };
  unsigned PerCell = 6, MostReads = 0;
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    const StageVersion &Ver = Plan.Versions[V];
    unsigned W = Words(Plan.arrayOf(V));
    PerCell += W * (Ver.WindowPlanes ? Ver.WindowPlanes - 1 : 0);
    if (Ver.isInput() && (Ver.WindowPlanes || Ver.RingPlanes))
      PerCell += W * Plan.PrefetchPlanes;
  }
  for (const StageSweep &Sw : Plan.SweepPlans) {
    unsigned Reads = 0;
    std::vector<const ArrayAccess *> Accesses = stageReads(P.Stages[Sw.Stage]);
    for (unsigned I = 0; I < Sw.Reads.size(); ++I) {
      if (Sw.Reads[I].Kind == StageReadKind::Global && Plan.streams())
        PerCell += Words(Accesses[I]->ArrayId) * Plan.PrefetchPlanes;
      ++Reads;
    }
    MostReads = std::max(MostReads, Reads);
  }
  Plan.RegisterEstimate = unsigned(std::min<uint64_t>(
      255, 24 + uint64_t(PerCell) * CellsPer +
               MostReads * Words(Plan.Buffers[0].ArrayId) / 2));
  unsigned Threads32 = (Total + 31) / 32 * 32;
  auto Blocks = [&](unsigned Regs) {
    Regs = (Regs + 7) / 8 * 8;
    unsigned ByThreads = ThreadsPerSM / Threads32;
    unsigned ByRegs = RegistersPerSM / (Threads32 * Regs);
    unsigned BySmem = Plan.SharedBytes
                          ? unsigned(SharedPerSM / (Plan.SharedBytes + 1024))
                          : MaxBlocksPerSM;
    return std::min({ByThreads, ByRegs, BySmem, MaxBlocksPerSM});
  };
  Plan.BlocksPerSM = Blocks(Plan.RegisterEstimate);
  // Ask ptxas for that occupancy (up to 4 blocks): without a minimum it
  // spends registers freely. The estimate is an upper bound in practice
  // (every window plane live at once).
  Plan.MinBlocks = std::max(1u, std::min(4u, Plan.BlocksPerSM));
  // The estimate errs high: refuse only a block well beyond what an SM
  // holds (ptxas would spill).
  if (!Plan.BlocksPerSM &&
      Plan.RegisterEstimate * 4 > 5 * std::min(255u, RegistersPerSM / Threads32)) {
    Why = "a block of " + std::to_string(Total) + " threads needs about " +
          std::to_string(Plan.RegisterEstimate) +
          " registers per thread, more than the SM holds";
    return false;
  }
  Plan.BlocksPerSM = std::max(1u, Plan.BlocksPerSM);
  return true;
}

namespace {
/// The benchmark size of a grid of \p Rank dimensions (SPEC §5).
int64_t benchmarkExtent(unsigned Rank) {
  return Rank == 1 ? (int64_t(1) << 24) : Rank == 2 ? 16384 : 512;
}
} // namespace

/// Modelled time per owned cell and step (arbitrary units, lower is
/// better) at the benchmark size: global memory (~3 TB/s) beside the
/// slower of shared memory (~25 TB/s) and instruction issue, each scaled
/// by the redundant work of the grown boxes, and slowed when the SM holds
/// few warps to overlap a block's barrier and its loads with another's.
double modelCost(const StencilProgram &P, const StagePlan &Plan) {
  unsigned NC = crossDims(Plan);
  auto Cover = [&](const StageVersion &V) {
    double C = 1;
    for (unsigned X = 0; X < NC; ++X) {
      unsigned D = gridDim(Plan, X);
      double Own = double(Plan.Tile[D]);
      C *= std::min(double(Plan.Box[X]), Own + V.GrowLow[D] + V.GrowHigh[D]) /
           Own;
    }
    if (Plan.streams()) {
      double Own = double(Plan.Tile[0]);
      C *= (Own + V.GrowLow[0] + V.GrowHigh[0] + V.Lag) / Own;
    }
    return C;
  };
  double Global = 0, Shared = 0, Instr = 0;
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    const StageVersion &Ver = Plan.Versions[V];
    double Size = elementTypeSize(P.Arrays[Plan.arrayOf(V)].Element);
    if (Ver.isInput() && (Ver.WindowPlanes || Ver.RingPlanes))
      Global += Cover(Ver) * Size;
    if (Ver.RingPlanes)
      Shared += Cover(Ver) * Size; // the ring write
  }
  for (unsigned B = 0; B < Plan.Buffers.size(); ++B)
    if (Plan.LiveAcrossLaunches[B])
      Global += elementTypeSize(P.Arrays[Plan.Buffers[B].ArrayId].Element);
  double Size = elementTypeSize(Plan.Element);
  for (const StageSweep &Sw : Plan.SweepPlans) {
    double C = Cover(Plan.Versions[Sw.Version]);
    for (const StageRead &R : Sw.Reads) {
      if (R.Kind == StageReadKind::Ring)
        Shared += C * elementTypeSize(P.Arrays[Plan.arrayOf(R.Version)].Element);
      else if (R.Kind == StageReadKind::Global)
        Global += C * Size / 4; // the caches hold most of them
    }
    Instr += C * (12 + 3 * Sw.Reads.size());
  }
  double Warps = Plan.BlocksPerSM * Plan.threadsPerBlock() / 32.0;
  // Fewer than 24 warps leave a block's barrier and loads less to overlap
  // with. Streaming (2D, 3D) blocks lose half what 1D ones do: on the H100
  // fdtd-2d in double ran 1.29x faster at bT 12 (16 warps) than at bT 8
  // (24), where a full penalty chose 8; 1D ping-pongs at bT 12 ran 0.82x
  // to 0.86x bT 6 (docs/results/stage-latency-h100-2026-11-27).
  double Latency =
      1 + std::max(0.0, (24 - Warps) / (Plan.streams() ? 48.0 : 24.0));
  double T = Global / 3.0 + std::max(Shared / 25.0, Instr / 20.0);
  return T * Latency / Plan.Steps;
}

/// Stream block length along dimension 0: the longest that still gives
/// every SM four blocks at the benchmark size.
int64_t defaultStreamBlock(const StagePlan &Plan) {
  int64_t N = benchmarkExtent(Plan.NumDims);
  int64_t Tiles = 1;
  for (unsigned C = 0; C < crossDims(Plan); ++C)
    Tiles *= (N + Plan.Tile[gridDim(Plan, C)] - 1) /
             std::max<int64_t>(Plan.Tile[gridDim(Plan, C)], 1);
  for (int64_t L : {512, 256, 128, 64})
    if (Tiles * ((N + L - 1) / L) >= 4 * 132)
      return L;
  return 32;
}

std::vector<std::pair<std::vector<unsigned>, std::vector<unsigned>>>
defaultBlocks(unsigned Rank) {
  if (Rank == 1)
    return {{{256}, {8}}, {{512}, {4}}};
  if (Rank == 2)
    return {{{512}, {1}}, {{256}, {1}}};
  return {{{32, 32}, {1, 1}}, {{32, 16}, {1, 2}}, {{32, 16}, {1, 1}}};
}


} // namespace stageplan

std::string describeStagePlan(const StencilProgram &P, const StagePlan &Plan,
                              const std::string &Indent) {
  std::ostringstream OS;
  OS << Indent << "bT = " << Plan.sweeps() << " sweeps per launch ("
     << Plan.Steps << (Plan.Steps == 1 ? " step" : " steps") << " of "
     << Plan.Stages << (Plan.Stages == 1 ? " stage" : " stages") << ")\n";
  OS << Indent << "tile (owned): ";
  for (unsigned D = 0; D < Plan.NumDims; ++D)
    OS << (D ? " x " : "") << Plan.Tile[D];
  OS << (Plan.streams() ? ", streaming along dimension 0\n" : "\n");
  if (Plan.periodic()) {
    OS << Indent << "periodic along dimension";
    std::string Dims;
    for (unsigned D = 0; D < Plan.Periodic.size(); ++D)
      if (Plan.Periodic[D])
        Dims += (Dims.empty() ? " " : ", ") + std::to_string(D);
    OS << (Dims.size() > 2 ? "s" : "") << Dims
       << ": halo cells load from the wrapped cell\n";
  }
  OS << Indent << "block: ";
  for (unsigned C = Plan.Threads.size(); C-- > 0;)
    OS << Plan.Threads[C] << (C ? " x " : "");
  OS << " threads, cells per thread ";
  for (unsigned C = Plan.Threads.size(); C-- > 0;)
    OS << Plan.CellsPerThread[C] << (C ? " x " : "");
  OS << ", box ";
  for (unsigned C = Plan.Box.size(); C-- > 0;)
    OS << Plan.Box[C] << (C ? " x " : "");
  OS << "\n" << Indent << "shared memory: " << Plan.SharedBytes
     << " bytes per block; about " << Plan.RegisterEstimate
     << " registers per thread; " << Plan.BlocksPerSM
     << " blocks per SM (launch bounds ask " << Plan.MinBlocks
     << "); global loads " << Plan.PrefetchPlanes
     << (Plan.PrefetchPlanes == 1 ? " plane" : " planes") << " ahead\n";
  for (unsigned V = 0; V < Plan.Versions.size(); ++V) {
    const StageVersion &Ver = Plan.Versions[V];
    const StageBuffer &B = Plan.Buffers[Ver.Buffer];
    const StencilArray &Arr = P.Arrays[Plan.arrayOf(V)];
    if (Ver.isInput() && !Ver.WindowPlanes && !Ver.RingPlanes)
      continue;
    OS << Indent << "  v" << V << " ";
    if (Ver.Field >= 0)
      OS << "field ";
    else if (Ver.isInput())
      OS << "input ";
    else
      OS << "sweep " << Ver.Sweep << " (stage "
         << Plan.SweepPlans[Ver.Sweep].Stage << ", step "
         << Plan.SweepPlans[Ver.Sweep].Step << ") ";
    OS << Arr.Name;
    if (Arr.Levels > 0 && Ver.Field < 0)
      OS << " level t0+" << B.Level;
    OS << ": lag " << Ver.Lag << ", grows";
    for (unsigned D = 0; D < Plan.NumDims; ++D)
      OS << " -" << Ver.GrowLow[D] << "/+" << Ver.GrowHigh[D];
    OS << ", window " << Ver.WindowPlanes << ", ring " << Ver.RingPlanes
       << (Ver.BarrierAfter ? ", barrier after" : "") << "\n";
  }
  return OS.str();
}

} // namespace stencilcc
