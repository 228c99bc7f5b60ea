//===- Emitter/WarpShuffleKernel.cpp --------------------------------------===//
//
// The generated kernel decides once per warp (a warp-uniform branch)
// between three instantiations of one row loop: the edge path, for tiles
// or segments that reach past the loop bounds (boundary values, guarded
// loads and stores), and two interior paths without any of that, one
// loading and storing whole vectors where the row pitch and the buffers
// are aligned to a lane's cells.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/WarpShuffleKernel.h"

#include "KernelLayout.h"

#include <map>
#include <set>
#include <sstream>

namespace stencilcc {

namespace {

int64_t floorDiv(int64_t A, int64_t B) {
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

/// The widened copy of the row at streaming offset S: the lane's cells
/// and, on either side, the cells the update reads from other lanes.
struct WideRow {
  int64_t Neg = 0, Pos = 0;
};

std::string wideName(int64_t S) { return "wide_" + offsetTag(S); }

} // namespace

std::string emitWarpShuffleKernel(const KernelContext &K, unsigned D) {
  const StencilProgram &P = K.Program;
  const TemporalBlockingPlan &Plan = K.Plan;
  const KernelGeometry &G = Plan.Geometry;
  const std::string T = elementTypeName(Plan.Element);
  const int64_t C = Plan.WarpCells;
  const unsigned Threads = Plan.threadsPerBlock();
  const int64_t Lag = Plan.Lag, Queue = Plan.QueueLength;
  const int64_t Neg = G.StreamNeg, Pos = G.StreamPos;
  // Every degree keeps the plan's halo lanes (a kernel of fewer steps
  // needs fewer), so that all of them cover the same tiles.
  const int64_t HaloBefore = Plan.shuffleHaloLanes(false);
  const int64_t HaloAfter = Plan.shuffleHaloLanes(true);
  const int64_t WarpWidth = (32 - HaloBefore - HaloAfter) * C;
  const unsigned CR = unsigned(((P.WriteShift - 1) % 2 + 2) % 2);

  // The update's parameters in emitUpdateFunction's order: own-column rows
  // (c_<s>), then neighbour values (n_<s>__<v>).
  std::set<int64_t> Own;
  std::set<std::pair<int64_t, std::vector<int64_t>>> Neighbours;
  std::map<int64_t, WideRow> Wide;
  for (const std::vector<int64_t> &O : K.Analysis.Offsets) {
    int64_t S = Plan.streamOffset(O);
    if (Plan.readsFromRegisters(O)) {
      Own.insert(S);
      continue;
    }
    std::vector<int64_t> V = Plan.inPlaneOffset(O);
    Neighbours.insert({S, V});
    WideRow &W = Wide[S];
    W.Neg = std::max(W.Neg, -V[0]);
    W.Pos = std::max(W.Pos, V[0]);
  }
  auto Slot = [&](int64_t S) {
    std::string Offset = S < 0   ? " - " + std::to_string(-S)
                         : S > 0 ? " + " + std::to_string(S)
                                 : std::string();
    return "(kPhase - level * kLag" + Offset + " + kWrap) % kQueue";
  };

  std::ostringstream OS;
  const std::string Name = K.Prefix + "_bt" + std::to_string(D);
  OS << "// " << D << " time step" << (D > 1 ? "s" : "")
     << " per launch, warp-shuffle exchange: a warp is a tile of 32 lanes x "
     << C << " cell" << (C > 1 ? "s" : "") << ",\n"
     << "// lanes 0.." << HaloBefore - 1 << " and " << 32 - HaloAfter
     << "..31 halo (the plan's bT), " << WarpWidth
     << " output cells; level L makes row r - L*" << Lag
     << " in the step that\n// loads row r, from a queue of " << Queue
     << " rows per level; no shared memory, no barrier.\n";
  if (HaloBefore == 0 && HaloAfter == 0)
    OS << "// (No in-plane reach: no halo lane.)\n";
  OS << "template <bool kEdge, bool kVector, bool kSameFrame>\n"
     << "static __device__ __forceinline__ void " << Name
     << "_rows(const " << T << " *__restrict__ src, " << T
     << " *__restrict__ dst, const " << T
     << " *__restrict__ base, const long t0, const int e0, const int e1, "
        "const int lo_0, const int hi_0, const int lo_1, const int hi_1, "
        "const int x, const int lane, const int out_begin, const int out_end"
     << scalarParams(P) << ")\n{\n";
  OS << "  constexpr int kCells = " << C << ", kDegree = " << D
     << ", kLag = " << Lag << ", kQueue = " << Queue << ";\n"
     << "  constexpr int kWrap = kQueue * (kDegree * kLag + kQueue);\n"
     << "  constexpr unsigned kFull = 0xffffffffu;\n"
     << "  const long buffer_size = (long)e0 * e1;\n"
     << "  const int first = out_begin - " << int64_t(D) * Neg
     << "; // row loaded in step 0\n"
     << "  const int load_end = out_end + " << int64_t(D) * Pos
     << "; // rows [first, load_end) are loaded\n"
     << "  const int steps = out_end + " << int64_t(D) * Lag
     << " - first; // the last step makes level " << D << "'s row out_end - 1\n"
     << "  const bool out_lane = lane >= " << HaloBefore << " && lane < "
     << 32 - HaloAfter << ";\n";
  OS << "  // The cells' columns: inside the loop bounds, inside the array.\n"
     << "  bool col_in[kCells], col_array[kCells];\n"
     << "#pragma unroll\n"
     << "  for (int c = 0; c < kCells; ++c) {\n"
     << "    col_in[c] = x + c >= lo_1 && x + c < hi_1;\n"
     << "    col_array[c] = x + c >= 0 && x + c < e1;\n"
     << "  }\n";
  OS << "  // Queue: q[level][slot][cell], row first + i of a level in slot "
        "i mod kQueue.\n"
     << "  " << T << " q[kDegree][kQueue][kCells];\n"
     << "#pragma unroll\n"
     << "  for (int l = 0; l < kDegree; ++l)\n"
     << "#pragma unroll\n"
     << "    for (int s = 0; s < kQueue; ++s)\n"
     << "#pragma unroll\n"
     << "      for (int c = 0; c < kCells; ++c)\n"
     << "        q[l][s][c] = 0;\n\n";

  // Level 0: a cell outside the loop bounds holds the initial content of
  // the buffer that level's step reads (KernelEmitter.cpp), outside the
  // array zero (only halo lanes read it).
  OS << "  auto load_row = [&](" << T << " (&v)[kCells], const int r) {\n"
     << "    if constexpr (kEdge) {\n"
     << "      const bool row_in = r >= lo_0 && r < hi_0, row_array = r >= 0 "
        "&& r < e0;\n"
     << "      const long at = (long)r * e1 + x;\n"
     << "#pragma unroll\n"
     << "      for (int c = 0; c < kCells; ++c)\n"
     << "        v[c] = !(row_array && col_array[c]) ? (" << T << ")0\n"
     << "               : row_in && col_in[c]      ? src[at + c]\n"
     << "                                          : base[((t0 + " << CR
     << ") & 1) * buffer_size + at + c];\n"
     << "    } else if constexpr (kVector) {\n"
     << "      stencilcc_load_cells<kCells>(v, src + (long)r * e1 + x);\n"
     << "    } else {\n"
     << "#pragma unroll\n"
     << "      for (int c = 0; c < kCells; ++c)\n"
     << "        v[c] = src[(long)r * e1 + x + c];\n"
     << "    }\n"
     << "  };\n\n";

  OS << "  // One step: load row first + i, then every level makes its row "
        "from rows\n  // of the level below made in earlier steps.\n"
     << "  auto step = [&](auto phase, const int i) {\n"
     << "    constexpr int kPhase = decltype(phase)::value;\n"
     << "    const int r = first + i;\n"
     << "    if (r < load_end)\n"
     << "      load_row(q[0][kPhase], r);\n"
     << "#pragma unroll\n"
     << "    for (int level = 1; level <= kDegree; ++level) {\n"
     << "      const int y = r - level * kLag;\n"
     << "      const " << T << " (&below)[kQueue][kCells] = q[level - 1];\n";
  for (const auto &[S, W] : Wide) {
    int64_t Width = W.Neg + C + W.Pos;
    OS << "      // Row y" << (S < 0 ? " - " : " + ") << (S < 0 ? -S : S)
       << ": cells " << -W.Neg << " .. " << C - 1 + W.Pos
       << " of the lane, from its neighbours' registers at the ends.\n"
       << "      " << T << " " << wideName(S) << "[" << Width << "];\n"
       << "      {\n"
       << "        const " << T << " (&v)[kCells] = below[" << Slot(S)
       << "];\n";
    for (int64_t J = 0; J < W.Neg; ++J) {
      int64_t Cell = J - W.Neg, Delta = floorDiv(Cell, C);
      OS << "        " << wideName(S) << "[" << J
         << "] = __shfl_sync(kFull, v[" << Cell - Delta * C << "], lane - "
         << -Delta << ");\n";
    }
    OS << "#pragma unroll\n"
       << "        for (int c = 0; c < kCells; ++c)\n"
       << "          " << wideName(S) << "[" << W.Neg << " + c] = v[c];\n";
    for (int64_t J = W.Neg + C; J < Width; ++J) {
      int64_t Cell = J - W.Neg, Delta = floorDiv(Cell, C);
      OS << "        " << wideName(S) << "[" << J
         << "] = __shfl_sync(kFull, v[" << Cell - Delta * C << "], lane + "
         << Delta << ");\n";
    }
    OS << "      }\n";
  }
  std::string Args;
  for (int64_t S : Own)
    Args += (Args.empty() ? "" : ", ") + ("below[" + Slot(S) + "][c]");
  for (const auto &[S, V] : Neighbours)
    Args += (Args.empty() ? "" : ", ") +
            (wideName(S) + "[c + " + std::to_string(Wide[S].Neg + V[0]) + "]");
  OS << "      " << T << " out[kCells];\n"
     << "#pragma unroll\n"
     << "      for (int c = 0; c < kCells; ++c)\n"
     << "        out[c] = " << K.Prefix << "_update(" << Args << scalarArgs(P)
     << ");\n";
  OS << "      if constexpr (kEdge) {\n"
     << "        // Outside the loop bounds: the initial content of the "
        "buffer this\n        // level's step reads; where both buffers "
        "hold the same there (kSameFrame),\n        // the level below's "
        "value, without a load on the level's path.\n"
     << "        const bool row_in = y >= lo_0 && y < hi_0, row_array = y >= "
        "0 && y < e0;\n"
     << "        const long at = ((t0 + " << CR
     << " + level) & 1) * buffer_size + (long)y * e1 + x;\n"
     << "#pragma unroll\n"
     << "        for (int c = 0; c < kCells; ++c)\n"
     << "          if (!(row_in && col_in[c]))\n"
     << "            out[c] = !(row_array && col_array[c]) ? (" << T
     << ")0 : kSameFrame ? below[" << Slot(0) << "][c] : base[at + c];\n"
     << "      }\n";
  OS << "      if (level < kDegree) {\n"
     << "#pragma unroll\n"
     << "        for (int c = 0; c < kCells; ++c)\n"
     << "          q[level < kDegree ? level : 0][" << Slot(0)
     << "][c] = out[c];\n"
     << "      } else if (y >= out_begin && out_lane) {\n"
     << "        if constexpr (kEdge) {\n"
     << "#pragma unroll\n"
     << "          for (int c = 0; c < kCells; ++c)\n"
     << "            if (col_in[c])\n"
     << "              dst[(long)y * e1 + x + c] = out[c];\n"
     << "        } else if constexpr (kVector) {\n"
     << "          stencilcc_store_cells<kCells>(dst + (long)y * e1 + x, "
        "out);\n"
     << "        } else {\n"
     << "#pragma unroll\n"
     << "          for (int c = 0; c < kCells; ++c)\n"
     << "            dst[(long)y * e1 + x + c] = out[c];\n"
     << "        }\n"
     << "      }\n"
     << "    }\n"
     << "  };\n\n";
  OS << "  // The steps, unrolled over the queue so every slot is a "
        "constant.\n"
     << "  int i = 0;\n"
     << "  for (; i + kQueue <= steps; i += kQueue) {\n";
  for (int64_t U = 0; U < Queue; ++U)
    OS << "    step(stencilcc_phase<" << U << ">{}, i"
       << (U ? " + " + std::to_string(U) : "") << ");\n";
  OS << "  }\n";
  for (int64_t U = 0; U + 1 < Queue; ++U)
    OS << "  if (i + " << U << " < steps)\n    step(stencilcc_phase<" << U
       << ">{}, i + " << U << ");\n";
  OS << "}\n\n";

  // The kernel: which warp, which segment, which path.
  OS << "template <bool kVector, bool kSameFrame>\n";
  OS << "static __global__ void ";
  if (Plan.MaxRegisters)
    OS << "__maxnreg__(" << Plan.MaxRegisters << ")\n";
  else
    OS << "__launch_bounds__(" << Threads << ", " << Plan.BlocksPerSM
       << ")\n";
  OS << Name << "(const " << T << " *__restrict__ src, " << T
     << " *__restrict__ dst, const " << T
     << " *__restrict__ base, const long t0, const int e0, const int e1, "
        "const int lo_0, const int hi_0, const int lo_1, const int hi_1"
     << segmentPartParams(K) << scalarParams(P) << ")\n{\n";
  OS << "  constexpr int kCells = " << C << ", kWarps = " << Threads / 32
     << ", kWarpWidth = " << WarpWidth << ";\n"
     << "  const int lane = (int)(threadIdx.x & 31);\n"
     << "  const int warp = (int)blockIdx.x * kWarps + (int)(threadIdx.x >> "
        "5);\n"
     << "  // Tiles start at a multiple of kCells at or below lo_1, so that "
        "a lane's\n  // cells are one aligned vector.\n"
     << "  const int origin = lo_1 - ((lo_1 % kCells) + kCells) % kCells;\n"
     << "  const int out_x = origin + warp * kWarpWidth; // the warp's first "
        "output cell\n"
     << "  if (out_x >= hi_1)\n    return; // the whole warp: no barrier "
        "waits for it\n"
     << "  const int tile_x = out_x - " << HaloBefore * C << ";\n"
     << "  const int x = tile_x + lane * kCells;\n";
  if (Plan.StreamLength)
    OS << streamSegmentBounds("y", "lo_0", "hi_0", Plan.StreamLength,
                              registersAllowGuidedSegments(planRegisterCap(Plan)), {},
                              kernelsTakeSegmentParts(K, false));
  else
    OS << "  const int out_begin = lo_0, out_end = hi_0; // hSN=whole\n";
  OS << "  const bool edge = tile_x < lo_1 || tile_x + 32 * kCells > hi_1 ||\n"
     << "                    out_begin - " << int64_t(D) * Neg
     << " < lo_0 || out_end + " << int64_t(D) * Pos << " > hi_0;\n";
  std::string CallArgs = "(src, dst, base, t0, e0, e1, lo_0, hi_0, lo_1, "
                         "hi_1, x, lane, out_begin, out_end" +
                         scalarArgs(P) + ")";
  OS << "  if (edge)\n    " << Name << "_rows<true, false, kSameFrame>"
     << CallArgs << ";\n"
     << "  else\n    " << Name << "_rows<false, kVector, kSameFrame>"
     << CallArgs << ";\n";
  OS << "}\n";
  return OS.str();
}

std::string emitFrameCheckKernel(const KernelContext &K) {
  const std::string T = elementTypeName(K.Plan.Element);
  std::ostringstream OS;
  OS << "// Whether the two buffers hold the same outside the loop bounds "
        "(bit for bit):\n"
     << "// the warp-shuffle kernels then take a boundary cell's value from "
        "the level\n"
     << "// below instead of loading it. Blocks along rows, each checking "
        "a row's cells\n// outside the bounds; any difference sets *differ.\n"
     << "static __global__ void " << K.Prefix << "_frames_differ(const " << T
     << " *__restrict__ a, const " << T
     << " *__restrict__ b, const int e0, const int e1, const int lo_0, "
        "const int hi_0, const int lo_1, const int hi_1, int *differ)\n{\n"
     << "  for (int row = (int)blockIdx.y; row < e0; row += (int)gridDim.y) "
        "{\n"
     << "  const bool row_in = row >= lo_0 && row < hi_0;\n"
     << "  auto check = [&](const int col) {\n"
     << "    const long at = (long)row * e1 + col;\n"
     << "    unsigned long long x = 0, y = 0;\n"
     << "    memcpy(&x, &a[at], sizeof(" << T << "));\n"
     << "    memcpy(&y, &b[at], sizeof(" << T << "));\n"
     << "    if (x != y)\n      *differ = 1;\n"
     << "  };\n"
     << "  // A row outside the bounds whole, else its columns before lo_1 "
        "and from hi_1.\n"
     << "  const int before = row_in ? min(max(lo_1, 0), e1) : e1;\n"
     << "  for (int col = (int)threadIdx.x; col < before; col += "
        "(int)blockDim.x)\n    check(col);\n"
     << "  if (row_in)\n"
     << "    for (int col = max(hi_1, 0) + (int)threadIdx.x; col < e1; col "
        "+= (int)blockDim.x)\n      check(col);\n"
     << "  }\n}\n";
  return OS.str();
}

} // namespace stencilcc
