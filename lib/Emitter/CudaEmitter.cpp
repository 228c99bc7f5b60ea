//===- Emitter/CudaEmitter.cpp - The generated CUDA translation unit ------===//
//
// The host side keeps the C semantics exactly: the buffers alternate as many
// times as the C loop alternates them (a kernel of degree d advances d
// steps but flips the buffers once, so one block of the schedule is split
// when the parities disagree, as paper 001 sec. 4.3 does), and the last
// step runs on its own so the other buffer also ends holding step T-1, as
// it does after the C loop.
//
//===----------------------------------------------------------------------===//
#include "stencilcc/Emitter/CudaEmitter.h"
#include "stencilcc/Emitter/ConstantDivision.h"
#include "stencilcc/Emitter/FloatSquareRoot.h"
#include "stencilcc/Emitter/KernelEmitter.h"
#include "stencilcc/Emitter/LaunchDegrees.h"
#include "stencilcc/Emitter/PartialSums.h"
#include "stencilcc/Emitter/StageBlockedEmitter.h"
#include "stencilcc/Emitter/StageEmitter.h"
#include "stencilcc/Emitter/StreamSumsKernel.h"
#include "stencilcc/Emitter/TermTableKernel.h"
#include "stencilcc/Emitter/WarpShuffleKernel.h"
#include "stencilcc/Planner/ExchangeModel.h"
#include "stencilcc/Support/Config.h"
#include "stencilcc/Support/DisplayPath.h"

#include "StageLayout.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace stencilcc {

namespace {

#include "KernelTemplates.inc"

/// Replaces every @KEY@ of \p Template.
std::string fill(std::string Template,
                 const std::map<std::string, std::string> &Values) {
  for (const auto &[Key, Value] : Values) {
    std::string Mark = "@" + Key + "@";
    for (size_t At = Template.find(Mark); At != std::string::npos;
         At = Template.find(Mark, At + Value.size()))
      Template.replace(At, Mark.size(), Value);
  }
  return Template;
}

std::string radiusText(const StencilAnalysis &A) {
  std::string S;
  for (const DimensionRadius &R : A.Radius)
    S += (S.empty() ? "" : ",") + std::string("-") +
         std::to_string(R.Negative) + "/+" + std::to_string(R.Positive);
  return S;
}

using stage::oneLine;

std::string joinComma(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : ", ") + X;
  return S;
}

std::string runFunction(const KernelContext &K, bool Naive) {
  const StencilProgram &P = K.Program;
  const TemporalBlockingPlan &Plan = K.Plan;
  const std::string Elem = elementTypeName(Plan.Element);
  unsigned N = P.numSpatialDims();
  std::ostringstream OS;
  OS << "// Runs steps time steps on the device buffers. both_levels: both "
        "end as the C\n// loop leaves them; else only the level the next "
        "step reads (--mpi between\n// two exchanges, which saves the last "
        "step's launch of its own). frames: null, or\n// where a caller "
        "whose calls leave the cells outside the bounds alike keeps\n// "
        "whether the two buffers differ there (-1: not known yet), so that "
        "later calls\n// need not check (and wait for) the device.\n";
  OS << "static void " << K.Prefix << "_run(" << Elem
     << " *const device, const long t_begin, const long steps,\n"
     << "    const long *extent, const long *lower, const long *upper, "
        "const bool both_levels,\n    int *const frames";
  // --mpi: split, the last launch runs the rows next to the cuts first,
  // then split->Between (which starts the exchange), then the rest.
  // level (--mpi): null, or where the caller keeps which buffer holds step
  // t_begin; then only the call with both_levels need land where the C loop
  // leaves the result (no launch is split for parity between exchanges),
  // and one whose steps are too few to leaves it in the other buffer: the
  // caller swaps the buffers' cells within the bounds.
  if (K.SegmentParts)
    OS << ",\n    const stencilcc_mpi_split *const split, int *const level";
  for (const auto &[Name, T] : P.rhsScalars())
    OS << ", const " << scalarTypeName(T) << " s_" << Name;
  OS << ")\n{\n";
  // The buffer index of step t is (t + Shift) & 1.
  const std::string Shift = std::to_string((P.WriteShift + 1) % 2);
  OS << "  if (steps <= 0)\n    return;\n";
  if (K.SegmentParts)
    OS << "  for (int d = 0; d < " << N << "; ++d)\n"
       << "    if (upper[d] <= lower[d]) {\n"
       << "      if (level) // nothing moves: the C loop's buffer\n"
       << "        *level = (int)((t_begin + steps + " << Shift << ") & 1);\n"
       << "      return; // the C loop writes nothing\n    }\n";
  else
    OS << "  for (int d = 0; d < " << N << "; ++d)\n"
       << "    if (upper[d] <= lower[d])\n"
       << "      return; // the C loop writes nothing\n";
  // One kernel a step leaves both levels as the C loop does anyway.
  if (Naive || Plan.StreamSumRows)
    OS << "  (void)both_levels;\n";
  if (Naive || Plan.StreamSumRows || Plan.Exchange != ExchangeScheme::Shuffle)
    OS << "  (void)frames; // only the warp-shuffle kernels read it\n";
  std::string Buffer;
  for (unsigned D = 0; D < N; ++D)
    Buffer += (D ? " * " : "") + std::string("extent[") + std::to_string(D) +
              "]";
  OS << "  const long buffer = " << Buffer << ";\n";
  OS << "  " << Elem
     << " *const buffers[2] = {device, device + buffer};\n";
  OS << "  // The buffer holding step t_begin is the one the C loop reads "
        "first.\n";
  if (K.SegmentParts)
    OS << "  int cur = level ? *level : (int)((t_begin + " << Shift << ") & 1);\n";
  else
    OS << "  int cur = (int)((t_begin + " << Shift << ") & 1);\n";
  // The blocked kernels take the step they start at, whose parity picks
  // each level's buffer; the naive and streaming kernels are handed theirs.
  if (!Naive && !Plan.StreamSumRows)
    OS << "  long t = t_begin;\n";
  std::string Dims, Bounds;
  for (unsigned D = 0; D < N; ++D)
    Dims += ", (int)extent[" + std::to_string(D) + "]";
  for (unsigned D = 0; D < N; ++D)
    Bounds += ", (int)lower[" + std::to_string(D) + "], (int)upper[" +
              std::to_string(D) + "]";
  // Kernels index with 32-bit coordinates and plane offsets.
  std::string Plane = "1";
  for (unsigned D = 1; D < N; ++D)
    Plane += " * extent[" + std::to_string(D) + "]";
  OS << "  for (int d = 0; d < " << N << "; ++d)\n"
     << "    if (extent[d] > 2147483647L || lower[d] < -2147483647L || "
        "upper[d] > 2147483647L) {\n"
     << "      fprintf(stderr, \"stencilcc: extent or bound beyond 32 bits\\n\");\n"
     << "      abort();\n    }\n";
  OS << "  if (" << Plane << " > 2147483647L) {\n"
     << "    fprintf(stderr, \"stencilcc: a plane of more than 2^31 cells\\n\");\n"
     << "    abort();\n  }\n";
  std::string Scalars;
  for (const auto &[Name, T] : P.rhsScalars())
    Scalars += ", s_" + Name;
  auto Span = [](unsigned D) {
    return "(upper[" + std::to_string(D) + "] - lower[" + std::to_string(D) +
           "])";
  };
  auto CeilDiv = [&](unsigned D, int64_t W) {
    return "(unsigned)((" + Span(D) + " + " + std::to_string(W - 1) + ") / " +
           std::to_string(W) + ")";
  };

  // One kernel a step. Under --mpi the launch is a lambda of the loop
  // bounds, as a one-step kernel splits by rows (stencilcc_mpi_split_rows).
  // The launch macro: under --mpi on a given stream.
  auto Launch = [&](const std::string &Kernel, const std::string &Shared) {
    return K.SegmentParts ? "STENCILCC_LAUNCH_ON(" + Kernel +
                                ", grid, block, " + Shared + ", stream)"
                          : "STENCILCC_LAUNCH(" + Kernel + ", grid, block, " +
                                Shared + ")";
  };
  auto OneStepLoop = [&](const std::string &Setup, const std::string &LaunchText) {
    const std::string Indent = K.SegmentParts ? "    " : "  ";
    if (K.SegmentParts)
      OS << "  auto launch = [&](const long *lower, const long *upper, cudaStream_t stream) "
            "{\n";
    std::istringstream Lines(Setup);
    for (std::string Line; std::getline(Lines, Line);)
      OS << Indent << Line << "\n";
    if (K.SegmentParts)
      OS << "    " << LaunchText << "\n    STENCILCC_CHECK(cudaGetLastError());\n  };\n";
    OS << "  for (long s = 0; s < steps; ++s) {\n";
    if (K.SegmentParts)
      OS << "    if (split && s + 1 == steps)\n"
         << "      stencilcc_mpi_split_rows(*split, " << N
         << ", lower, upper, cur ^ 1, launch);\n"
         << "    else\n      launch(lower, upper, 0);\n";
    else
      OS << "    " << LaunchText << "\n    STENCILCC_CHECK(cudaGetLastError());\n";
    OS << "    cur ^= 1;\n  }\n";
    if (K.SegmentParts)
      OS << "  if (level)\n    *level = cur;\n";
    OS << "}\n";
  };

  if (Naive) {
    static const unsigned Block[3][3] = {{256, 1, 1}, {32, 8, 1}, {32, 4, 2}};
    const unsigned *B = Block[N - 1];
    std::vector<std::string> Grid;
    for (unsigned A = 0; A < 3; ++A)
      Grid.push_back(A < N ? CeilDiv(N - 1 - A, B[A]) : "1");
    OneStepLoop("const dim3 block(" + std::to_string(B[0]) + ", " + std::to_string(B[1]) +
                    ", " + std::to_string(B[2]) + ");\nconst dim3 grid(" + joinComma(Grid) +
                    ");",
                Launch(K.Prefix + "_naive", "0") + "(buffers[cur], buffers[cur ^ 1]" + Dims +
                    Bounds + Scalars + ");");
    return OS.str();
  }

  if (Plan.StreamSumRows) {
    // Blocks of 32 columns by BlockSizes[0] threads of StreamSumRows rows
    // each; segments of StreamLength planes, or two per column where the
    // stream is shorter than two segments, so that more blocks run.
    const unsigned Rows = Plan.StreamSumRows, ThreadRows = Plan.BlockSizes[0];
    OneStepLoop("const long span0 = " + Span(0) + ";\nconst long segment = span0 >= " +
                    std::to_string(2 * Plan.StreamLength) + " ? " +
                    std::to_string(Plan.StreamLength) +
                    " : (span0 + 1) / 2;\nconst dim3 block(" +
                    std::to_string(Plan.BlockSizes[1]) + ", " + std::to_string(ThreadRows) +
                    ", 1);\nconst dim3 grid(" + CeilDiv(2, Plan.BlockSizes[1]) + ", " +
                    CeilDiv(1, ThreadRows * Rows) +
                    ", (unsigned)((span0 + segment - 1) / segment));",
                Launch(K.Prefix + "_stream", "0") + "(buffers[cur], buffers[cur ^ 1]" + Dims +
                    Bounds +
                    ", segment" + Scalars + ");");
    return OS.str();
  }

  const KernelGeometry &G = Plan.Geometry;
  unsigned NT = G.TileDims.size();
  std::string Chunks =
      G.VirtualStream || !Plan.StreamLength
          ? std::string("1")
          : CeilDiv(0, Plan.StreamLength);
  if (Plan.Exchange == ExchangeScheme::Shuffle) {
    // Warps of computeWidth / warps output cells each, from a multiple of
    // the cells per lane at or below the lower bound (WarpShuffleKernel).
    OS << "  const dim3 block(" << Plan.BlockSizes[0] << ");\n";
    OS << "  const dim3 grid((unsigned)((" << Span(1) << " + "
       << Plan.WarpCells - 1 + Plan.computeWidth(0) - 1 << ") / "
       << Plan.computeWidth(0) << "), " << Chunks << ");\n";
  } else if (NT == 1) {
    OS << "  const dim3 block(" << Plan.BlockSizes[0] << ");\n";
    OS << "  const dim3 grid(" << CeilDiv(G.TileDims[0], Plan.computeWidth(0))
       << ", " << Chunks << ");\n";
  } else {
    // --rows-per-thread: a thread for every RowsPerThread rows of the tile.
    OS << "  const dim3 block(" << Plan.BlockSizes[1] << ", "
       << Plan.BlockSizes[0] / Plan.RowsPerThread << ");\n";
    OS << "  const dim3 grid(" << CeilDiv(G.TileDims[1], Plan.computeWidth(1))
       << ", " << CeilDiv(G.TileDims[0], Plan.computeWidth(0)) << ", "
       << Chunks << ");\n";
  }
  OS << "  if (grid.y > 65535 || grid.z > 65535) {\n"
     << "    fprintf(stderr, \"stencilcc: grid %u x %u x %u exceeds the "
        "device limit; use a larger --sl\\n\", grid.x, grid.y, grid.z);\n"
     << "    abort();\n  }\n";
  unsigned BT = Plan.TemporalDegree;
  bool Shuffle = Plan.Exchange == ExchangeScheme::Shuffle;
  // --offset-bits=32: the blocked kernels are templates over the type of
  // their plane offsets. The main kernel runs with int offsets where every
  // plane it touches (the stream's extent and bounds, plus the blocks'
  // reach beyond them) lies within 2^31 cells of the thread's own, else
  // with long; the remainders (at most two launches a run) always with
  // long, which keeps nvcc's time to one more instance.
  auto Instance = [&](unsigned D, bool Narrow) {
    std::string Kernel = K.Prefix + "_bt" + std::to_string(D);
    if (!Plan.NarrowOffsets)
      return Kernel;
    return Kernel + (Narrow ? "<int>" : "<long>");
  };
  if (Plan.NarrowOffsets) {
    int64_t Reach = 2 * (int64_t(BT) * (G.StreamNeg + G.StreamPos + Plan.Lag) +
                         Plan.Prefetch + Plan.AsyncDepth + Plan.UnrollPeriod) +
                    64;
    OS << "  const long stream_reach = " << Reach << " + ("
       << "extent[0] > upper[0] ? extent[0] : upper[0]) + (lower[0] < 0 ? "
       << "-lower[0] : 0);\n";
    // Tests force the 64-bit instance (prelude: STENCILCC_WIDE_OFFSETS at
    // compile time, the self-check's --wide-offsets at run time).
    OS << "  const bool narrow = !STENCILCC_WIDE_OFFSETS_FORCED &&\n"
       << "                      stream_reach * (" << Plane
       << ") <= 2147483647L;\n";
  }
  const std::vector<unsigned> Degrees = launchDegrees(BT);
  for (unsigned D : Degrees) {
    uint64_t Bytes = blockedKernelSharedBytes(Plan, D);
    if (Bytes <= 48 * 1024)
      continue;
    std::vector<std::string> Kernels = {Instance(D, false)};
    if (D == BT && Plan.NarrowOffsets)
      Kernels.push_back(Instance(D, true));
    for (const std::string &Kernel : Kernels)
      OS << "  STENCILCC_CHECK(cudaFuncSetAttribute(" << Kernel
         << ", cudaFuncAttributeMaxDynamicSharedMemorySize, " << Bytes
         << "));\n";
  }
  if (Shuffle) {
    // WarpShuffleKernel.h: the kernels' boundary path takes the level
    // below's value where both buffers agree outside the bounds, and their
    // interior path whole vectors where rows and buffers are aligned.
    unsigned Cells = Plan.WarpCells;
    OS << "  int differs = frames && *frames >= 0 ? *frames : 0;\n"
       << "  if (!frames || *frames < 0) {\n"
       << "    int *differ = nullptr;\n"
       << "    STENCILCC_CHECK(cudaMalloc((void **)&differ, sizeof(int)));\n"
       << "    STENCILCC_CHECK(cudaMemcpy(differ, &differs, sizeof(int), "
          "cudaMemcpyHostToDevice));\n"
       << "    STENCILCC_LAUNCH(" << K.Prefix
       << "_frames_differ, dim3(1, (unsigned)(extent[0] < 65535 ? extent[0] "
          ": 65535)), dim3(64), 0)(buffers[0], buffers[1]"
       << Dims << Bounds << ", differ);\n"
       << "    STENCILCC_CHECK(cudaGetLastError());\n"
       << "    STENCILCC_CHECK(cudaMemcpy(&differs, differ, sizeof(int), "
          "cudaMemcpyDeviceToHost));\n"
       << "    STENCILCC_CHECK(cudaFree(differ));\n"
       << "    if (frames)\n      *frames = differs;\n"
       << "  }\n"
       << "  const bool same_frame = differs == 0;\n"
       << "  const bool vector = extent[1] % " << Cells
       << " == 0 && reinterpret_cast<unsigned long long>(device) % "
       << Cells * elementTypeSize(Plan.Element) << " == 0;\n";
  }
  const bool Parts = kernelsTakeSegmentParts(K, false);
  const std::string PartArgs = Parts ? ", part, part_top, part_bottom" : "";
  if (K.SegmentParts)
    OS << "  cudaStream_t stream = 0; // --mpi: the split launch's first part runs on split->Stream\n";
  if (Parts)
    OS << "  // --mpi: a launch runs all its rows, or (part) the stream "
          "segments of\n"
       << "  // rows [part_top, part_bottom) alone "
          "(KernelContext::SegmentParts).\n"
       << "  int part = 0, part_top = 0, part_bottom = 0;\n";
  OS << "  auto launch = [&](int degree) {\n    switch (degree) {\n";
  for (unsigned D : Degrees) {
    std::string Kernel = K.Prefix + "_bt" + std::to_string(D);
    if (Shuffle && D < BT) {
      // A tail launch (a few a run): the general instance only, which
      // keeps nvcc's time to one instance per tail degree.
      OS << "    case " << D << ":\n      "
         << Launch("(" + Kernel + "<false, false>)", "0")
         << "(buffers[cur], buffers[cur ^ 1], device, t"
         << Dims << Bounds << PartArgs << Scalars << ");\n      break;\n";
      continue;
    }
    if (Shuffle) {
      OS << "    case " << D << ": {\n"
         << "      const auto kernel = vector ? (same_frame ? " << Kernel
         << "<true, true> : " << Kernel << "<true, false>)\n"
         << "                                 : (same_frame ? " << Kernel
         << "<false, true> : " << Kernel << "<false, false>);\n"
         << "      " << Launch("kernel", "0")
         << "(buffers[cur], buffers[cur ^ 1], device, t"
         << Dims << Bounds << PartArgs << Scalars << ");\n      break;\n    }\n";
      continue;
    }
    std::string Launched =
        D == BT && Plan.NarrowOffsets
            ? "(narrow ? " + Instance(D, true) + " : " + Instance(D, false) +
                  ")"
            : Instance(D, false);
    OS << "    case " << D << ":\n      "
       << Launch(Launched, std::to_string(blockedKernelSharedBytes(Plan, D)))
       << "(buffers[cur], buffers[cur ^ 1], device, t" << Dims << Bounds
       << PartArgs << Scalars << ");\n      break;\n";
  }
  OS << "    }\n    STENCILCC_CHECK(cudaGetLastError());\n"
     << "    t += degree;\n    cur ^= 1;\n  };\n";
  OS << "  // Launches of " << BT
     << " steps and a tail "
        "(stencilcc_issue_launches), then\n"
     << "  // (both_levels) the last step alone, so that the other buffer "
        "holds the step\n"
     << "  // before. The buffers flip once per launch; the launch count "
        "takes the\n"
     << "  // parity that leaves the result where the C loop leaves it.\n";
  // --mpi: each launch waits in `pending` until the next is known, so
  // that the last can be split for the exchange.
  const std::string Issue = K.SegmentParts ? "issue" : "launch";
  if (K.SegmentParts)
    OS << "  int pending = 0;\n"
       << "  auto issue = [&](int degree) {\n"
       << "    if (pending)\n      launch(pending);\n    pending = degree;\n  };\n";
  OS << "  const long left = steps - (both_levels ? 1 : 0);\n";
  if (K.SegmentParts)
    // The runtime tracks the level (`level`) and swaps the last two steps
    // where a run cannot land on the C loop's parity.
    OS << "  const int parity = (!level || both_levels) && left >= 2\n"
       << "                         ? (int)((cur ^ (t_begin + " << Shift
       << " + left)) & 1)\n"
       << "                         : -1;\n";
  else
    OS << "  const int parity = (int)(left & 1);\n";
  OS << "  stencilcc_issue_launches(left, " << BT << ", parity, " << Issue
     << ");\n";
  OS << "  if (both_levels)\n    " << Issue << "(1);\n";
  if (K.SegmentParts) {
    OS << "  if (!split) {\n    launch(pending);\n  } else {\n";
    if (Parts)
      OS << "    // The last launch in parts (stencilcc_mpi_launch_parts): "
            "each\n"
         << "    // the stream segments of its rows alone.\n"
         << "    auto rows = [&](long from, long to, cudaStream_t on) {\n"
         << "      part = 1;\n"
         << "      part_top = stencilcc_mpi_row(from);\n"
         << "      part_bottom = stencilcc_mpi_row(to);\n"
         << "      stream = on;\n      launch(pending);\n"
         << "      t -= pending;\n      cur ^= 1;\n    };\n"
         << "    stencilcc_mpi_launch_parts(*split, lower[0], upper[0], cur ^ "
            "1, rows);\n"
         << "    t += pending;\n    cur ^= 1;\n";
    else
      OS << "    // One segment (or 1D): the launch whole, then the exchange.\n"
         << "    launch(pending);\n"
         << "    if (split->Between) {\n"
         << "      split->Follow(split->Context);\n"
         << "      split->Between(split->Context, cur);\n    }\n";
    OS << "  }\n  if (level)\n    *level = cur;\n";
  }
  OS << "}\n";
  return OS.str();
}

/// Seconds per cell update as a C++ literal.
static std::string formatCellSeconds(double Seconds) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%.6g", Seconds);
  return Text;
}

std::string hostRegion(const KernelContext &K, unsigned Index, bool Naive,
                       HostPlacement Where, bool Mpi, bool MpiLocal,
                       double CellSeconds,
                       const std::string &AfterRegion = "") {
  const StencilProgram &P = K.Program;
  unsigned N = P.numSpatialDims();
  const bool InFunction = Where == HostPlacement::InFunction;
  std::vector<std::string> Extents, Lowers, Uppers;
  for (unsigned D = 0; D < N; ++D) {
    Extents.push_back("(long)(" +
                      (InFunction ? P.Array.ExtentSpellings[D]
                                  : P.Array.Extents[D].str()) +
                      ")");
    Lowers.push_back("(long)(" + P.SpatialLoops[D].Lower.str() + ")");
    Uppers.push_back("(long)(" + P.SpatialLoops[D].Upper.str() + ")");
  }
  std::string Buffer;
  for (unsigned D = 0; D < N; ++D)
    Buffer += (D ? " * " : "") + std::string("stencilcc_extent[") +
              std::to_string(D) + "]";
  std::string Scalars;
  for (const auto &[Name, T] : P.rhsScalars())
    Scalars += ", " + Name;
  // Loop variables declared before the region keep the values the C loops
  // leave in them.
  std::string LoopVars;
  // `(void)&v;` marks each as used: code after the region may never read it.
  if (InFunction && P.TimeLoop.VarDeclaredOutside)
    LoopVars += "    " + P.TimeLoop.Var +
                " = stencilcc_steps > 0 ? stencilcc_t_end : stencilcc_t_begin;\n"
                "    (void)&" + P.TimeLoop.Var + ";\n";
  // In the source nest's order: an inner loop's variable is set only
  // where the loops around it ran.
  std::string Ran = "stencilcc_steps > 0";
  for (const Loop *L : inNestOrder(P.SpatialLoops)) {
    unsigned D = unsigned(L - P.SpatialLoops.data());
    std::string Lo = "stencilcc_lower[" + std::to_string(D) + "]";
    std::string Hi = "stencilcc_upper[" + std::to_string(D) + "]";
    if (InFunction && P.SpatialLoops[D].VarDeclaredOutside)
      LoopVars += "    if (" + Ran + ") " + P.SpatialLoops[D].Var + " = " +
                  Hi + " > " + Lo + " ? " + Hi + " : " + Lo + ";\n" +
                  "    (void)&" + P.SpatialLoops[D].Var + ";\n";
    Ran += " && " + Hi + " > " + Lo;
  }
  LoopVars += AfterRegion;
  // Sizes for which the C loop itself would leave the array (the analysis
  // warned): stop with a message rather than run the kernels out of bounds.
  std::string Bounds;
  if (K.Analysis.BoundsAssumed) {
    std::string Outside;
    for (unsigned D = 0; D < N; ++D) {
      std::string Dim = std::to_string(D);
      Outside += std::string(D ? " || " : "") + "stencilcc_lower[" + Dim +
                 "] - " + std::to_string(K.Analysis.Radius[D].Negative) +
                 " < 0 || stencilcc_upper[" + Dim + "] - 1 + " +
                 std::to_string(K.Analysis.Radius[D].Positive) +
                 " >= stencilcc_extent[" + Dim + "]";
    }
    Bounds = "    if (" + Ran + " && (" + Outside + ")) {\n" +
             "      fputs(\"stencilcc: region " +
             std::to_string(Index) + " (line " +
             std::to_string(P.ScopLoc.Line) +
             "): with these sizes the C loop accesses '" + P.Array.Name +
             "' outside its extents; it needs " + K.Analysis.BoundsAssumption +
             "\\n\", stderr);\n      abort();\n    }\n";
  }
  bool PingPong = !P.LevelArrays.empty();
  // --mpi: the steps between exchanges are a multiple of one launch's
  // (bT, or one step for the naive kernel), chosen at run time
  // (Planner/ExchangeModel.h) from the model's time per cell update.
  const unsigned LaunchSteps = Naive ? 1 : std::max(1u, K.Plan.TemporalDegree);
  const std::string Pointer = "(" + std::string(elementTypeName(K.Plan.Element)) + " *)(";
  const std::string MpiLevels =
      PingPong ? Pointer + P.LevelArrays[0] + "), " + Pointer + P.LevelArrays[1] + ")"
               : Pointer + P.Array.Name + "), " + Pointer + P.Array.Name + ") + " + Buffer;
  return fill(
      Mpi        ? HostRegionMpiTemplate
      : PingPong ? HostRegionPingPongTemplate
                 : HostRegionTemplate,
      {{"INDEX", std::to_string(Index)},
       {"LEVELS",
        PingPong ? P.LevelArrays[0] + " and " + P.LevelArrays[1] : ""},
       {"LEVEL0", PingPong ? P.LevelArrays[0] : ""},
       {"LEVEL1", PingPong ? P.LevelArrays[1] : ""},
       {"PLAN", Naive ? std::string("naive, one kernel per time step")
                      : K.Plan.summary()},
       {"NDIMS", std::to_string(N)},
       {"EXTENTS", joinComma(Extents)},
       {"LOWERS", joinComma(Lowers)},
       {"UPPERS", joinComma(Uppers)},
       {"TLOWER", P.TimeLoop.Lower.str()},
       {"TUPPER", P.TimeLoop.Upper.str()},
       {"BUFFER", Buffer},
       {"BOUNDS", Bounds},
       {"ELEM", elementTypeName(K.Plan.Element)},
       {"ARRAY", P.Array.Name},
       {"RUN", K.Prefix + "_run"},
       {"SCALARS", Scalars},
       {"LAUNCH_STEPS", std::to_string(LaunchSteps)},
       {"MPI_REGION",
        MpiLocal ? "stencilcc_mpi_region_local" : "stencilcc_mpi_region"},
       {"MPI_MODE", MpiLocal ? "each its own part of the grid "
                               "(--mpi-local)"
                             : "a slab each (--mpi)"},
       {"CELL_SECONDS", formatCellSeconds(CellSeconds)},
       {"SHRINKING",
        launchesRunPartOfTheirRows(K.Plan, Naive) ? "true" : "false"},
       // A ping-pong's levels are its two arrays, and one C step is
       // two sweeps (the ping-pong template's run call).
       {"PINGPONG",
        PingPong ? "    /* A ping-pong of " + P.LevelArrays[0] + " and " +
                       P.LevelArrays[1] +
                       ": one C time step is two sweeps of one update. */\n"
                 : ""},
       // A ping-pong's step is two sweeps, a pointer swap's one.
       {"PINGPONG_NOTE",
        P.LevelsRotated
            ? "Pointers " +
                  (PingPong ? P.LevelArrays[0] + " and " + P.LevelArrays[1]
                            : std::string()) +
                  " swapped after each C time step: a step is one sweep of one "
                  "update"
            : "A ping-pong of " +
                  (PingPong ? P.LevelArrays[0] + " and " + P.LevelArrays[1]
                            : std::string()) +
                  ": one C time step is two sweeps of one update"},
       {"SWEEPS", P.LevelsRotated ? "stencilcc_steps" : "2 * stencilcc_steps"},
       {"LEVEL_POINTERS", MpiLevels},
       {"TIME_ARGS", PingPong ? "0, 2 * stencilcc_steps"
                              : "stencilcc_t_begin, stencilcc_steps"},
       {"REACH_BELOW", std::to_string(K.Analysis.Radius[0].Negative)},
       {"REACH_ABOVE", std::to_string(K.Analysis.Radius[0].Positive)},
       // As the run function's `cur` (runFunction above).
       {"READ_SHIFT", std::to_string((P.WriteShift + 1) % 2)},
       {"LOOPVARS", LoopVars}});
}

std::string regionKernels(const KernelContext &K, unsigned Index, bool Naive,
                          const std::string &NaiveBecause,
                          const std::string &PlanOrigin) {
  const StencilProgram &P = K.Program;
  const StencilAnalysis &A = K.Analysis;
  std::string S = fill(
      RegionBannerTemplate,
      {{"INDEX", std::to_string(Index)},
       {"FUNCTION", P.FunctionName},
       {"LINE", std::to_string(P.ScopLoc.Line)},
       {"STATEMENT", oneLine(P.StatementText)},
       {"DIMS", std::to_string(A.NumDims)},
       {"SHAPE", stencilShapeName(A.Shape)},
       {"RADIUS", radiusText(A)},
       {"FLOPS", std::to_string(A.Flops.total())},
       {"ELEM", elementTypeName(A.Element)},
       {"PLAN", (!Naive ? K.Plan.summary()
                 : NaiveBecause.empty()
                     ? std::string(naivePlanSummary())
                     : std::string(naivePlanSummary()) + "; " + NaiveBecause) +
                    (PlanOrigin.empty() ? "" : "\n// plan from " + PlanOrigin)}});
  // Partial sums for --opt=assoc and --stream-sums (whose plans are assoc).
  // A naive kernel of thousands of terms reads them through a table and
  // needs no update function.
  std::string TermTable = Naive ? emitTermTableNaiveKernel(K) : "";
  std::optional<PartialSumForm> Sums;
  if (!Naive && K.Plan.Variant == OptimizationVariant::Assoc) {
    Sums = partialSumForm(K);
    S += emitPartialSumFunctions(K, *Sums) + "\n";
  } else if (TermTable.empty()) {
    S += emitUpdateFunction(K) + "\n";
  }
  if (!TermTable.empty()) {
    S += TermTable + "\n";
  } else if (Naive) {
    S += emitNaiveKernel(K) + "\n";
  } else if (K.Plan.StreamSumRows) {
    S += emitStreamSumsKernel(K, *Sums) + "\n";
  } else if (K.Plan.Exchange == ExchangeScheme::Shuffle) {
    S += emitFrameCheckKernel(K) + "\n";
    for (unsigned D : launchDegrees(K.Plan.TemporalDegree))
      S += emitWarpShuffleKernel(K, D) + "\n";
  } else {
    std::string Carried = emitCarriedUpdateFunction(K);
    if (!Carried.empty())
      S += Carried + "\n";
    for (unsigned D : launchDegrees(K.Plan.TemporalDegree))
      S += emitBlockedKernel(K, D) + "\n";
  }
  S += runFunction(K, Naive) + "\n";
  return S;
}

/// A parameter with run-time extents becomes a pointer, cast back on entry.
struct VLAParameterRewrite {
  std::string Parameter; ///< replaces the parameter declaration
  std::string Entry;     ///< inserted after the body's `{`
};

VLAParameterRewrite rewriteVLAParameter(const StencilProgram &P) {
  const StencilArray &A = P.Array;
  std::string Elem = elementTypeName(A.Element);
  std::string Dims;
  for (const std::string &E : A.ExtentSpellings)
    Dims += "[" + E + "]";
  std::string Raw = "stencilcc_" + A.Name + "_data";
  return {Elem + " *" + Raw,
          "\n  " + Elem + " (*" + A.Name + ")" + Dims + " = (" + Elem +
              " (*)" + Dims + ")" + Raw +
              "; /* stencilcc: CUDA C++ has no run-time extents in "
              "parameters */"};
}

/// Names of region \p Index's kernels and run function start with this.
std::string regionPrefix(const StencilProgram &P, unsigned Index) {
  return "stencilcc_" + P.FunctionName + "_r" + std::to_string(Index);
}

} // namespace

std::string emitRegionHostCode(const RegionToEmit &R, unsigned Index,
                               HostPlacement Where) {
  if (R.SingleUpdate) {
    KernelContext K{*R.SingleUpdate, *R.Analysis, R.Plan,
                    regionPrefix(*R.Program, Index), R.Mpi};
    // Pointers the source's step rotates point where it leaves them.
    std::string After =
        R.SingleUpdate->LevelsRotated && Where == HostPlacement::InFunction
            ? stage::rotatedPointers(*R.Program, /*InC=*/false)
            : "";
    return hostRegion(K, Index, R.Naive, Where, R.Mpi, R.MpiLocal,
                      R.MpiCellSeconds, After);
  }
  if (R.Program->isStageForm())
    return emitStageHostCode(*R.Program, regionPrefix(*R.Program, Index),
                             Index, Where,
                             R.StageBlocking ? &*R.StageBlocking : nullptr);
  KernelContext K{*R.Program, *R.Analysis, R.Plan,
                  regionPrefix(*R.Program, Index), R.Mpi};
  return hostRegion(K, Index, R.Naive, Where, R.Mpi, R.MpiLocal,
                    R.MpiCellSeconds);
}

std::string emitRegionKernels(const RegionToEmit &R, unsigned Index) {
  const StencilProgram &P = *R.Program;
  std::string Prefix = regionPrefix(P, Index);
  // A ping-pong in its single-update form runs those kernels.
  if (R.SingleUpdate)
    return regionKernels({*R.SingleUpdate, *R.Analysis, R.Plan, Prefix, R.Mpi}, Index,
                         R.Naive, R.NaiveBecause, R.PlanOrigin);
  // The stage form's own kernels, blocked (StageBlockedEmitter.h) or one
  // per statement and step (StageEmitter.h).
  if (P.isStageForm())
    return R.StageBlocking
               ? emitStageBlockedKernels(P, *R.StageBlocking, Prefix, Index,
                                         R.PlanOrigin)
               : emitStageKernels(P, Prefix, Index, R.NaiveBecause);
  return regionKernels({P, *R.Analysis, R.Plan, Prefix, R.Mpi}, Index, R.Naive,
                       R.NaiveBecause, R.PlanOrigin);
}

/// An ExchangeLink as the runtime's stencilcc_mpi_link initializer.
static std::string linkInitializer(const ExchangeLink &L) {
  char Text[128];
  std::snprintf(Text, sizeof Text, "\"%s\", %.9g, %.9g, %u, %.9g", L.Name,
                L.LatencySeconds, L.BytesPerSecond, L.SerialSides,
                L.SplitSeconds);
  return Text;
}

std::string emitCudaPrelude(const std::vector<RegionToEmit> &Regions) {
  bool ConstantDivision = false, FloatSquareRoot = false, AsyncCopy = false,
       WarpShuffle = false, PredicatedStore = false, Segments = false,
       Mpi = false;
  for (const RegionToEmit &R : Regions) {
    Mpi |= R.Mpi;
    const StencilProgram &U = R.SingleUpdate ? *R.SingleUpdate : *R.Program;
    if (U.isStageForm()) {
      Segments |= !R.Naive; // its blocked kernels' stream segments
      continue; // and none of the other helpers
    }
    ExprPtr Update = U.Rhs->clone();
    ConstantDivision |= lowerConstantDivisions(*Update, R.Plan.FastMath);
    FloatSquareRoot |= lowerFloatSquareRoots(*Update);
    AsyncCopy |= !R.Naive && R.Plan.AsyncDepth;
    WarpShuffle |= !R.Naive && R.Plan.Exchange == ExchangeScheme::Shuffle;
    PredicatedStore |= !R.Naive && R.Plan.PredicatedStore;
    Segments |= !R.Naive && R.Plan.StreamLength;
  }
  std::string FileName =
      Regions.empty() ? "" : displayPath(Regions.back().Program->FileName);
  // The launch-degree rule, which the self-check's step counts also use.
  return fill(PreludeTemplate,
              {{"VERSION", STENCILCC_VERSION}, {"INPUT", FileName}}) +
         LaunchDegreesTemplate +
         (ConstantDivision ? ConstantDivisionTemplate : "") +
         (FloatSquareRoot ? FloatSquareRootTemplate : "") +
         (AsyncCopy ? AsyncCopyTemplate : "") +
         (PredicatedStore ? PredicatedStoreTemplate : "") +
         (WarpShuffle ? WarpShuffleTemplate : "") +
         (Segments ? StreamSegmentsTemplate : "") +
         (Segments && Mpi ? MpiSegmentsTemplate : "") +
         (Mpi ? fill(MpiRuntimeTemplate,
                     {{"NCCL_LINK", linkInitializer(ncclLink())},
                      {"HOST_STAGED_LINK", linkInitializer(hostStagedLink())},
                      {"EXCHANGE_DEPTH", ExchangeDepthTemplate}})
              : "");
}

std::string emitCudaTranslationUnit(const std::string &Source,
                                    const std::vector<RegionToEmit> &Regions,
                                    const std::vector<SourceEdit> &CxxEdits) {
  // Edits at byte offsets, applied back to front. Insertions at one offset
  // keep the order they were made in.
  struct Edit {
    unsigned Begin, End;
    std::string Text;
    unsigned Order;
  };
  std::vector<Edit> Edits;
  std::set<unsigned> RewrittenParams;
  unsigned Order = 0;
  for (size_t I = 0; I < Regions.size(); ++I) {
    const RegionToEmit &R = Regions[I];
    const StencilProgram &P = *R.Program;
    unsigned FB = P.FunctionBegin;
    while (FB > 0 && Source[FB - 1] != '\n')
      --FB;
    Edits.push_back({FB, FB, emitRegionKernels(R, I), Order++});
    Edits.push_back(
        {P.Region.Begin, P.Region.End, emitRegionHostCode(R, I), Order++});
    if (P.isStageForm()) {
      for (const StageVLARewrite &V : stageVLAParameterRewrites(P, Source))
        if (RewrittenParams.insert(V.Span.Begin).second) {
          Edits.push_back({V.Span.Begin, V.Span.End, V.Parameter, Order++});
          Edits.push_back({P.BodyBegin, P.BodyBegin, V.Entry, Order++});
        }
      continue;
    }
    if (P.Array.VLAParameter &&
        RewrittenParams.insert(P.Array.VLAParameter->Begin).second) {
      VLAParameterRewrite V = rewriteVLAParameter(P);
      Edits.push_back({P.Array.VLAParameter->Begin, P.Array.VLAParameter->End,
                       V.Parameter, Order++});
      Edits.push_back({P.BodyBegin, P.BodyBegin, V.Entry, Order++});
    }
  }
  // The C-to-C++ edits where no region's edit replaces their text (a
  // region, a rewritten parameter list).
  std::vector<Edit> Cxx;
  for (const SourceEdit &C : CxxEdits) {
    bool Clear = C.End <= Source.size();
    for (const Edit &E : Edits)
      Clear &= E.Begin == E.End || C.End <= E.Begin || C.Begin >= E.End;
    if (Clear)
      Cxx.push_back({C.Begin, C.End, C.Text, Order++});
  }
  Edits.insert(Edits.end(), Cxx.begin(), Cxx.end());
  std::stable_sort(Edits.begin(), Edits.end(),
                   [](const Edit &A, const Edit &B) {
                     if (A.Begin != B.Begin)
                       return A.Begin > B.Begin;
                     return A.Order > B.Order;
                   });
  std::string Out = Source;
  for (const Edit &E : Edits)
    Out.replace(E.Begin, E.End - E.Begin, E.Text);
  return emitCudaPrelude(Regions) + Out;
}

} // namespace stencilcc
