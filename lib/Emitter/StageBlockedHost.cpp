//===- Emitter/StageBlockedHost.cpp - Launches of the blocked kernel ------===//
//
// The run function of a blocked stage-form region. It has the naive run
// function's signature (StageEmitter.h), so the host code around it is the
// same. Each state array gets a second device copy; a launch reads every
// buffer from the copy holding its latest value and writes the buffers it
// stores into the other. Which copy is current is tracked per physical
// buffer (per level of an array with levels: a launch starting at step t0
// sees relative level r as level (t0 + r) % k), so a buffer a launch does
// not store stays where it is, and the host needs no copies between
// launches. Full launches run StagePlan::Steps steps, then a tail of fewer
// (when the step count does not divide) as launches of the tail degrees
// (LaunchDegrees.h); the last launch and the tail's store every buffer
// they write; at the end every buffer whose latest value is in the second
// copy is copied back.
//
//===----------------------------------------------------------------------===//
#include "StageBlocked.h"

#include "stencilcc/Emitter/LaunchDegrees.h"

#include <sstream>

namespace stencilcc {
namespace stage {

namespace {

std::string joined(const std::vector<std::string> &V) {
  return stage::joined(V, ", ");
}


/// Levels of state array \p A (1 without levels).
int64_t levels(const StencilArray &A) { return A.Levels > 0 ? A.Levels : 1; }

class RunWriter {
public:
  RunWriter(const StencilProgram &P, const StagePlan &Plan,
            const std::string &Prefix)
      : P(P), Plan(Plan), Prefix(Prefix), N(P) {}

  std::string write() {
    OS << "// Runs the region's time loop on the device buffers with the "
          "blocked kernel:\n// launches of "
       << Plan.Steps << (Plan.Steps == 1 ? " step" : " steps")
       << ", then the remainder.\n";
    OS << "static void " << runName(Prefix) << "(" << joined(runParams(P))
       << ")\n{\n  if (steps <= 0)\n    return;\n";
    grid();
    copies();
    geometry();
    launcher();
    sequence();
    results();
    OS << "}\n";
    return OS.str();
  }

private:
  const StencilProgram &P;
  const StagePlan &Plan;
  std::string Prefix;
  BlockedNames N;
  std::ostringstream OS;

  /// The kernel of \p Steps steps; a tail's (Steps < Plan.Steps, a few
  /// launches a run) always with 64-bit cell indices, one instance fewer
  /// for nvcc.
  std::string instance(unsigned Steps, bool Final) const {
    return blockedKernelName(Prefix) + "<" + num(Steps) + ", " +
           (Final ? "true" : "false") + ", " +
           (Steps < Plan.Steps ? std::string("long") : N("Offset")) + ">";
  }
  /// The tail's launch degrees (LaunchDegrees.h).
  std::vector<unsigned> tailDegrees() const {
    std::vector<unsigned> D = launchDegrees(Plan.Steps);
    D.pop_back();
    return D;
  }
  std::string copiesOf(const StencilArray &A) const {
    return N(A.Name + "_copies");
  }
  std::string currentOf(const StencilArray &A) const {
    return N(A.Name + "_current");
  }

  void grid() {
    OS << "  // The grid: the state arrays' extents.\n";
    std::string Cells;
    for (unsigned D = 0; D < Plan.NumDims; ++D) {
      std::string E = N("extent" + num(D));
      OS << "  const long " << E << " = (long)(" << gridExtentText(P, D)
         << ");\n";
      Cells += (Cells.empty() ? "" : " * ") + E;
    }
    OS << "  const long " << N("cells") << " = " << Cells << ";\n";
    OS << "  if (" << N("cells") << " <= 0)\n    return;\n";
  }

  void copies() {
    OS << "  // A second copy of every state array: a launch reads each "
          "buffer's current\n  // copy and writes the buffers it stores into "
          "the other one.\n";
    for (const StencilArray &A : P.Arrays) {
      if (A.Role != ArrayRole::State)
        continue;
      std::string T = elementTypeName(A.Element), Alt = N(A.Name + "_alt");
      std::string Bytes = "(size_t)" + N("cells") + " * " +
                          num(levels(A)) + " * sizeof(" + T + ")";
      OS << "  " << T << " *" << Alt << " = 0;\n"
         << "  STENCILCC_CHECK(cudaMalloc((void **)&" << Alt << ", " << Bytes
         << "));\n"
         << "  STENCILCC_CHECK(cudaMemcpy(" << Alt << ", d_" << A.Name << ", "
         << Bytes << ", cudaMemcpyDeviceToDevice));\n"
         << "  " << T << " *const " << copiesOf(A) << "[2] = {d_" << A.Name
         << ", " << Alt << "};\n"
         << "  int " << currentOf(A) << "[" << levels(A)
         << "] = {}; // per level: the copy holding its latest value\n";
    }
  }

  void geometry() {
    static const char *Axis[3] = {"x", "y", "z"};
    unsigned Rank = Plan.NumDims;
    std::vector<std::string> Grid;
    OS << "  // One block per owned tile";
    OS << (Plan.streams() ? " and stream block along dimension 0.\n" : ".\n");
    for (unsigned C = 0; C < Rank; ++C) {
      // Grid axis C: the cross dimensions fastest first, then the stream.
      unsigned D = Plan.streams() && C == Rank - 1 ? 0 : Rank - 1 - C;
      std::string B = N("blocks_" + std::string(Axis[C]));
      OS << "  const long " << B << " = (" << N("extent" + num(D)) << " + "
         << Plan.Tile[D] - 1 << ") / " << Plan.Tile[D] << ";\n";
      Grid.push_back("(unsigned)" + B);
      if (C)
        OS << "  if (" << B << " > 65535) {\n    fprintf(stderr, \"stencilcc: "
           << "the blocked kernel's grid exceeds the device limit along "
           << Axis[C] << "\\n\");\n    abort();\n  }\n";
    }
    std::vector<std::string> Block;
    for (unsigned T : Plan.Threads)
      Block.push_back(num(T));
    OS << "  const dim3 " << N("block") << "(" << joined(Block) << ");\n";
    OS << "  const dim3 " << N("grid") << "(" << joined(Grid) << ");\n";
  }

  /// Inside the launches' lambda: the instances of one offset type.
  void sharedMemoryConsent() {
    if (Plan.SharedBytes <= 48 * 1024)
      return;
    OS << "    // Over 48 KB of dynamic shared memory needs the kernels' "
          "consent.\n";
    for (unsigned M : launchDegrees(Plan.Steps))
      for (bool F : {true, false})
        if (F || M == Plan.Steps)
          OS << "    STENCILCC_CHECK(cudaFuncSetAttribute(" << instance(M, F)
             << ", cudaFuncAttributeMaxDynamicSharedMemorySize, "
             << Plan.SharedBytes << "));\n";
  }

  /// The launch of one instance from step t0: each buffer's physical
  /// level, its current copy in and the other out; then the stored
  /// buffers' current copies flip.
  void launcher() {
    std::string T0 = N("t0"), Stores = N("stores");
    OS << "  auto " << N("launch") << " = [&](auto kernel, const long " << T0
       << ", const bool *" << Stores << ") {\n";
    for (unsigned B = 0; B < Plan.Buffers.size(); ++B) {
      const StencilArray &A = P.Arrays[Plan.Buffers[B].ArrayId];
      std::string Tag = bufferTag(P, Plan, B), Lv = N("level_" + Tag);
      std::string T = elementTypeName(A.Element);
      int64_t L = levels(A);
      OS << "    const long " << Lv << " = ";
      if (A.Levels > 0)
        OS << "((" << T0 << " + " << Plan.Buffers[B].Level << ") % " << L
           << " + " << L << ") % " << L << ";\n";
      else
        OS << "0;\n";
      std::string Cur = currentOf(A) + "[" + Lv + "]";
      OS << "    " << T << " *const " << N("in_" + Tag) << " = "
         << copiesOf(A) << "[" << Cur << "] + " << Lv << " * " << N("cells")
         << ";\n";
      OS << "    " << T << " *const " << N("out_" + Tag) << " = "
         << copiesOf(A) << "[" << Cur << " ^ 1] + " << Lv << " * "
         << N("cells") << ";\n";
    }
    OS << "    STENCILCC_LAUNCH(kernel, " << N("grid") << ", " << N("block")
       << ", " << Plan.SharedBytes << ")("
       << joined(blockedKernelArgs(P, Plan, N)) << ");\n";
    OS << "    STENCILCC_CHECK(cudaGetLastError());\n";
    for (unsigned B = 0; B < Plan.Buffers.size(); ++B) {
      const StencilArray &A = P.Arrays[Plan.Buffers[B].ArrayId];
      std::string Tag = bufferTag(P, Plan, B);
      OS << "    if (" << Stores << "[" << B << "])\n      " << currentOf(A)
         << "[" << N("level_" + Tag) << "] ^= 1;\n";
    }
    OS << "  };\n";
  }

  /// Per buffer, whether an instance stores it, as an initializer.
  std::string storeTable(unsigned Steps, bool Final) const {
    std::vector<bool> Sweeps = stageSweepStores(Plan, Steps, Final);
    std::vector<std::string> B(Plan.Buffers.size(), "false");
    for (unsigned K = 0; K < Sweeps.size(); ++K)
      if (Sweeps[K])
        B[Plan.SweepPlans[K].Buffer] = "true";
    return "{" + joined(B) + "}";
  }

  void sequence() {
    unsigned S = Plan.Steps;
    std::string Launch = N("launch"), Full = N("full"), Rest = N("rest");
    OS << "  // Which buffers each instance stores (their latest versions).\n";
    OS << "  static const bool " << N("stores_full") << "[] = "
       << storeTable(S, false) << ";\n";
    for (unsigned M : launchDegrees(S))
      OS << "  static const bool " << N("stores_last" + num(M)) << "[] = "
         << storeTable(M, true) << ";\n";
    OS << "  const long " << Full << " = steps / " << S << ", " << Rest
       << " = steps % " << S << ";\n";
    // Cell indices in 32 bits where every array's cells fit: a load's
    // address then costs one multiply-add instead of a 64-bit product and
    // add. Tests force the 64-bit instance (the prelude's
    // STENCILCC_WIDE_OFFSETS, the self-check's --wide-offsets).
    OS << "  // The launches, with cell indices of type Offset.\n";
    OS << "  auto " << N("launches") << " = [&](auto " << N("offset_type")
       << ") {\n"
       << "    using " << N("Offset") << " = decltype(" << N("offset_type")
       << ");\n";
    sharedMemoryConsent();
    OS << "    long " << N("t") << " = t_begin;\n";
    OS << "    for (long " << N("l") << " = 0; " << N("l") << " < " << Full
       << "; ++" << N("l") << ", " << N("t") << " += " << S << ") {\n"
       << "      if (" << N("l") << " + 1 < " << Full << " || " << Rest
       << ")\n        " << Launch << "(" << instance(S, false) << ", "
       << N("t") << ", " << N("stores_full") << ");\n      else\n        "
       << Launch << "(" << instance(S, true) << ", " << N("t") << ", "
       << N("stores_last" + num(S)) << ");\n    }\n";
    if (S > 1) {
      // The tail as the largest tail degrees that fit
      // (stencilcc_issue_launches; no parity: each buffer's copy is
      // tracked), each storing every buffer it writes.
      std::string D = N("degree");
      OS << "    stencilcc_issue_launches(" << Rest << ", " << S
         << ", -1, [&](int " << D << ") {\n"
         << "      switch (" << D << ") {\n";
      for (unsigned M : tailDegrees())
        OS << "      case " << M << ":\n        " << Launch << "("
           << instance(M, true) << ", " << N("t") << ", "
           << N("stores_last" + num(M)) << ");\n        break;\n";
      OS << "      }\n      " << N("t") << " += " << D << ";\n    });\n";
    }
    OS << "  };\n";
    OS << "  if (!STENCILCC_WIDE_OFFSETS_FORCED && " << N("cells")
       << " <= 2147483647L)\n    " << N("launches") << "(int());\n"
       << "  else\n    " << N("launches") << "(long());\n";
  }

  void results() {
    OS << "  // Every buffer whose latest value is in the second copy goes "
          "back.\n";
    for (const StencilArray &A : P.Arrays) {
      if (A.Role != ArrayRole::State)
        continue;
      std::string T = elementTypeName(A.Element), L = N("level");
      OS << "  for (int " << L << " = 0; " << L << " < " << levels(A) << "; ++"
         << L << ")\n    if (" << currentOf(A) << "[" << L << "])\n"
         << "      STENCILCC_CHECK(cudaMemcpy(d_" << A.Name << " + " << L
         << " * " << N("cells") << ", " << copiesOf(A) << "[1] + " << L
         << " * " << N("cells") << ", (size_t)" << N("cells") << " * sizeof("
         << T << "), cudaMemcpyDeviceToDevice));\n";
      OS << "  STENCILCC_CHECK(cudaFree(" << copiesOf(A) << "[1]));\n";
    }
  }
};

} // namespace

std::string blockedRunFunction(const StencilProgram &P, const StagePlan &Plan,
                               const std::string &Prefix) {
  return RunWriter(P, Plan, Prefix).write();
}

} // namespace stage
} // namespace stencilcc
